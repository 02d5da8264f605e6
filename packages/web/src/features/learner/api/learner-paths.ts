import { LEARNER_PAGE_SIZE } from '@app/shared';
import { SEARCH_PARAM } from '../../../lib/search-term.ts';

/** A page of a learner's list, of their page size (decision 148), searched by `q` if given. */
function pageOf(path: string, after?: string, q?: string): string {
  const params = new URLSearchParams({ limit: String(LEARNER_PAGE_SIZE) });
  if (q) params.set(SEARCH_PARAM, q);
  if (after) params.set('after', after);
  return `${path}?${params.toString()}`;
}

/**
 * The learner API's paths, in one place: the queries use them, and so does the app shell's early
 * module, which must ask for exactly what the queries will (decision 043).
 */
export const learnerApi = {
  /**
   * A page of the catalogue searched by `q` (already trimmed, see `searchTermOf`): the first, or the
   * one after the cursor a page gave as `pagination.next` (decision 055).
   */
  approvedCourses: (q: string, after?: string) => pageOf('/course/approved', after, q),
  /** A page of the learner's own courses (decision 196): the first, or the one after a cursor (decision 202). */
  myCourses: (after?: string) => pageOf('/user/courses', after),
  course: (courseId: string) => `/user/course/${encodeURIComponent(courseId)}`,
  overallScore: (courseId: string) => `/user/overall-score/${encodeURIComponent(courseId)}`,
  progress: (courseId: string) => `/user/course/${encodeURIComponent(courseId)}/progress`,
};

/** The dashboard's address parameter, and its value, that show the learner's own courses (decision 196). */
const LIST_PARAM = 'courses';
const MINE = 'mine';
/** The dashboard's address part that shows the learner's own courses. */
export const MY_COURSES_SEARCH = `?${LIST_PARAM}=${MINE}`;

/**
 * Whether the dashboard's address asks for the learner's own courses rather than the catalogue; a
 * search (`q`, already read from it) always looks through the catalogue. Here, as the app shell asks
 * for the dashboard's first page early and must know which.
 */
export const showsMyCourses = (search: URLSearchParams, q: string) => !q && search.get(LIST_PARAM) === MINE;
