import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@app/shared';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import {
  answers,
  courseAction,
  courseBody,
  createCourse,
  multipart,
  pngCover,
  tinyPdf,
  uploadFile,
  type CreatedCourse,
} from '../test/course-fixtures.ts';

/**
 * Who may call what (api.md): every course, learning, files and session route, called by every kind
 * of caller, must answer exactly the status in its row. Each case gets a fresh course in the state
 * the row asks for, so no case depends on another.
 */

const CALLERS = ['anonymous', 'learner', 'owner', 'other contributor', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Expected = [anonymous: number, learner: number, owner: number, other: number, admin: number];

interface Setup {
  status?: 'Pending' | 'Approved';
  /** The learner has enrolled (only possible while Approved). */
  enrolled?: boolean;
  /** An administrator has disabled editing. */
  locked?: boolean;
  /** The request ends the caller's session, so it gets users of its own. */
  freshUsers?: boolean;
}

interface Context {
  t: TestApp;
  course: CreatedCourse;
  owner: TestUser;
  pdfUrl: string;
  /** Who sends the request (null: anonymous). */
  caller: TestUser | null;
}

/** A PDF a course of the caller's may point at (decision 205): their own upload, when they may upload. */
const callersPdf = async (c: Context) =>
  c.caller && c.caller.role !== 'EndUser'
    ? (await uploadFile(c.t, c.caller, { data: tinyPdf(), filename: 'notes.pdf' })).secure_url
    : c.pdfUrl;

interface Row {
  route: string;
  setup?: Setup;
  request: (c: Context) => Promise<InjectOptions> | InjectOptions;
  expected: Expected;
}

const get = (url: string): InjectOptions => ({ method: 'GET', url });

async function multipartRequest(
  method: 'POST' | 'PATCH',
  url: string,
  parts: Parameters<typeof multipart>[0],
) {
  const form = await multipart(parts);
  return { method, url, headers: form.headers, payload: form.payload } satisfies InjectOptions;
}

async function editBody(c: Context): Promise<string> {
  const response = await c.t.app.inject({
    method: 'GET',
    url: `/api/v1/course/${c.course._id}`,
    headers: c.owner.auth,
  });
  const course = response.json<{ data: Course }>().data;
  return JSON.stringify({ ...course, coursesection: course.course_section, title: 'Edited' });
}

const rows: Row[] = [
  { route: 'GET /auth/user', request: () => get('/api/v1/auth/user'), expected: [401, 200, 200, 200, 200] },
  {
    route: 'PATCH /auth/user (only ever the caller’s own account)',
    request: () => ({ method: 'PATCH', url: '/api/v1/auth/user', payload: { preferred_language: 'ar' } }),
    expected: [401, 200, 200, 200, 200],
  },
  {
    route: 'POST /auth/logout',
    setup: { freshUsers: true },
    request: () => ({ method: 'POST', url: '/api/v1/auth/logout' }),
    expected: [401, 200, 200, 200, 200],
  },
  { route: 'GET /course', request: () => get('/api/v1/course'), expected: [401, 403, 403, 403, 200] },
  {
    route: 'GET /course/approved',
    request: () => get('/api/v1/course/approved'),
    expected: [401, 200, 200, 200, 200],
  },
  {
    route: "GET /course/contributor/:id (the owner's id)",
    request: (c) => get(`/api/v1/course/contributor/${c.owner.id}`),
    expected: [401, 403, 200, 403, 200],
  },
  {
    route: 'GET /course/:id',
    request: (c) => get(`/api/v1/course/${c.course._id}`),
    expected: [401, 404, 200, 404, 200],
  },
  {
    route: 'POST /course/new',
    request: async (c) =>
      multipartRequest('POST', '/api/v1/course/new', {
        file: pngCover,
        body: JSON.stringify(courseBody(await callersPdf(c))),
      }),
    expected: [401, 403, 201, 201, 201],
  },
  {
    route: 'PATCH /course/:id',
    request: async (c) =>
      multipartRequest('PATCH', `/api/v1/course/${c.course._id}`, { body: await editBody(c) }),
    expected: [401, 404, 200, 404, 200],
  },
  {
    route: 'PATCH /course/:id (editing disabled)',
    setup: { locked: true },
    request: async (c) =>
      multipartRequest('PATCH', `/api/v1/course/${c.course._id}`, { body: await editBody(c) }),
    expected: [401, 404, 403, 404, 200],
  },
  {
    route: 'GET /course/approve/:id (Pending)',
    request: (c) => get(`/api/v1/course/approve/${c.course._id}`),
    expected: [401, 403, 403, 403, 200],
  },
  {
    route: 'GET /course/pending/:id (Approved)',
    setup: { status: 'Approved' },
    request: (c) => get(`/api/v1/course/pending/${c.course._id}`),
    expected: [401, 403, 403, 403, 200],
  },
  {
    route: 'GET /course/archive/:id',
    request: (c) => get(`/api/v1/course/archive/${c.course._id}`),
    expected: [401, 404, 200, 404, 200],
  },
  {
    route: 'GET /course/toggle-available/:id (Approved)',
    setup: { status: 'Approved' },
    request: (c) => get(`/api/v1/course/toggle-available/${c.course._id}`),
    expected: [401, 403, 403, 403, 200],
  },
  {
    route: 'GET /course/toggle-editing/:id',
    request: (c) => get(`/api/v1/course/toggle-editing/${c.course._id}`),
    expected: [401, 403, 403, 403, 200],
  },
  {
    route: 'GET /course/enroll/:courseId (Approved)',
    setup: { status: 'Approved' },
    request: (c) => get(`/api/v1/course/enroll/${c.course._id}`),
    expected: [401, 200, 200, 200, 200],
  },
  {
    route: 'GET /course/enroll/:courseId (Pending)',
    request: (c) => get(`/api/v1/course/enroll/${c.course._id}`),
    expected: [401, 404, 409, 404, 409],
  },
  {
    route: 'POST /course/exercise-score/:courseId (learner enrolled)',
    setup: { status: 'Approved', enrolled: true },
    request: (c) => ({
      method: 'POST',
      url: `/api/v1/course/exercise-score/${c.course._id}`,
      payload: answers(c.course, 2),
    }),
    expected: [401, 200, 200, 403, 200],
  },
  {
    route: 'GET /user/course/:id (learner enrolled)',
    setup: { status: 'Approved', enrolled: true },
    request: (c) => get(`/api/v1/user/course/${c.course._id}`),
    expected: [401, 200, 200, 403, 200],
  },
  {
    route: 'GET /user/course/:id (learner not enrolled)',
    setup: { status: 'Approved' },
    request: (c) => get(`/api/v1/user/course/${c.course._id}`),
    expected: [401, 403, 200, 403, 200],
  },
  {
    route: 'GET /user/course/:id (Pending)',
    request: (c) => get(`/api/v1/user/course/${c.course._id}`),
    expected: [401, 404, 200, 404, 200],
  },
  {
    route: 'GET /user/overall-score/:id (learner enrolled)',
    setup: { status: 'Approved', enrolled: true },
    request: (c) => get(`/api/v1/user/overall-score/${c.course._id}`),
    expected: [401, 200, 200, 403, 200],
  },
  {
    route: 'PUT /user/course/:courseId/completion/:resourceId (learner enrolled)',
    setup: { status: 'Approved', enrolled: true },
    request: (c) => ({
      method: 'PUT',
      url: `/api/v1/user/course/${c.course._id}/completion/${c.course.course_section[0]!.resources[0]!._id}`,
    }),
    expected: [401, 200, 200, 403, 200],
  },
  {
    route: 'PUT /user/course/:courseId/completion/:resourceId (Pending)',
    request: (c) => ({
      method: 'PUT',
      url: `/api/v1/user/course/${c.course._id}/completion/${c.course.course_section[0]!.resources[0]!._id}`,
    }),
    expected: [401, 404, 200, 404, 200],
  },
  {
    route: 'GET /user/course/:courseId/progress (learner not enrolled)',
    setup: { status: 'Approved' },
    request: (c) => get(`/api/v1/user/course/${c.course._id}/progress`),
    expected: [401, 403, 200, 403, 200],
  },
  {
    route: 'POST /files',
    request: () =>
      multipartRequest('POST', '/api/v1/files', { file: { data: tinyPdf(), filename: 'n.pdf' } }),
    expected: [401, 403, 201, 201, 201],
  },
  {
    route: 'GET /files/:id (public by unguessable id)',
    request: (c) => get(c.course.preview_image as string),
    expected: [200, 200, 200, 200, 200],
  },
];

describe('access control: every route × every kind of caller', () => {
  let t: TestApp;
  let users: Record<Exclude<Caller, 'anonymous'>, TestUser>;

  beforeAll(async () => {
    t = await createTestApp();
    users = await makeUsers();
  });
  afterAll(() => t.close());

  async function makeUsers() {
    return {
      learner: await createUser(t, 'EndUser'),
      owner: await createUser(t, 'Contributor'),
      'other contributor': await createUser(t, 'Contributor'),
      admin: await createUser(t, 'SuperAdmin'),
    };
  }

  const cases = rows.flatMap((row) =>
    CALLERS.map((caller, i) => ({ row, caller, status: row.expected[i]! })),
  );

  it.each(cases.map((c) => [c.row.route, c.caller, c.status, c] as const))(
    '%s as %s → %i',
    async (_route, caller, status, { row }) => {
      const setup = row.setup ?? {};
      const who = setup.freshUsers ? await makeUsers() : users;
      const admin = who.admin;
      const course = await createCourse(t, who.owner);
      const pdfUrl = course.course_section[0]!.resources[1]!.file!;
      if (setup.status === 'Approved') await courseAction(t, admin, 'approve', course._id);
      if (setup.enrolled)
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/course/enroll/${course._id}`,
          headers: who.learner.auth,
        });
      if (setup.locked) await courseAction(t, admin, 'toggle-editing', course._id);

      const user = caller === 'anonymous' ? null : who[caller];
      const request = await row.request({ t, course, owner: who.owner, pdfUrl, caller: user });
      const auth = user?.auth ?? {};
      const response = await t.app.inject({ ...request, headers: { ...request.headers, ...auth } });

      expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
      if (status >= 400)
        expect(response.json()).toMatchObject({ success: false, code: expect.any(String) as string });
    },
  );
});

/**
 * Decision 163: the guard answers before the body is read or any input is checked, so a caller who
 * may not use a route learns nothing of what its input should look like, and nothing is parsed for
 * them. Each request here is malformed; the caller allowed to use the route still gets the 400.
 */
describe('access control comes before reading the input', () => {
  let t: TestApp;
  let learner: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    learner = await createUser(t, 'EndUser');
    admin = await createUser(t, 'SuperAdmin');
  });
  afterAll(() => t.close());

  const brokenJson = (method: 'POST' | 'PATCH', url: string): InjectOptions => ({
    method,
    url,
    headers: { 'content-type': 'application/json' },
    payload: '{"title":',
  });
  const cases: [name: string, request: InjectOptions, anonymous: number, learner: number, admin: number][] = [
    ['a malformed course id', get('/api/v1/user/course/abc'), 401, 400, 400],
    ['an unknown order on the administrators’ list', get('/api/v1/course?sort=password'), 401, 403, 400],
    ['a body that is not JSON on course creation', brokenJson('POST', '/api/v1/course/new'), 401, 403, 400],
    ['a body that is not JSON on a course edit', brokenJson('PATCH', '/api/v1/course/abc'), 401, 400, 400],
    [
      'an upload that is not a form',
      { method: 'POST', url: '/api/v1/files', headers: { 'content-type': 'text/plain' }, payload: 'x' },
      401,
      403,
      415,
    ],
  ];

  it.each(cases)('%s → anonymous, learner, administrator', async (_name, request, ...expected) => {
    const statuses = [];
    for (const auth of [{}, learner.auth, admin.auth]) {
      const response = await t.app.inject({ ...request, headers: { ...request.headers, ...auth } });
      expect(response.json()).toMatchObject({ success: false, code: expect.any(String) as string });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual(expected);
  });
});
