import { ADMIN_PAGE_SIZE, CONTRIBUTOR_PAGE_SIZE, LEARNER_PAGE_SIZE } from '@app/shared';
import type { BenchFixtures } from './bench-data.ts';
import type { RequestSpec } from './load-job.ts';

/**
 * Query string each course list is measured with: the first screen's request as the web app sends it,
 * each with its page size.
 */
export const LIST_QUERIES = {
  approved: `?limit=${LEARNER_PAGE_SIZE}`,
  mine: `?limit=${LEARNER_PAGE_SIZE}`,
  all: `?limit=${ADMIN_PAGE_SIZE}&offset=0`,
  contributor: `?limit=${CONTRIBUTOR_PAGE_SIZE}&offset=0`,
} as const;

export interface HotRoute {
  /** Row label in the tables. */
  name: string;
  request: RequestSpec;
  /** One fresh learner per request (enrolment), instead of the same caller every time. */
  freshCallers?: boolean;
  /**
   * The bare route, first and last in the table to show the drift (their ratios are to the mean of
   * the two); every other route's ratio is to a run of it measured right before (decision 068).
   */
  ceiling?: boolean;
  /** Connection i sends these[i % length] instead of `request` (one caller per connection). */
  perConnection?: RequestSpec[];
}

const API = '/api/v1';

/**
 * The administrators' searches the bench measures (`LIST_QUERIES.all` with `q`): a term that matches
 * no course title, text or contributor (the trigram indexes' best case), and one letter that every
 * course matches (their worst: too short for a trigram, every match counted and sorted).
 */
const ADMIN_SEARCHES = { none: 'zz no such course', every: 'a' } as const;
const adminSearch = (term: string) => `${API}/course${LIST_QUERIES.all}&q=${encodeURIComponent(term)}`;

const get = (path: string, token?: string): RequestSpec => ({ method: 'GET', path, token });

/** The bare route and the auth guard are registered by the bench itself (see bench.ts). */
export const CEILING_PATH = `${API}/bench/ceiling`;
export const GUARD_PATH = `${API}/bench/guard`;

/**
 * The hot routes, in table order. The bare route comes first and again last: on a shared machine
 * the ceiling drifts while the others run, and the two runs show by how much.
 */
export function hotRoutes(f: BenchFixtures): HotRoute[] {
  return [
    { name: 'bare route, no database (ceiling)', request: get(CEILING_PATH), ceiling: true },
    { name: 'auth guard only (token + session)', request: get(GUARD_PATH, f.learner) },
    {
      name: '`GET /course/approved` (learner)',
      request: get(`${API}/course/approved${LIST_QUERIES.approved}`, f.learner),
    },
    {
      // Enrolled in none of the page's courses: the answer all such callers share (decision 051).
      name: '`GET /course/approved` (newcomer)',
      request: get(`${API}/course/approved${LIST_QUERIES.approved}`, f.newcomer),
    },
    {
      // "My courses" (decision 196): one range of this learner's enrolments, whatever the others'.
      name: '`GET /user/courses` (learner)',
      request: get(`${API}/user/courses${LIST_QUERIES.mine}`, f.learner),
    },
    { name: '`GET /course` (admin)', request: get(`${API}/course${LIST_QUERIES.all}`, f.admin) },
    {
      name: '`GET /course?q=` (admin search, no match)',
      request: get(adminSearch(ADMIN_SEARCHES.none), f.admin),
    },
    {
      name: '`GET /course?q=` (admin search, every course matches)',
      request: get(adminSearch(ADMIN_SEARCHES.every), f.admin),
    },
    {
      name: '`GET /course/contributor/:id` (owner)',
      request: get(
        `${API}/course/contributor/${f.contributor.id}${LIST_QUERIES.contributor}`,
        f.contributor.token,
      ),
    },
    {
      name: '`GET /user/course/:id`, popular course',
      request: get(`${API}/user/course/${f.popularCourseId}`, f.learner),
    },
    {
      name: '`GET /user/course/:id`, small course',
      request: get(`${API}/user/course/${f.smallCourseId}`, f.learner),
    },
    {
      // Every connection as the same learner on the same quiz: all wait on one score row's lock.
      name: '`POST /course/exercise-score/:id` (quiz submit, one learner)',
      request: {
        method: 'POST',
        path: `${API}/course/exercise-score/${f.popularCourseId}`,
        token: f.learner,
        body: JSON.stringify(f.quizSubmission),
      },
    },
    {
      // What a class does: each connection a different learner submitting a quiz of their course.
      name: '`POST /course/exercise-score/:id` (quiz submit, a learner per connection)',
      request: quizSubmit(f.crowd[0]!),
      perConnection: f.crowd.map(quizSubmit),
    },
    {
      // Idempotent: after the warm-up's first request the lesson is done, and each one answers the
      // learner's progress as it stands, from their cached figures (decision 066).
      name: '`PUT /user/course/:id/completion/:lesson` (lesson done again)',
      request: {
        method: 'PUT',
        path: `${API}/user/course/${f.popularCourseId}/completion/${f.lessonId}`,
        token: f.learner,
      },
    },
    {
      name: '`GET /user/course/:id/progress`',
      request: get(`${API}/user/course/${f.popularCourseId}/progress`, f.learner),
    },
    {
      name: '`GET /user/overall-score/:id`',
      request: get(`${API}/user/overall-score/${f.popularCourseId}`, f.learner),
    },
    {
      name: '`GET /course/enroll/:id` (new learner each time)',
      request: get(`${API}/course/enroll/${f.popularCourseId}`),
      freshCallers: true,
    },
    { name: 'bare route again, after the others', request: get(CEILING_PATH), ceiling: true },
  ];
}

const quizSubmit = (member: CrowdMember): RequestSpec => ({
  method: 'POST',
  path: `${API}/course/exercise-score/${member.courseId}`,
  token: member.token,
  body: JSON.stringify(member.quiz),
});

type CrowdMember = BenchFixtures['crowd'][number];
/**
 * One crowd learner's loop in --load, step by step: the catalogue, their course (twice: it is read
 * more often than anything is submitted), a quiz submission and their overall score. The names head
 * the --load table by step.
 */
const LEARNER_LOOP = [
  ['catalogue', (m: CrowdMember) => get(`${API}/course/approved${LIST_QUERIES.approved}`, m.token)],
  ['course view', (m: CrowdMember) => get(`${API}/user/course/${m.courseId}`, m.token)],
  ['quiz submit', quizSubmit],
  ['course view again', (m: CrowdMember) => get(`${API}/user/course/${m.courseId}`, m.token)],
  ['overall score', (m: CrowdMember) => get(`${API}/user/overall-score/${m.courseId}`, m.token)],
] as const;

export const LEARNER_LOOP_STEPS = LEARNER_LOOP.map(([name]) => name);

export const learnerLoop = (member: CrowdMember): RequestSpec[] =>
  LEARNER_LOOP.map(([, request]) => request(member));
