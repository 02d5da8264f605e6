import type { CourseListResponse, LearnerCourse } from '@app/shared';
import { learnerApi, showsMyCourses } from '../features/learner/api/learner-paths.ts';
import { searchTermOf } from '../lib/search-term.ts';
import { paths, SELECTED_LESSON_PARAM } from '../lib/paths.ts';

/**
 * The screens the app shell prepares before the app has arrived (decisions 043, 044): a signed-in
 * visit that starts on one of them. `pattern` is the route's path in app/routes.tsx and its key in
 * scripts/public-pages.mjs, which lists the route's modules for the shell to preload
 * (first-screens.test.ts keeps the three in step).
 */
export interface FirstScreen {
  pattern: string;
  /** The screen's own API request for this address (what its query will ask), or null if not this screen. */
  request(pathname: string, search: URLSearchParams): string | null;
  /** The cover image in that request's answer, when this address shows it: the screen's largest paint. */
  cover(answer: unknown, search: URLSearchParams): string | null | undefined;
  /**
   * What the screen asks as soon as its own request has answered (decision 049). The shell asks for
   * them only once that answer is OK: after a refusal (not enrolled) the screen never asks them, and an
   * answer left waiting could be taken later, after an enrolment, out of date.
   */
  followUps?(pathname: string): string[];
}

const courseId = (pathname: string) => {
  const id = /^\/course\/([^/]+)$/.exec(pathname)?.[1];
  return id && `/course/${id}` !== paths.addCourse ? decodeURIComponent(id) : null;
};

/** The course viewer's route pattern (app/routes.tsx), which also names its own app shell (decision 118). */
export const COURSE_SCREEN = '/course/:id';

export const FIRST_SCREENS: FirstScreen[] = [
  {
    pattern: paths.dashboard,
    request: (pathname, search) => {
      if (pathname !== paths.dashboard) return null;
      const q = searchTermOf(search);
      return showsMyCourses(search, q) ? learnerApi.myCourses() : learnerApi.approvedCourses(q);
    },
    cover: (answer) => (answer as CourseListResponse).data[0]?.preview_image,
  },
  {
    pattern: COURSE_SCREEN,
    request: (pathname) => {
      const id = courseId(pathname);
      return id === null ? null : learnerApi.course(id);
    },
    // Only the course's welcome shows it; a lesson named in the address opens on that lesson.
    cover: (answer, search) =>
      search.has(SELECTED_LESSON_PARAM) ? null : (answer as { data: LearnerCourse }).data.preview_image,
    followUps: (pathname) => {
      const id = courseId(pathname);
      return id === null ? [] : [learnerApi.overallScore(id), learnerApi.progress(id)];
    },
  },
];
