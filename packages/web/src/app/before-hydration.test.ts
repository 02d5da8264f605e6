import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceAppReady } from './app-ready.ts';

/** The prerendered log-in form, trimmed to what the early module reads. */
const MARKUP = `
  <div id="root">
    <form method="post">
      <input name="email" type="email" />
      <div><input name="password" type="password" />
        <button type="button" data-password-toggle aria-pressed="false">Show password</button></div>
      <button type="button" id="other">Other</button>
      <button type="submit">Log In</button>
    </form>
  </div>`;

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  document.documentElement.lang = '';
  delete document.documentElement.dataset.ready;
  localStorage.clear();
  history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

async function setUp() {
  document.body.innerHTML = MARKUP;
  vi.resetModules();
  await import('./before-hydration.ts');
  const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
  return { $, form: $<HTMLFormElement>('form') };
}

describe('before-hydration', () => {
  it('holds a submission, then submits it again with its button once the app is ready', async () => {
    const { $, form } = await setUp();
    const reached = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', reached);
    const submit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => {});
    const button = $('[type="submit"]');
    form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button }));
    expect(reached).not.toHaveBeenCalled();
    expect(form.getAttribute('aria-busy')).toBe('true');
    announceAppReady();
    expect(form.hasAttribute('aria-busy')).toBe(false);
    expect(submit).toHaveBeenCalledWith(button);
  });

  it('shows the password at once and replays other clicks after the app is ready', async () => {
    const { $ } = await setUp();
    const other = vi.fn();
    $('#other').addEventListener('click', other);
    $('#other').click();
    expect(other).not.toHaveBeenCalled();
    expect($('#other').getAttribute('aria-busy')).toBe('true');
    $('[data-password-toggle]').click();
    expect($<HTMLInputElement>('[name="password"]').type).toBe('text');
    expect($('[data-password-toggle]').getAttribute('aria-pressed')).toBe('true');
    const toggled = vi.fn();
    $('[data-password-toggle]').addEventListener('click', toggled);
    announceAppReady();
    expect(other).toHaveBeenCalledTimes(1);
    expect($('#other').hasAttribute('aria-busy')).toBe(false);
    // Put back as rendered, then clicked so that the app's own handler shows it.
    expect(toggled).toHaveBeenCalledTimes(1);
    expect($<HTMLInputElement>('[name="password"]').type).toBe('password');
  });

  it('writes typed values back when the app reset them, with an input event', async () => {
    const { $ } = await setUp();
    const email = $<HTMLInputElement>('[name="email"]');
    email.value = 'lina@example.test';
    email.dispatchEvent(new Event('input', { bubbles: true }));
    email.value = '';
    const typed = vi.fn();
    email.addEventListener('input', typed);
    announceAppReady();
    expect(email.value).toBe('lina@example.test');
    expect(typed).toHaveBeenCalledTimes(1);
  });
});

describe('when the early module fetches the app (decisions 040, 053)', () => {
  /** The early module's own tag, as scripts/prerender.mjs writes it, and the prerendered page in English. */
  async function prerendered(markup = true) {
    document.head.innerHTML = `<script data-app-entry="/assets/app.js" data-app-modules="/assets/a.js /assets/b.js"></script>`;
    if (markup)
      document.body.innerHTML = `${MARKUP}<a href="/signup">Sign up</a><div data-language-menu><button type="button">العربية</button></div>`;
    document.documentElement.lang = 'en';
    // What the module appends is kept, not inserted: this test document runs no scripts.
    appended = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) if (node instanceof Node) appended.push(...node.childNodes);
    });
    vi.resetModules();
    await import('./before-hydration.ts');
  }
  let appended: Node[] = [];
  const entries = () =>
    appended.filter((node): node is HTMLScriptElement => node instanceof HTMLScriptElement);

  it('fetches nothing for reading the page, following a link or opening the language menu', async () => {
    await prerendered();
    document.querySelector('a')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document
      .querySelector('[data-language-menu] button')!
      .dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(entries()).toHaveLength(0);
    // The first act on the page itself fetches the entry and its modules, once.
    document.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    document.querySelector('input')!.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(entries().map((script) => script.getAttribute('src'))).toEqual(['/assets/app.js']);
    const preloads = appended.filter((node): node is HTMLLinkElement => node instanceof HTMLLinkElement);
    expect(preloads.map((link) => [link.rel, link.getAttribute('href')])).toEqual([
      ['modulepreload', '/assets/a.js'],
      ['modulepreload', '/assets/b.js'],
    ]);
  });

  it('shows the sign-in buttons of the providers the server has on, without fetching the app', async () => {
    const PROVIDERS = `<div data-providers-place hidden>
      <button type="button" data-provider="google">Google</button>
      <button type="button" data-provider="orcid">ORCID</button></div>`;
    for (const orcid of [true, false]) {
      const config = { success: true, data: { google: { enabled: false }, orcid: { enabled: orcid } } };
      const fetched = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(config));
      document.body.innerHTML = `${MARKUP}${PROVIDERS}`;
      await prerendered(false);
      await vi.waitFor(() => expect(fetched).toHaveBeenCalledWith('/api/v1/auth/config', expect.anything()));
      const place = document.querySelector<HTMLElement>('[data-providers-place]')!;
      const shown = (provider: string) =>
        !document.querySelector<HTMLElement>(`[data-provider="${provider}"]`)!.hidden;
      await vi.waitFor(() => expect(place.hidden, `ORCID ${orcid ? 'on' : 'off'}`).toBe(!orcid));
      expect([shown('google'), shown('orcid')]).toEqual([false, orcid]);
      expect(entries()).toHaveLength(0);
      // A click on a provider's button fetches the app (and is held until it is ready).
      document
        .querySelector('[data-provider="orcid"]')!
        .dispatchEvent(new Event('pointerdown', { bubbles: true }));
      expect(entries()).toHaveLength(1);
      fetched.mockRestore();
    }
  });

  it('fetches it at once when the visitor was in a field before the module ran', async () => {
    document.body.innerHTML = MARKUP;
    document.querySelector('input')!.focus();
    await prerendered(false);
    expect(entries()).toHaveLength(1);
  });

  it('fetches it at once when the prerendered page is not the page: a query, another language, a session', async () => {
    for (const differ of [
      () => history.replaceState(null, '', '/login?next=%2Fdashboard'),
      () => localStorage.setItem('language', 'ar'),
      () => localStorage.setItem('auth_token', 'a-token'),
    ]) {
      differ();
      await prerendered();
      expect(entries(), differ.toString()).toHaveLength(1);
      localStorage.clear();
      history.replaceState(null, '', '/');
    }
  });
});
