import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { getToken, storeSession } from '../../../lib/session.ts';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { expectIsolatedInline } from '../../../test/bidi.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { fakeApi } from '../../../test/stub-api.ts';
import { ProfileMenu } from './profile-menu.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLanguage('en');
});

const user = {
  _id: 'u1',
  email: 'sarah@example.com',
  firstname: 'Sarah',
  lastname: "O'Neil (PhD)",
  role: 'EndUser',
  preferred_language: 'ar',
};

describe('ProfileMenu', () => {
  it('isolates a Latin name in the Arabic menu, whose lines keep the menu direction', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({ 'GET /auth/user': () => ({ body: { success: true, data: { user } } }) }).fetch,
    );
    renderApp(<ProfileMenu />);
    await act(() => activateLanguage('ar'));
    const name = await screen.findByText("Sarah O'Neil (PhD)");
    expectIsolatedInline(name, name.parentElement!);
    const email = screen.getByText('sarah@example.com');
    expectIsolatedInline(email, email.parentElement!);
    expect(screen.getByRole('menu', { hidden: true })).toHaveAttribute('dir', 'rtl');
  });

  it('says so when the server could not be told of the sign-out (offline): signed out here, tried again (decision 197)', async () => {
    storeSession('token-1', 'u1');
    const api = fakeApi({ 'GET /auth/user': () => ({ body: { success: true, data: { user } } }) });
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input.endsWith('/auth/logout')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : api.fetch(input, init),
    );
    // The toaster of the page it goes to (in the app, the data layout's, around both).
    const { router } = renderApp(<ProfileMenu />, {
      routes: [
        {
          path: '/login',
          element: (
            <>
              <p>login</p>
              <Toaster />
            </>
          ),
        },
      ],
    });
    await screen.findByText("Sarah O'Neil (PhD)");
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log Out', hidden: true }));
    expect(
      await screen.findByText(
        'You are signed out on this device. The session has not been ended on the server yet; this page keeps trying.',
      ),
    ).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });
});
