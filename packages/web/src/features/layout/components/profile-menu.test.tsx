import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
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
});
