import { storedLanguage } from '../i18n/i18n.ts';
import type { AuthConfig } from '@app/shared';
import { PROVIDERS_PLACE, startEarly } from '../lib/early-requests.ts';
import { languageMenu, reloadInLanguage } from '../lib/language-menu.ts';
import { modulePreloads } from '../lib/module-preloads.ts';
import { getToken } from '../lib/session-storage.ts';
import { APP_FAILED, APP_READY, isAppReady } from './app-ready.ts';
import { prerenderedPageFits } from './prerendered-page.ts';

/**
 * The first script of every prerendered page the app hydrates (decision 037; scripts/prerender.mjs
 * adds it, `async`, ahead of the app's entry). Until the app announces it is ready (app-ready.ts),
 * nothing typed, submitted or clicked is lost or leaked:
 *
 * - a form submission is held (the forms are `method="post"`, so even without this module the
 *   fields never travel in the address) and submitted again, with the same submitter, once the
 *   app's handlers are in place;
 * - what was typed is written back, through React's change events, into fields that do not hold it:
 *   the new ones when the app rendered the page from scratch (a hydrated form keeps what was typed:
 *   react-hook-form reads a field edited before it registered it, and then this changes nothing);
 * - a password's show/hide button works at once, and its state is handed to React's;
 * - other buttons' clicks are replayed in order; the language menu works on its own (choosing a
 *   language reloads the page prerendered in it). (Links keep the visitor's query because the server
 *   rewrites them: server plugins/page-links.ts.)
 *
 * Held elements are found again by position (nth form, field name) when the app rendered the page
 * from scratch instead of hydrating it (decision 034: a query, another language).
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** Where a field is (nth form, name) and what it held when last typed into. */
interface Typed {
  form: number;
  name: string;
  value: string;
  checked: boolean;
}

/**
 * Runs `run` once the page's markup is all there: this module is `async`, so it may run before the
 * body has been parsed.
 */
function afterParsing(run: () => void, signal?: AbortSignal) {
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', run, { once: true, signal });
  else run();
}

const controller = new AbortController();
const { signal } = controller;
const typed = new Map<Field, Typed>();
const toggled = new Set<HTMLButtonElement>();
const clicks: HTMLButtonElement[] = [];
let submission: { form: HTMLFormElement; index: number; submitter: HTMLElement | null } | null = null;
/** The field the reader was in (and where it is), and the keys pressed once it was gone. */
let focused: { field: Field; form: number; name: string } | null = null;
let lateKeys = '';
/** The app's script could not be fetched: nothing held will ever be handed over (decision 140). */
let failed = false;

const inApp = (target: EventTarget | null): target is Element =>
  target instanceof Element && !!target.closest('#root');
const formIndex = (form: HTMLFormElement | null) => (form ? [...document.forms].indexOf(form) : -1);
const held = (event: Event) => {
  event.preventDefault();
  event.stopImmediatePropagation();
};

/** A password field's toggle: shows or hides at once (React takes the state over when ready). */
function togglePassword(button: HTMLButtonElement) {
  const input = button.parentElement?.querySelector('input');
  if (!input) return;
  input.type = input.type === 'password' ? 'text' : 'password';
  button.setAttribute('aria-pressed', String(input.type === 'text'));
  if (!toggled.delete(button)) toggled.add(button);
}

function listen() {
  for (const type of ['input', 'change'])
    document.addEventListener(
      type,
      ({ target }) => {
        if (!inApp(target) || !('form' in target) || !(target as Field).name) return;
        const field = target as Field;
        const checked = field instanceof HTMLInputElement && field.checked;
        typed.set(field, { form: formIndex(field.form), name: field.name, value: field.value, checked });
      },
      { capture: true, signal },
    );
  // When the app draws the page from scratch (a query, another language) the field being typed into
  // is replaced, and the focus drops to the body: the rest of what the reader types would go nowhere
  // (an audit lost "learner@…" after "lea" on every Arabic sign-in). The keys pressed from then until
  // the hand-over are kept, and the hand-over gives the focus to the new field.
  const noteFocus = (target: EventTarget | null) => {
    if (!inApp(target) || !('form' in target) || !(target as Field).name) return;
    const field = target as Field;
    focused = { field, form: formIndex(field.form), name: field.name };
  };
  noteFocus(document.activeElement); // the reader may have been in a field before this module came
  document.addEventListener('focusin', ({ target }) => noteFocus(target), { capture: true, signal });
  document.addEventListener(
    'keydown',
    (event) => {
      const lost = focused && !focused.field.isConnected && document.activeElement === document.body;
      if (!lost || event.isComposing) return;
      // `key` is missing on some keydowns (a browser's autofill sends them): those are not typing.
      const { key } = event as Partial<KeyboardEvent>;
      if (typeof key !== 'string' || key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey)
        return;
      held(event);
      lateKeys += key;
    },
    { capture: true, signal },
  );
  document.addEventListener(
    'submit',
    (event) => {
      if (!inApp(event.target)) return;
      held(event);
      if (failed) return sayAppFailed();
      const form = event.target as HTMLFormElement;
      form.setAttribute('aria-busy', 'true');
      submission = { form, index: formIndex(form), submitter: event.submitter };
    },
    { capture: true, signal },
  );
  document.addEventListener(
    'click',
    (event) => {
      const button = inApp(event.target) ? event.target.closest('button') : null;
      if (!button || button.type !== 'button' || button.closest('[data-language-menu]')) return;
      held(event);
      if (button.hasAttribute('data-password-toggle')) togglePassword(button);
      else if (failed) {
        if (button.closest(`[${APP_FAILED}]`)) window.location.reload();
        else sayAppFailed();
      } else {
        clicks.push(button);
        button.setAttribute('aria-busy', 'true'); // pressed, not lost (styles.css)
      }
    },
    { capture: true, signal },
  );
  const menus = () => {
    for (const menu of document.querySelectorAll<HTMLElement>('#root [data-language-menu]'))
      languageMenu(menu, signal, reloadInLanguage);
  };
  afterParsing(menus, signal);
}

/** Sets a field's value the way typing does, so React's onChange (and the form library) see it. */
function retype(field: Field, { value, checked }: Pick<Typed, 'value' | 'checked'>) {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== checked) field.click();
    return;
  }
  if (field.value === value) return;
  // The prototype's setter: React tracks values set through the element's own, and would ignore this.
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

function handOver() {
  controller.abort();
  for (const [field, was] of typed) {
    const now = field.isConnected ? field : document.forms[was.form]?.elements.namedItem(was.name);
    if (now instanceof HTMLElement && 'value' in now) retype(now as Field, was);
  }
  giveFocusBack();
  for (const button of toggled) {
    if (!button.isConnected) continue;
    togglePassword(button); // back to what React rendered, then React's own handler
    button.click();
  }
  for (const button of clicks) {
    button.removeAttribute('aria-busy');
    if (button.isConnected) button.click();
  }
  if (!submission) return;
  const { form, index, submitter } = submission;
  form.removeAttribute('aria-busy');
  const now = form.isConnected ? form : document.forms[index];
  if (!now) return;
  const sameSubmitter = submitter?.isConnected && now.contains(submitter);
  now.requestSubmit(sameSubmitter ? submitter : undefined);
}

/** The field the reader was in, drawn again by the app: focused, with the keys pressed meanwhile. */
function giveFocusBack() {
  if (!focused || focused.field.isConnected || document.activeElement !== document.body) return;
  const now = document.forms[focused.form]?.elements.namedItem(focused.name);
  if (!(now instanceof HTMLInputElement || now instanceof HTMLTextAreaElement)) return;
  const text = !(now instanceof HTMLInputElement && (now.type === 'checkbox' || now.type === 'radio'));
  if (lateKeys && text) retype(now, { value: now.value + lateKeys, checked: false });
  now.focus();
  try {
    now.setSelectionRange(now.value.length, now.value.length); // typing goes on at the end
  } catch {
    // e-mail fields have no selection to set; the browser's caret is kept
  }
}

/**
 * The app's script (or a module it imports) could not be fetched: the connection dropped after the
 * page came. A browser keeps a module that failed as failed for the page, so only a reload fetches it
 * again. What was pressed is no longer shown as waiting, and the page says so (decision 140); a
 * visitor who had pressed something is taken to the message.
 */
function appFailed() {
  if (isAppReady()) return;
  failed = true;
  const pressed = clicks.length > 0 || submission !== null;
  for (const button of clicks) button.removeAttribute('aria-busy');
  clicks.length = 0;
  submission?.form.removeAttribute('aria-busy');
  submission = null;
  sayAppFailed(pressed);
}

/** Shows the page's message that the app could not be fetched; `focus`: takes the reader to it. */
function sayAppFailed(focus = true) {
  const message = document.querySelector<HTMLElement>(`[${APP_FAILED}]`);
  if (!message) return;
  message.hidden = false;
  if (focus) message.focus();
}

/**
 * Fetches and starts the app. This module's own tag names the app's entry and modules
 * (scripts/prerender.mjs); all are requested at once, as preloads (decision 040).
 */
let appRequested = false;
function loadApp() {
  if (appRequested) return;
  appRequested = true;
  const tag = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
  if (!tag?.dataset.appEntry) return;
  const requests = modulePreloads(tag.dataset.appModules?.split(' ').filter(Boolean) ?? []);
  const entry = Object.assign(document.createElement('script'), { type: 'module', crossOrigin: '' });
  entry.src = tag.dataset.appEntry;
  entry.addEventListener('error', appFailed, { once: true });
  requests.append(entry);
  document.head.append(requests);
}

/** What says the visitor is about to use the page: a touch, a click, a key, focus, the wheel. */
const INTENT = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/**
 * Decision 053: the prerendered page is the page, so the app (~130 kB) is fetched only when the
 * visitor acts on it, not for reading it or leaving by a link; whatever they do before it is ready is
 * held above. Following a link or choosing a language loads another page, so those do not count.
 */
function loadAppOnIntent() {
  const onPage = (target: EventTarget | null) =>
    target instanceof Element && !target.closest('a[href], [data-language-menu]');
  // Focus may have come before this module did (it is `async`): that visitor is already acting.
  const focused = document.activeElement;
  if (focused?.closest('#root') && onPage(focused)) return loadApp();
  const intent = new AbortController();
  const start = ({ target }: Event) => {
    if (!onPage(target)) return;
    intent.abort();
    loadApp();
  };
  for (const type of INTENT)
    document.addEventListener(type, start, { capture: true, passive: true, signal: intent.signal });
}

/**
 * Starts the app once the page has loaded (decision 040: until then the network and the main thread
 * serve the first paint) when it has to draw or decide something the prerendered page cannot: a
 * query, another language, or a stored session (a sign-in page sends a signed-in visitor on).
 */
function loadAppAfterLoad() {
  if (document.readyState === 'complete') loadApp();
  else window.addEventListener('load', loadApp, { once: true });
}

/**
 * Shows the sign-in buttons of the identity providers the server has on (Google, ORCID), which the
 * prerendered page holds hidden: the app would draw them only once it has arrived, and the visitor
 * may be here for one of them. The app's API client then takes this very answer
 * (lib/early-requests.ts). A click on one is held like any other until the app is ready.
 */
async function showProviders(language: string) {
  const place = document.querySelector<HTMLElement>(`[${PROVIDERS_PLACE}]`);
  if (!place) return;
  const response = await startEarly('/auth/config', null, language);
  if (!response.ok) return;
  const { data } = (await response.clone().json()) as { data: AuthConfig };
  if (isAppReady()) return; // the app draws them itself
  const on = (provider: string | undefined) => !!data[provider as keyof AuthConfig]?.enabled;
  for (const button of place.querySelectorAll<HTMLElement>('[data-provider]'))
    button.hidden = !on(button.dataset.provider);
  place.hidden = !Object.keys(data).some(on);
}

/** When the app is fetched: asked once the page's markup is there. */
function schedule() {
  const language = storedLanguage();
  if (!prerenderedPageFits(language) || getToken()) return loadAppAfterLoad();
  loadAppOnIntent();
  showProviders(language).catch(() => {});
}

if (!isAppReady()) {
  listen();
  document.addEventListener(APP_READY, handOver, { once: true });
}
afterParsing(schedule);
