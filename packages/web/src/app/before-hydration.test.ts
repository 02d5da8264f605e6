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
  delete document.documentElement.dataset.ready;
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
    $('[data-password-toggle]').click();
    expect($<HTMLInputElement>('[name="password"]').type).toBe('text');
    expect($('[data-password-toggle]').getAttribute('aria-pressed')).toBe('true');
    const toggled = vi.fn();
    $('[data-password-toggle]').addEventListener('click', toggled);
    announceAppReady();
    expect(other).toHaveBeenCalledTimes(1);
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
