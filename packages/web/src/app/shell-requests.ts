import { learnerApi } from '../features/learner/api/learner-paths.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { startEarly } from '../lib/early-requests.ts';
import { paths } from '../lib/paths.ts';
import { getToken } from '../lib/session-storage.ts';

/**
 * The app shell's first script (decision 043; scripts/prerender.mjs gives app.html an `async` tag for
 * it, ahead of the app). For a signed-in visitor it asks the API at once for what the first screen
 * will ask, so the answers travel while the app's JavaScript does; the API client then takes them
 * (lib/early-requests.ts). Only what the screen surely asks: the session's user (every guard), the
 * catalogue's first page on /dashboard, the course on /course/:id.
 */
function firstScreenRequests(pathname: string, search: URLSearchParams): string[] {
  if (pathname === paths.dashboard)
    return ['/auth/user', learnerApi.approvedCourses((search.get('q') ?? '').trim(), 0)];
  const course = /^\/course\/([^/]+)$/.exec(pathname)?.[1];
  if (course && `/course/${course}` !== paths.addCourse)
    return ['/auth/user', learnerApi.course(decodeURIComponent(course))];
  return ['/auth/user'];
}

const token = getToken();
if (token) {
  const language = currentLanguage();
  for (const path of firstScreenRequests(location.pathname, new URLSearchParams(location.search)))
    startEarly(path, token, language);
}
