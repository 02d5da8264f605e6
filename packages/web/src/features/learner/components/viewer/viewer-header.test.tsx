import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { STICKY_HEADER_HEIGHT } from '../../../../components/sticky-header.tsx';
import { activateLanguage } from '../../../../i18n/i18n.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { fakeResizeObserver } from '../../../../test/resize-observer.ts';
import { ViewerHeader } from './viewer-header.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('ViewerHeader', () => {
  for (const [language, menu] of [
    ['en', 'Course menu'],
    ['ar', 'قائمة الدورة'],
  ] as const)
    it(`${language}: Escape closes the panel the dots button opened and gives the focus back to the button`, async () => {
      renderApp(
        <ViewerHeader
          title={{ text: 'Open data', lang: 'en' }}
          progress={40}
          contentOpen
          onToggleContent={() => {}}
        />,
      );
      await act(() => activateLanguage(language));
      const button = screen.getByRole('button', { name: menu });
      const panel = screen.getByTestId('viewer-header-panel');
      fireEvent.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(panel).not.toHaveClass('hidden');

      const inside = panel.querySelector('button')!;
      inside.focus();
      fireEvent.keyDown(inside, { key: 'Escape' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(panel).toHaveClass('hidden');
      expect(button).toHaveFocus();
    });

  it('closes the panel when a pick closes the content list, not when its own button does', () => {
    function Viewer() {
      const [contentOpen, setContentOpen] = useState(true);
      return (
        <>
          {/* What the viewer does as a lesson is picked, or its content button is pressed. */}
          <button type="button" onClick={() => setContentOpen((open) => !open)}>
            Toggle the list
          </button>
          <ViewerHeader
            title={{ text: 'Open data', lang: 'en' }}
            progress={40}
            contentOpen={contentOpen}
            onToggleContent={() => {}}
          />
        </>
      );
    }
    renderApp(<Viewer />);
    const button = screen.getByRole('button', { name: 'Course menu' });
    const list = screen.getByRole('button', { name: 'Toggle the list' });
    fireEvent.click(button);
    // Closed from the panel's "Course Content" button: the panel stays, with the focus in it.
    screen.getByRole('button', { name: 'Course Content' }).focus();
    fireEvent.click(list);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // Opened again, and closed by a lesson picked in the list (the focus goes to its heading).
    fireEvent.click(list);
    list.focus();
    fireEvent.click(list);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('viewer-header-panel')).toHaveClass('hidden');
  });

  // Lines and rows are layout, which happy-dom does not compute: the classes that make them are
  // checked here, the layout itself in Chromium (320, 375 and 1280 px, both languages).
  it('gives the title two lines below 1024 px and the dots button room beside it at 320 px', () => {
    const text =
      'A Practical Introduction to Open Science: Preprints, Data Management Plans and Open Licences';
    renderApp(<ViewerHeader title={{ text, lang: 'en' }} progress={40} contentOpen={false} />);
    const heading = screen.getByRole('heading', { level: 1, name: text });
    // Touch cannot show the `title` attribute: a phone's one line was a few words of the title.
    const line = screen.getByText(text, { selector: 'span' });
    expect(line).toHaveClass('line-clamp-2', 'lg:line-clamp-1');
    expect(line).not.toHaveClass('truncate');
    expect(heading).toHaveAttribute('title', text);
    // Back button, gap, title, gap, dots: 40 + 8 + 160 + 8 + 40 = 256 px of a 320 px phone's 288.
    expect(heading).toHaveClass('flex-[1_1_10rem]', 'sm:flex-[1_1_12rem]');
    expect(heading.parentElement).toHaveClass('gap-x-2', 'sm:gap-x-4');
    expect(heading.parentElement).toContainElement(screen.getByRole('button', { name: 'Course menu' }));
  });

  it("shows the whole title while the dots button's panel is open, and two lines again once it closes", () => {
    const text =
      'A Practical Introduction to Open Science: Preprints, Data Management Plans, Open Licences and Reproducible Research Workflows';
    renderApp(<ViewerHeader title={{ text, lang: 'en' }} progress={40} contentOpen={false} />);
    const line = screen.getByText(text, { selector: 'span' });
    const menu = screen.getByRole('button', { name: 'Course menu' });
    // A phone's reader cannot hover for the `title`: the panel, which grows the header anyway, shows
    // the rest, in the heading itself (no second copy for a screen reader); one line from 1024 px.
    fireEvent.click(menu);
    expect(line).not.toHaveClass('line-clamp-2');
    expect(line).toHaveClass('block', 'lg:line-clamp-1');
    // The buttons keep the title's first line as it grows: the dots button stays under the finger.
    expect(menu).toHaveClass('self-start');
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveClass('self-start');
    fireEvent.click(menu);
    expect(line).toHaveClass('line-clamp-2', 'lg:line-clamp-1');
  });

  it("keeps the page's scroll padding at its height as the dots button's panel opens and closes", () => {
    const observer = fakeResizeObserver();
    renderApp(<ViewerHeader title={{ text: 'Open data', lang: 'en' }} progress={40} contentOpen={false} />);
    const header = screen.getByRole('banner');
    const height = () => document.documentElement.style.getPropertyValue(STICKY_HEADER_HEIGHT);
    observer.resize(header, 66);
    expect(height()).toBe('66px');
    // The panel takes rows of its own on a phone; styles.css's scroll padding follows.
    const menu = screen.getByRole('button', { name: 'Course menu' });
    fireEvent.click(menu);
    observer.resize(header, 180);
    expect(height()).toBe('180px');
    fireEvent.click(menu);
    observer.resize(header, 66);
    expect(height()).toBe('66px');
  });
});
