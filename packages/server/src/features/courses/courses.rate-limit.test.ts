import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@app/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  courseBody,
  createCourse,
  patchCourse,
  postCourse,
  tinyPdf,
  uploadFile,
} from '../../test/course-fixtures.ts';
import {
  COURSE_SAVE_BYTES_PER_USER_PER_MINUTE,
  COURSE_SAVE_ROWS_PER_USER_PER_MINUTE,
  COURSE_SAVES_IN_FLIGHT_PER_USER,
} from './courses.routes.ts';

const tooMuchSaved = {
  success: false,
  code: 'RATE_LIMITED',
  message: 'You have saved courses too often in the last minute. Please wait a minute and try again.',
};

/** Decision 114: course saves, creations and edits together, are limited per user. */
describe('courses: saves per user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => {
    vi.useRealTimers();
    return t.close();
  });

  /** A save refused as malformed JSON (400) that still carries about `bytes` (it is counted). */
  const bulky = (bytes: number) => `{"title": "${'x'.repeat(bytes)}`;

  it(`refuses saves once a user's have carried ${COURSE_SAVE_BYTES_PER_USER_PER_MINUTE / 1e6} MB in a minute: 429, Retry-After, the envelope, in the caller's language`, async () => {
    const author = await createUser(t, 'Contributor');
    const course = await createCourse(t, author);
    const pdf = await uploadFile(t, author, { data: tinyPdf(), filename: 'notes.pdf' });
    // A hundred small saves are nothing: it is what they carry that counts, not how many they are.
    for (let save = 0; save < 100; save++)
      expect((await postCourse(t, author, '{')).statusCode, `small save ${save}`).toBe(400);

    // Edits count with creations, refused ones too (the body is read after the limit).
    const chunk = 900_000;
    // The last of them is admitted with the total under the budget, and takes it over.
    const admitted = Math.ceil(COURSE_SAVE_BYTES_PER_USER_PER_MINUTE / chunk);
    for (let save = 0; save < admitted; save++) {
      const response =
        save % 2
          ? await patchCourse(t, author, course._id, bulky(chunk))
          : await postCourse(t, author, bulky(chunk));
      expect(response.statusCode, `big save ${save}`).toBe(400);
    }

    const refused = await postCourse(t, author, courseBody(pdf.secure_url));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMuchSaved);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);

    const inArabic = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/course/${course._id}`,
      headers: { ...author.auth, 'accept-language': 'ar' },
    });
    expect(inArabic.statusCode).toBe(429);
    expect(inArabic.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message:
        'لقد حفظت الدورات مرات كثيرة جدًا خلال الدقيقة الأخيرة. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
    });

    // Another author is not affected; a learner is refused by the guard first, not counted.
    const other = await createUser(t, 'Contributor');
    expect((await postCourse(t, other, '{')).statusCode).toBe(400);
    const learner = await createUser(t, 'EndUser');
    expect((await postCourse(t, learner, '{')).statusCode).toBe(403);

    // Once the minute is over, the author saves again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (wait + 1) * 1000 });
    try {
      const again = await postCourse(t, author, courseBody(pdf.secure_url));
      expect(again.statusCode).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  /** A course as large as a course may be (decision 204), of videos only: 45 kB, its rows below. */
  const largest = () =>
    courseBody('', {
      coursesection: Array.from({ length: LIMITS.sectionsMax }, (_, s) => ({
        title: `Part ${s}`,
        description: 'D',
        resources: Array.from({ length: LIMITS.courseResourcesMax / LIMITS.sectionsMax }, (_, r) => ({
          type: 'video',
          title: `Video ${r}`,
          description: 'D',
          link: 'https://youtu.be/dQw4w9WgXcQ',
        })),
      })) as never,
    });
  /** The course's own row, its sections' and its resources'. */
  const largestRows = 1 + LIMITS.sectionsMax + LIMITS.courseResourcesMax;
  /** Saves of the largest course admitted in a minute: the last one with the total before it under the budget. */
  const admitted = Math.ceil(COURSE_SAVE_ROWS_PER_USER_PER_MINUTE / largestRows);
  const tooManyRows = {
    success: false,
    code: 'RATE_LIMITED',
    message:
      'Your course saves in the last minute changed too many sections and lessons. Please wait a minute and try again.',
  };

  it(`takes ${admitted} saves of the largest course in a minute, and refuses the next before it writes (decision 209)`, async () => {
    expect(admitted).toBeGreaterThanOrEqual(5); // more than a person presses Save on such a course
    const author = await createUser(t, 'Contributor');
    const created = await postCourse(t, author, largest());
    expect(created.statusCode).toBe(201);
    const course = created.json<{ data: { course: { _id: string; version: number } } }>().data.course;
    // Each edit sends no ids: every resource is new, the old ones deleted (the review's loop).
    for (let save = 1; save < admitted; save++)
      expect((await patchCourse(t, author, course._id, largest())).statusCode, `save ${save}`).toBe(200);

    const refused = await patchCourse(t, author, course._id, largest());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooManyRows);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    const inArabic = await postCourse(t, author, largest(), undefined, { 'accept-language': 'ar' });
    expect(inArabic.statusCode).toBe(429);
    expect(inArabic.json<{ message: string }>().message).toBe(
      'غيّرت عمليات حفظ الدورات خلال الدقيقة الأخيرة عددًا كبيرًا جدًا من الأقسام والدروس. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
    );
    // Nothing of the refused saves was written.
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/${course._id}`,
      headers: author.auth,
    });
    expect(stored.json<{ data: { version: number } }>().data.version).toBe(course.version + admitted - 1);
    // Far below the byte budget all along: it is the rows that are counted.
    expect(JSON.stringify(largest()).length * (admitted + 2)).toBeLessThan(
      COURSE_SAVE_BYTES_PER_USER_PER_MINUTE / 5,
    );

    // Another author is not affected.
    const other = await createUser(t, 'Contributor');
    expect((await postCourse(t, other, largest())).statusCode).toBe(201);

    // Once the minute is over, the author saves again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (wait + 1) * 1000 });
    try {
      expect((await patchCourse(t, author, course._id, largest())).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the rows of refused saves, on their raw body, at most a whole course each (decision 209)', async () => {
    const author = await createUser(t, 'Contributor');
    const course = await createCourse(t, author);
    // 2 kB each, refused (400: its parts are invalid), each sending the rows of the largest course;
    // one is the Draft form's wrapper, one a body far past the limits (it counts as the largest).
    const empty = (sections: number, resources: number) => ({
      title: 'T',
      coursesection: Array.from({ length: sections }, () => ({
        resources: Array.from({ length: resources }, () => ({})),
      })),
    });
    const heavy = empty(LIMITS.sectionsMax, LIMITS.courseResourcesMax / LIMITS.sectionsMax);
    const bodies = [{ newData: heavy, status: 'Draft' }, empty(LIMITS.sectionsMax * 2, 15), heavy];
    // The course made first counted its rows: its own, 2 sections and 3 resources.
    const before = 6;
    const refusedFrom = Math.ceil((COURSE_SAVE_ROWS_PER_USER_PER_MINUTE - before) / largestRows);
    for (let save = 0; save < refusedFrom; save++) {
      const body = bodies[save % bodies.length];
      const response =
        save % 2 ? await patchCourse(t, author, course._id, body) : await postCourse(t, author, body);
      expect(response.statusCode, `save ${save}`).toBe(400);
    }
    const refused = await postCourse(t, author, heavy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooManyRows);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A small save is refused as well now: the minute's rows are spent.
    expect((await patchCourse(t, author, course._id, courseBody(''))).statusCode).toBe(429);
  });

  it(`runs at most ${COURSE_SAVES_IN_FLIGHT_PER_USER} saves of one user at a time, and answers another at once with 429`, async () => {
    const author = await createUser(t, 'Contributor');
    const course = await createCourse(t, author);
    // Saves whose bodies are still arriving: they are in flight until their streams end.
    const open = (user: TestUser, method: 'POST' | 'PATCH') => {
      const body = new PassThrough();
      const answer = t.app.inject({
        method,
        url: method === 'POST' ? '/api/v1/course/new' : `/api/v1/course/${course._id}`,
        headers: { ...user.auth, 'content-type': 'multipart/form-data; boundary=x' },
        payload: body,
      });
      body.write('--x\r\nContent-Disposition: form-data; name="body"\r\n\r\n{');
      return { answer, end: () => body.end('\r\n--x--\r\n') };
    };
    const running = [open(author, 'POST'), open(author, 'PATCH')];
    // Let both reach their handlers (they wait for the rest of their bodies there).
    await new Promise((resolve) => setTimeout(resolve, 200));

    const third = await patchCourse(t, author, course._id, '{');
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Your earlier course saves are still in progress. Please wait a moment and try again.',
    });
    // Someone else's saves are theirs.
    expect((await postCourse(t, await createUser(t, 'Contributor'), '{')).statusCode).toBe(400);

    for (const save of running) save.end();
    expect((await Promise.all(running.map((save) => save.answer))).map((r) => r.statusCode)).toEqual([
      400, 400,
    ]);
    // Done (refused or not), they leave room for the next.
    expect((await patchCourse(t, author, course._id, '{')).statusCode).toBe(400);
  });
});
