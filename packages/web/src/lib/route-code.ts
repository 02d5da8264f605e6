import { sessionStore } from './browser-storage.ts';
import { onceServerAnswers, serverAnswers } from './outage-recovery.ts';

/**
 * Whether `error` is the browser failing to fetch a module of the app: Chromium's, Firefox's and
 * Safari's words for a failed `import()`, and Vite's for a style sheet it fetches alongside one.
 */
export const codeNotFetched = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/.test(error.message);

let waiting = 0;
const listeners = new Set<() => void>();
const setWaiting = (change: 1 | -1) => {
  waiting += change;
  listeners.forEach((listener) => listener());
};

/** Whether a page's code is waiting for the server to answer (the toast of `CodeWaitToast` says so). */
export const codeWaitsForServer = () => waiting > 0;

export function subscribeCodeWait(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** One watch of the server's health (decision 160's waits) for every page's code waiting on it. */
let serverBack: Promise<void> | undefined;
const whenServerAnswers = () =>
  (serverBack ??= new Promise<void>((resolve) =>
    onceServerAnswers(() => {
      serverBack = undefined;
      resolve();
    }),
  ));

/** The address being opened, told by the router (`router.tsx`); the page's own until then. */
let target: () => string | undefined = () => undefined;
export function tellTargetWith(get: () => string | undefined) {
  target = get;
}

/** The reload of `reloadTarget` last made, kept for the tab: it is made once a minute per address at most. */
const RELOADED_KEY = 'code-reloaded';
const RELOAD_AGAIN_AFTER_MS = 60_000;

/**
 * The server answers, yet the code did not come: the app on the page is older than the server's (its
 * files were replaced by a deploy), or this browser keeps a failed module as failed. The address being
 * opened is loaded whole, with the new app. If that very reload was just made, the error stands
 * (the root error page offers a reload and the way home) instead of reloading for ever.
 */
function reloadTarget(error: unknown): Promise<never> {
  const href = target() ?? window.location.href;
  const last = sessionStore.getItem(RELOADED_KEY)?.split(' ');
  if (last?.[1] === href && Date.now() - Number(last[0]) < RELOAD_AGAIN_AFTER_MS) throw error;
  sessionStore.setItem(RELOADED_KEY, `${Date.now()} ${href}`);
  window.location.assign(href);
  return new Promise<never>(() => {});
}

/**
 * A route's code (its module, its catalogs, the guards), fetched on demand. When it cannot be fetched
 * because the server does not answer, the navigation waits instead of failing: the page on screen stays,
 * a toast says the page will open once the server answers, and the code is fetched again as soon as it
 * does (the health watch of decision 160) — the browser keeps no failed `import()` (Chromium fetches
 * it again), so the module is the same one the rest of the app imports. A fetch that fails while the
 * server answers loads the address whole instead (`reloadTarget`). Any other error is the route's.
 */
export async function loadRouteCode<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!codeNotFetched(error)) throw error;
      if (await serverAnswers()) return reloadTarget(error);
      setWaiting(1);
      try {
        await whenServerAnswers();
      } finally {
        setWaiting(-1);
      }
    }
  }
}
