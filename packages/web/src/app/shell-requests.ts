import { currentLanguage } from '../i18n/i18n.ts';
import { startEarly } from '../lib/early-requests.ts';
import { modulePreloads } from '../lib/module-preloads.ts';
import { numberFormat } from '../lib/number-formats.ts';
import { getToken } from '../lib/session-storage.ts';
import { FIRST_SCREENS } from './first-screens.ts';

/**
 * The app shell's first script (decision 043; scripts/prerender.mjs gives app.html an `async` tag for
 * it, ahead of the app). For a signed-in visitor it asks the API at once for what the first screen
 * will ask, so the answers travel while the app's JavaScript does; the API client then takes them
 * (lib/early-requests.ts). Only what the screen surely asks: the session's user (every guard) and,
 * on a first screen (app/first-screens.ts), its own request. Decision 044: it also fetches that
 * screen's modules and stylesheets, named in this script's tag (the app would ask for them only after
 * its entry has run), and its cover image once the answer names it.
 */
function prepare(token: string) {
  const language = currentLanguage();
  void startEarly('/auth/user', token, language);
  const search = new URLSearchParams(location.search);
  for (const screen of FIRST_SCREENS) {
    const request = screen.request(location.pathname, search);
    if (request === null) continue;
    // The request goes first: over HTTP/1.1 the browser opens six connections per origin, and the
    // screen's ~30 module preloads would otherwise queue it behind them.
    void startEarly(request, token, language)
      // This callback was registered first, so it runs before the app reads the answer: the clone is
      // taken in time, and the follow-ups are started before the app's loader looks for them.
      .then((response) => {
        if (!response.ok) return null;
        for (const path of screen.followUps?.(location.pathname) ?? [])
          void startEarly(path, token, language);
        return response.clone().json();
      })
      .then((answer) => {
        preload(answer ? screen.cover(answer, search) : null, 'image');
        // Both screens show percentages. A language's first number format loads its locale data
        // (~25 ms on a desktop for Arabic, four times that on a phone), which the first render would
        // otherwise pay: here it is a task of its own, once the cover and follow-ups are on their way.
        setTimeout(() => numberFormat(language, 'percent'));
      })
      .catch(() => {});
    const files = screenFiles(screen.pattern);
    document.head.append(modulePreloads(files.filter((file) => file.endsWith('.js'))));
    for (const file of files) if (file.endsWith('.css')) preload(file, 'style');
    return;
  }
}

/** The screen's modules and stylesheets: scripts/prerender.mjs lists them in `data-screen-files`. */
function screenFiles(pattern: string): string[] {
  const listed = document.querySelector<HTMLScriptElement>('script[data-screen-files]')?.dataset.screenFiles;
  const files = listed ? (JSON.parse(listed) as Record<string, string[] | undefined>)[pattern] : undefined;
  return files ?? [];
}

/**
 * A stylesheet is only fetched: the screen's module adds it (and waits for it) as Vite does. The cover
 * goes at high priority: it is the screen's largest paint.
 */
function preload(href: string | null | undefined, as: 'image' | 'style') {
  if (!href) return;
  const link = Object.assign(document.createElement('link'), { rel: 'preload', as, href });
  if (as === 'image') link.setAttribute('fetchpriority', 'high');
  else link.crossOrigin = ''; // as Vite's own stylesheet link will be, or the browser fetches it again
  document.head.append(link);
}

const token = getToken();
if (token) prepare(token);
