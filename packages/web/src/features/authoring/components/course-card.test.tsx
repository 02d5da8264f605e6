import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { expectIsolatedInline } from '../../../test/bidi.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aSummary } from '../test/render-authoring.tsx';
import { CourseCard } from './course-card.tsx';

afterEach(() => activateLanguage('en'));

describe('CourseCard (contributor)', () => {
  it('isolates an English title and description in the Arabic interface; their boxes keep the page direction', async () => {
    renderApp(
      <CourseCard
        course={aSummary({ title_tr: null, description: 'Git & GitHub 101: branches, PRs & CI/CD!' })}
        onOpen={vi.fn()}
      />,
    );
    await act(() => activateLanguage('ar'));
    const title = screen.getByText('Open Science Basics');
    const heading = screen.getByRole('heading', { name: 'Open Science Basics' });
    expect(heading).toHaveAttribute('lang', 'en');
    expectIsolatedInline(title, heading);
    const description = screen.getByText('Git & GitHub 101: branches, PRs & CI/CD!');
    expectIsolatedInline(description, description.closest('p')!);
    // Clamped in its own direction, as wide as the text: the "…" ends it (decision 111).
    expect(description).toHaveClass('line-clamp-3', 'w-fit');
    expect(description).toHaveAttribute('dir', 'auto');
    // The card's button is still described by the title.
    expect(screen.getByRole('button', { name: 'عرض التفاصيل' })).toHaveAccessibleDescription(
      'Open Science Basics',
    );
  });

  it('gives the focus to the page heading when it leaves the list with the focus in it (archived)', async () => {
    function Board() {
      const [listed, setListed] = useState(true);
      return (
        <main>
          <h1>Your Courses</h1>
          <button type="button" onClick={() => setListed(false)}>
            Archive elsewhere
          </button>
          {listed ? <CourseCard course={aSummary()} onOpen={vi.fn()} /> : null}
        </main>
      );
    }
    renderApp(<Board />);
    const details = screen.getByRole('button', { name: 'View details' });
    details.focus();
    // The list drops the card while its button still has the focus (the form closed, the list refetched).
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Archive elsewhere' })));
    expect(details).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Courses' })).toHaveFocus();
  });
});
