import type { Page } from '@playwright/test';
import type { Language, SignupRole } from '@app/shared';
import {
  createAccount,
  expect,
  expectAccessible,
  signInWithForm,
  resetCodeFrom,
  snap,
  test,
  uniqueEmail,
  verificationLinkFrom,
  waitForMail,
  snapAtBothWidths,
  signInBrowser,
} from '../src/fixtures.ts';
import { ADMIN } from '../src/ports.ts';
import { escapeRegExp, translator } from '../src/catalogue.ts';
import { serverWording } from '../src/server-wording.ts';

/** The auth screens' strings in the project's language, from the web catalogues (and the server's). */
function T(lang: Language) {
  const t = translator(lang);
  return {
    asUser: t('As User'),
    asContributor: t('As Contributor'),
    signUpAs: {
      EndUser: t('Sign Up As {roleName}', { roleName: t('User') }),
      Contributor: t('Sign Up As {roleName}', { roleName: t('Contributor') }),
    },
    first: t('First Name'),
    last: t('Last Name'),
    email: t('Email'),
    password: t('Password'),
    confirm: t('Confirm Password'),
    signUp: t('Sign Up'),
    logIn: t('Log In'),
    back: t('Back'),
    sent: t('Your verification link is in your email!'),
    verified: t('Email Verification Successful!'),
    verifyFailed: t('Email verification failed'),
    alreadyVerified: t('Email already verified'),
    resend: t('Resend verification e-mail'),
    loginButton: t('Login'),
    required: t('This field is required.'),
    mismatch: t('password does not match'),
    unauthorized: t('Unauthorized'),
    adminTitle: t('Login As Admin'),
    forgot: t('Forgot Password?'),
    forgotTitle: t('Forgot Password'),
    sendCode: t('Send Reset Code'),
    resetCode: t('Reset Code'),
    newPassword: t('New password'),
    submit: t('Submit'),
    logOut: t('Log Out'),
    notFound: t('Page not found'),
    home: t('Return to home page'),
    sessionEnded: serverWording(lang).sessionEnded,
    close: t('Close'),
    notifications: t('Notifications (F8)'),
    signOutAndLogIn: t('Sign out and log in'),
  };
}

const main = (page: Page) => page.getByRole('main');

/** Matches the page URL's path (and query) exactly, e.g. at('/dashboard') but not /contributor/dashboard. */
const at = (pathAndQuery: string) =>
  new RegExp(`^https?://[^/]+${pathAndQuery.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

for (const role of ['EndUser', 'Contributor'] as const satisfies readonly SignupRole[]) {
  test(`signup as ${role}: the role constant is sent, the mailed link verifies, login lands on the board`, async ({
    page,
    lang,
  }) => {
    const t = T(lang);
    const email = uniqueEmail(`ui-${role.toLowerCase()}`);
    const password = 'ui-password-123';

    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
    if (role === 'EndUser') await snapAtBothWidths(page, lang, 'signup-role', { accessible: true });
    await main(page)
      .getByRole('link', { name: new RegExp(role === 'EndUser' ? t.asUser : t.asContributor) })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.signUpAs[role]);

    // The back button returns to the choice, keeping what was typed.
    await main(page).getByLabel(t.first, { exact: true }).fill('Lina');
    await main(page).getByRole('link', { name: t.back }).click();
    await main(page)
      .getByRole('link', { name: new RegExp(role === 'EndUser' ? t.asUser : t.asContributor) })
      .click();
    await expect(main(page).getByLabel(t.first, { exact: true })).toHaveValue('Lina');

    // Validation on submit, then on change; a mismatch is toasted and marked on the confirm field.
    await main(page).getByRole('button', { name: t.signUp, exact: true }).click();
    await expect(main(page).getByText(t.required).first()).toBeVisible();
    await main(page).getByLabel(t.last, { exact: true }).fill('Saleh');
    await main(page).getByLabel(t.email, { exact: true }).fill(email);
    await main(page).getByLabel(t.password, { exact: true }).fill(password);
    await main(page).getByLabel(t.confirm, { exact: true }).fill(`${password}-typo`);
    await main(page).getByRole('button', { name: t.signUp, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: t.mismatch })).toBeVisible();
    const confirm = main(page).getByLabel(t.confirm, { exact: true });
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    // Still marked while being corrected: the red edge stays under the focus ring (it turned teal).
    await confirm.focus();
    await expect(confirm).toHaveCSS('border-top-color', 'rgb(197, 48, 48)');
    await expectAccessible(page);
    if (role === 'EndUser') await snapAtBothWidths(page, lang, 'signup-form', { accessible: true });

    await confirm.fill(password);
    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/auth/signup') && response.request().method() === 'POST',
    );
    await main(page).getByRole('button', { name: t.signUp, exact: true }).click();
    const answer = await answered;
    expect(answer.status()).toBe(201);
    const body = answer.request().postDataJSON() as Record<string, unknown>;
    expect(body.role).toBe(role);
    expect(body.preferred_language).toBe(lang);

    await expect(page.getByRole('heading', { name: t.sent })).toBeVisible();
    await expect(main(page)).toContainText(email);
    await expectAccessible(page);
    if (role === 'EndUser') await snap(page, lang, 'signup-sent');

    // The mail arrives at the SMTP catcher; its link is opened as a reader would.
    const link = verificationLinkFrom(await waitForMail(email));
    await page.goto(link);
    await expect(page.getByRole('heading', { name: t.verified })).toBeVisible();
    await expectAccessible(page);
    if (role === 'EndUser') {
      await snap(page, lang, 'verify-success');
      // Opened again (a second click, a mail app's preview): told the address is verified (decision 175).
      await page.goto(link);
      await expect(page.getByRole('heading', { name: t.alreadyVerified })).toBeVisible();
      await expectAccessible(page);
      await snap(page, lang, 'verify-again');
    }
    await main(page).getByRole('link', { name: t.loginButton }).click();
    await expect(page).toHaveURL(at('/login'));

    await signInWithForm(page, lang, email, password);
    await expect(page).toHaveURL(at(role === 'EndUser' ? '/dashboard' : '/contributor/dashboard'));
    expect(await storage(page, 'auth_token')).toBeTruthy();
    expect(await storage(page, 'user_id')).toBeTruthy();
  });
}

test('a toast the keyboard reaches waits for the reader, and closing it gives the focus back', async ({
  page,
  lang,
}) => {
  const t = T(lang);
  // The toasts' timers run on this clock: time is moved on by the test, not waited for.
  await page.clock.install();
  await page.goto('/signup');
  await main(page)
    .getByRole('link', { name: new RegExp(t.asUser) })
    .click();
  await main(page).getByLabel(t.first, { exact: true }).fill('Lina');
  await main(page).getByLabel(t.last, { exact: true }).fill('Saleh');
  await main(page).getByLabel(t.email, { exact: true }).fill(uniqueEmail('toast'));
  await main(page).getByLabel(t.password, { exact: true }).fill('ui-password-123');
  await main(page).getByLabel(t.confirm, { exact: true }).fill('ui-password-124');
  await main(page).getByLabel(t.confirm, { exact: true }).press('Enter');
  const shown = page.getByRole('status').filter({ hasText: t.mismatch });
  await expect(shown).toBeVisible();
  // Its copy in the screen readers' region is there until the toast is dismissed; the toast itself
  // stays a second longer, fading out.
  const due = page.locator('[aria-live="polite"]').filter({ hasText: t.mismatch });

  // Where the reader was, then F8 to the toast's close button (Tab would reach it after every other
  // control of the page). The toaster is a region named with its key.
  await page.evaluate(() => document.activeElement?.setAttribute('data-was-focused', ''));
  const was = page.locator('[data-was-focused]');
  const close = page.getByRole('region', { name: t.notifications }).getByRole('button', { name: t.close });
  // The form focuses its invalid field again in a timer just after the toast shows (react-hook-form):
  // that moment passes before the reader acts.
  const reachToast = async () => {
    await page.clock.runFor(100);
    await page.keyboard.press('F8');
    await expect(close).toBeFocused();
  };
  await reachToast();
  // A reader there hears which toast the button closes.
  await expect(close).toHaveAccessibleDescription(t.mismatch);
  // A 3 s toast, still there long after, while the focus is in it; a pointer passing over does not end
  // the wait.
  await page.clock.fastForward(10_000);
  await expect(due).toHaveCount(1);
  await close.hover();
  await page.mouse.move(5, 300);
  await page.clock.fastForward(10_000);
  await expect(due).toHaveCount(1);
  await expect(close).toBeFocused();
  // Closed from the keyboard: the focus goes back where it was, not to the top of the document.
  await page.keyboard.press('Enter');
  await expect(was).toBeFocused();
  await page.clock.fastForward(1_500);
  await expect(shown).toHaveCount(0);

  // Shown again, and closed with Escape: the focus goes back.
  await page.keyboard.press('Enter');
  await expect(shown).toBeVisible();
  await reachToast();
  await page.keyboard.press('Escape');
  await expect(was).toBeFocused();
  await page.clock.fastForward(1_500);
  await expect(shown).toHaveCount(0);

  // Shown again and left: due 3 s after the focus leaves it.
  await page.keyboard.press('Enter');
  await expect(shown).toBeVisible();
  await reachToast();
  await page.clock.fastForward(10_000);
  await was.focus();
  await page.clock.fastForward(2_000);
  await expect(due).toHaveCount(1);
  await page.clock.fastForward(1_500);
  await expect(due).toHaveCount(0);
  await page.clock.fastForward(1_500);
  await expect(shown).toHaveCount(0);
});

test('login: validation, refused credentials, and a signed-in user opening /login goes to the board', async ({
  page,
  lang,
  request,
}) => {
  const t = T(lang);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'login', { accessible: true });

  await main(page).getByRole('button', { name: t.logIn, exact: true }).click();
  await expect(main(page).getByText(t.required)).toHaveCount(2);
  await signInWithForm(page, lang, uniqueEmail('nobody'), 'wrong-password-1');
  await expect(main(page).getByRole('alert')).toBeVisible();
  await expect(main(page).getByLabel(t.email, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(main(page).getByLabel(t.password, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  const account = await createAccount(request, 'EndUser');
  await signInWithForm(page, lang, account.email, account.password);
  await expect(page).toHaveURL(at('/dashboard'));
  await page.goto('/login');
  await expect(page).toHaveURL(at('/dashboard'));
  await page.goto('/signup');
  await expect(page).toHaveURL(at('/dashboard'));
});

test('admin login refuses a non-admin and lets the SuperAdmin in', async ({ page, lang, request }) => {
  const t = T(lang);
  const learner = await createAccount(request, 'EndUser');
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.adminTitle);
  await expectAccessible(page);
  await signInWithForm(page, lang, learner.email, learner.password);
  await expect(page.getByRole('status').filter({ hasText: t.unauthorized })).toBeVisible();
  await expect(page).toHaveURL(at('/admin/login'));
  expect(await storage(page, 'auth_token')).toBeNull();

  await signInWithForm(page, lang, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(at('/admin/dashboard'));
});

test('forgot password: code from the mail, reset, log in with the new password', async ({
  page,
  lang,
  request,
}) => {
  const t = T(lang);
  const account = await createAccount(request, 'EndUser');
  await page.goto('/login');
  await main(page).getByRole('link', { name: t.forgot }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.forgotTitle);
  await expectAccessible(page);
  await main(page).getByLabel(t.email, { exact: true }).fill(account.email);
  await main(page).getByRole('button', { name: t.sendCode }).click();
  await expect(page).toHaveURL(at('/resetpassword'));
  // The reset token is kept apart from the session.
  expect(await page.evaluate(() => sessionStorage.getItem('reset_token'))).toBeTruthy();
  expect(await storage(page, 'auth_token')).toBeNull();
  await expectAccessible(page);

  // Reloaded (back from the mail app on a phone): the prerendered page cannot know the request this
  // tab keeps, so the app draws it, with the form (decision 176), without waiting for a touch.
  await page.reload();
  await expect(main(page).getByLabel(t.resetCode, { exact: true })).toBeVisible();
  await expect(main(page)).toContainText(account.email);

  const mail = await waitForMail(account.email, (m) => !m.text.includes('/verifyemail/'));
  const newPassword = 'a-brand-new-password';
  await main(page).getByLabel(t.resetCode, { exact: true }).fill(resetCodeFrom(mail));
  await main(page).getByLabel(t.newPassword, { exact: true }).fill(newPassword);
  await main(page).getByRole('button', { name: t.submit }).click();
  await expect(page).toHaveURL(at('/login'));

  await signInWithForm(page, lang, account.email, newPassword);
  await expect(page).toHaveURL(at('/dashboard'));
  const old = await request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(old.status()).toBe(401);
});

test('route guards, return after sign-in, logout, and a revoked session', async ({ page, lang, request }) => {
  const t = T(lang);
  const account = await createAccount(request, 'EndUser');

  await page.goto('/dashboard');
  await expect(page).toHaveURL(at('/login?next=%2Fdashboard'));
  await signInWithForm(page, lang, account.email, account.password);
  await expect(page).toHaveURL(at('/dashboard'));

  // A learner may not open the boards of other roles.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(at('/dashboard'));
  await page.goto('/contributor/dashboard');
  await expect(page).toHaveURL(at('/dashboard'));
  await page.goto('/course/add-course');
  await expect(page).toHaveURL(at('/dashboard'));

  // Logout: the API revokes the session; storage is cleared; the time is kept; back to /login.
  const tokenBefore = await storage(page, 'auth_token');
  const logoutCall = page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/logout'));
  await page.getByTestId('profile-button').click();
  await page.getByRole('menuitem', { name: t.logOut }).click();
  await logoutCall;
  await expect(page).toHaveURL(at('/login'));
  expect(await storage(page, 'auth_token')).toBeNull();
  expect(await storage(page, 'user_id')).toBeNull();
  expect(Number(await storage(page, 'logout_at'))).toBeGreaterThan(0);
  const revoked = await request.get('/api/v1/auth/user', {
    headers: { authorization: `Bearer ${tokenBefore}` },
  });
  expect(revoked.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(at('/login?next=%2Fdashboard'));

  // A session revoked elsewhere: the next page sends the user to sign in, and back afterwards.
  // The dashboard asks for its catalogue after its address has changed; revoked before that answer,
  // the session would end on this page (toast and all), and the next page would find no session.
  const catalogue = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/course/approved');
  await signInWithForm(page, lang, account.email, account.password);
  await expect(page).toHaveURL(at('/dashboard'));
  expect((await catalogue).status()).toBe(200);
  const token = await storage(page, 'auth_token');
  const elsewhere = await request.post('/api/v1/auth/logout', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(elsewhere.status()).toBe(200);
  await page.goto('/dashboard?q=open');
  await expect(page).toHaveURL(at('/login?next=%2Fdashboard%3Fq%3Dopen'));
  // The server's reason is toasted, in the reader's language.
  await expect(page.getByRole('status').filter({ hasText: t.sessionEnded })).toBeVisible();
  expect(await storage(page, 'auth_token')).toBeNull();
  await signInWithForm(page, lang, account.email, account.password);
  await expect(page).toHaveURL(at('/dashboard?q=open'));
});

test('verification link opened while signed in: names the session; a dead session stays on the news', async ({
  page,
  lang,
  request,
}) => {
  const t = T(lang);
  /** A new account's verification link, from the mail catcher. */
  const newLink = async () => {
    const email = uniqueEmail('verify-signed-in');
    const password = 'e2e-password-123';
    const signup = await request.post('/api/v1/auth/signup', {
      data: {
        firstname: 'Noor',
        lastname: 'Second',
        email,
        password,
        passwordConfirm: password,
        role: 'EndUser',
      },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    return verificationLinkFrom(await waitForMail(email));
  };
  const signedIn = await createAccount(request);
  await signInBrowser(page, signedIn);
  await page.goto(await newLink());
  await expect(page.getByRole('heading', { name: t.verified })).toBeVisible();
  // No bare Login button leading into the signed-in account's board (decision 181).
  await expect(main(page).getByRole('link', { name: t.loginButton, exact: true })).toHaveCount(0);
  await expect(main(page)).toContainText(signedIn.email);
  const goOn = main(page).getByRole('link', { name: new RegExp(escapeRegExp(signedIn.email)) });
  await expect(goOn).toHaveAttribute('href', '/dashboard');
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'verify-signed-in');
  await main(page).getByRole('button', { name: t.signOutAndLogIn }).click();
  await expect(page).toHaveURL(at('/login'));
  expect(await storage(page, 'auth_token')).toBeNull();

  // A session the server no longer knows: said, forgotten, and the page keeps its news and its Login.
  await signInBrowser(page, { token: 'a-session-that-ended', user: signedIn.user });
  const link = await newLink();
  const verifyRequests: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/v1/auth/verifyemail/')) verifyRequests.push(sent.url());
  });
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: t.sessionEnded })).toBeVisible();
  // The news of this first opening: the link is not sent again when the session is found dead.
  await expect(page.getByRole('heading', { name: t.verified })).toBeVisible();
  await expect(main(page).getByRole('link', { name: t.loginButton, exact: true })).toHaveAttribute(
    'href',
    '/login',
  );
  expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
  expect(verifyRequests).toHaveLength(1);
  expect(await storage(page, 'auth_token')).toBeNull();
});

test('verification link that does not work: the reason, Signup, Log In and a resend form', async ({
  page,
  lang,
}) => {
  const t = T(lang);
  await page.goto('/verifyemail/not-a-real-token');
  await expect(page.getByRole('heading', { name: t.verifyFailed })).toBeVisible();
  await expect(main(page).getByRole('link', { name: t.signUp })).toHaveAttribute('href', '/signup');
  await expect(main(page).getByRole('button', { name: t.resend })).toBeVisible();
  // A used link past its expiry is gone (decision 175): the account it verified signs in from here.
  await expect(main(page).getByRole('link', { name: t.logIn })).toHaveAttribute('href', '/login');
  await expectAccessible(page);
  await snap(page, lang, 'verify-failed');
});

test('unknown paths show the not-found page', async ({ page, lang }) => {
  const t = T(lang);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.notFound);
  await expect(page.getByRole('link', { name: t.home })).toHaveAttribute('href', '/');
  await expectAccessible(page);
  await snap(page, lang, 'not-found');
  await page.getByRole('link', { name: t.home }).click();
  await expect(page).toHaveURL(at('/'));
});
