/** The search term of /dashboard lives in the URL (`?q=`), so a reload or a shared link keeps it. */
export const SEARCH_PARAM = 'q';

/**
 * The learner API's paths, in one place: the queries use them, and so does the app shell's early
 * module, which must ask for exactly what the queries will (decision 043).
 */
export const learnerApi = {
  /**
   * A page of the catalogue searched by `q` (already trimmed, see `catalogueSearch`): the first, or the
   * one after the cursor a page gave as `pagination.next` (decision 055).
   */
  approvedCourses(q: string, after?: string): string {
    const params = new URLSearchParams();
    if (q) params.set(SEARCH_PARAM, q);
    if (after) params.set('after', after);
    const search = params.size > 0 ? `?${params.toString()}` : '';
    return `/course/approved${search}`;
  },
  course: (courseId: string) => `/user/course/${encodeURIComponent(courseId)}`,
  overallScore: (courseId: string) => `/user/overall-score/${encodeURIComponent(courseId)}`,
  progress: (courseId: string) => `/user/course/${encodeURIComponent(courseId)}/progress`,
};

/**
 * The catalogue's search term of an address, read the same way by the screen, its loader and the app
 * shell: the shell's early request is used only if all three ask for the same path.
 */
export const catalogueSearch = (params: URLSearchParams): string => (params.get(SEARCH_PARAM) ?? '').trim();
