import { currentLanguage } from '../i18n/i18n.ts';
import { startEarly } from '../lib/early-requests.ts';
import { modulePreloads } from '../lib/module-preloads.ts';
import { getToken } from '../lib/session-storage.ts';
import { FIRST_SCREENS } from './first-screens.ts';

/**
 * The app shell's first script (decision 043; scripts/prerender.mjs gives app.html an `async` tag for
 * it, ahead of the app). For a signed-in visitor it asks the API at once for what the first screen
 * will ask, so the answers travel while the app's JavaScript does; the API client then takes them
 * (lib/early-requests.ts). Only what the screen surely asks: the session's user (every guard) and,
 * on a first screen (app/first-screens.ts), its own request. Decision 044: it also fetches that
 * screen's modules, named in this script's tag (the app would ask for them only after its entry has
 * run), and its cover image once the answer names it.
 */
function prepare(token: string) {
  const language = currentLanguage();
  void startEarly('/auth/user', token, language);
  const search = new URLSearchParams(location.search);
  for (const screen of FIRST_SCREENS) {
    const request = screen.request(location.pathname, search);
    if (request === null) continue;
    document.head.append(modulePreloads(screenModules(screen.pattern)));
    void startEarly(request, token, language)
      // The clone is taken before the app reads the answer: this callback was registered first.
      .then((response) => (response.ok ? response.clone().json() : null))
      .then((answer) => preloadImage(answer ? screen.cover(answer) : null))
      .catch(() => {});
    return;
  }
}

/** The screen's modules, listed by scripts/prerender.mjs in this script's `data-screen-modules`. */
function screenModules(pattern: string): string[] {
  const listed = document.querySelector<HTMLScriptElement>('script[data-screen-modules]')?.dataset
    .screenModules;
  const modules = listed ? (JSON.parse(listed) as Record<string, string[] | undefined>)[pattern] : undefined;
  return modules ?? [];
}

function preloadImage(href: string | null | undefined) {
  if (!href) return;
  const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href });
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

const token = getToken();
if (token) prepare(token);
