import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { activateLanguage } from '../i18n/i18n.ts';
import { storeSession } from '../lib/session-storage.ts';
import { renderApp } from '../test/render-app.tsx';
import { fakeApi, urlOf } from '../test/stub-api.ts';
import { LanguageToggle } from './language-toggle.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await activateLanguage('en');
});

const me = {
  _id: '0b6c4a52-6f3c-4a8e-9d5e-1a2b3c4d5e6f',
  email: 'learner@example.test',
  firstname: 'Lina',
  lastname: 'Saleh',
  role: 'EndUser',
  preferred_language: 'ar',
};

/** Opens the menu and chooses Arabic. */
async function chooseArabic() {
  await activateLanguage('en');
  renderApp(<LanguageToggle />);
  fireEvent.click(screen.getByTestId('language-toggle'));
  fireEvent.click(screen.getByRole('menuitemradio', { name: 'العربية' }));
}

/** Decision 137: the menu sets the signed-in account's language, the language of its mails. */
describe('the language menu', () => {
  it('switches at once and, for someone signed in, saves the choice to their account', async () => {
    const api = fakeApi({ 'PATCH /auth/user': () => ({ body: { success: true, data: { user: me } } }) });
    vi.stubGlobal('fetch', api.fetch);
    storeSession('token-123', me._id);
    await chooseArabic();
    // Stored on the device before any answer: the switch never waits for the network.
    expect(localStorage.getItem('language')).toBe('ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    await waitFor(() =>
      expect(api.calls.map(({ key, body }) => ({ key, body }))).toEqual([
        { key: 'PATCH /auth/user', body: { preferred_language: 'ar' } },
      ]),
    );
  });

  it('keeps the choice, quietly, when the account cannot be saved', async () => {
    for (const failure of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () =>
        Promise.resolve(
          new Response(JSON.stringify({ success: false, code: 'INTERNAL', message: 'Server error' }), {
            status: 500,
          }),
        ),
    ]) {
      const calls: string[] = [];
      vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
        calls.push(urlOf(input));
        return failure();
      });
      storeSession('token-123', me._id);
      const view = renderApp(<LanguageToggle />);
      await activateLanguage('en');
      fireEvent.click(screen.getByTestId('language-toggle'));
      fireEvent.click(screen.getByRole('menuitemradio', { name: 'العربية' }));
      await waitFor(() => expect(calls).toHaveLength(1));
      await waitFor(() => expect(document.documentElement.lang).toBe('ar'));
      expect(localStorage.getItem('language')).toBe('ar');
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByTestId('language-toggle')).toHaveTextContent('العربية');
      view.unmount();
    }
  });

  it('asks nothing of the server for someone signed out', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    await chooseArabic();
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(api.calls).toEqual([]);
  });
});
