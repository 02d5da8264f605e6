import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { activateLanguage } from '../../../../i18n/i18n.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { ViewerHeader } from './viewer-header.tsx';

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
});
