import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type Course, type CourseInput } from '@app/shared';
import { courseEvents, courseSections, courses, files, resources } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  courseBody,
  createCourse,
  multipart,
  patchCourse,
  postCourse,
  TINY_JPEG,
  TINY_PNG,
  tinyPdf,
  uploadFile,
  type FilePart,
} from '../../test/course-fixtures.ts';

/** Every refusal leaves the database exactly as it was: no course, section, resource, file or event. */
describe('courses: bad input is refused with a 4xx and leaves nothing behind', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let pdfUrl: string;
  let pngUrl: string;
  let jpegUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    other = await createUser(t, 'Contributor');
    pdfUrl = (await uploadFile(t, owner, { data: tinyPdf(), filename: 'notes.pdf' })).secure_url;
    // A PNG renamed .pdf is stored as what it is: an image.
    pngUrl = (await uploadFile(t, owner, { data: TINY_PNG, filename: 'fake.pdf', type: 'application/pdf' }))
      .secure_url;
    jpegUrl = (
      await uploadFile(t, owner, { data: TINY_JPEG, filename: 'notpdf.pdf', type: 'application/pdf' })
    ).secure_url;
  });
  afterAll(() => t.close());

  async function rowCounts() {
    const tables = { courses, courseSections, resources, files, courseEvents };
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => [
        name,
        (await t.db.select({ n: count() }).from(table))[0]!.n,
      ]),
    );
    return Object.fromEntries(entries) as Record<string, number>;
  }

  /**
   * A valid body with one change made by `edit` (on a fresh copy), built when the test runs (the
   * uploaded PDF's URL is only known then).
   */
  const bodyWith = (edit: (body: CourseInput & Record<string, unknown>) => void) => () => {
    const body = structuredClone(courseBody(pdfUrl)) as CourseInput & Record<string, unknown>;
    edit(body);
    return body;
  };
  const quizOfBody = (body: CourseInput) => {
    const quiz = body.coursesection[1]!.resources[0]!;
    if (quiz.type !== 'quiz') throw new Error('fixture changed');
    return quiz.quiz;
  };
  /** A question of the fixture, all single choice. */
  const singleOfBody = (body: CourseInput, index: number) => {
    const question = quizOfBody(body)[index]!;
    if (question.type !== undefined && question.type !== 'single') throw new Error('fixture changed');
    return question;
  };
  const video = (body: CourseInput) => body.coursesection[0]!.resources[0] as { link: string };
  /** Quizzes of 100 single-choice questions (the last one fewer) with `questions` questions in all. */
  const quizzes = (questions: number) =>
    Array.from({ length: Math.ceil(questions / LIMITS.questionsMax) }, (_, i) => ({
      type: 'quiz' as const,
      title: `Quiz ${i}`,
      description: 'Practice.',
      quiz: Array.from(
        { length: Math.min(LIMITS.questionsMax, questions - i * LIMITS.questionsMax) },
        () => ({
          question: 'Open?',
          options: [{ name: 'Yes' }, { name: 'No' }],
          correctanswer: 'Yes',
        }),
      ),
    })) as CourseInput['coursesection'][number]['resources'];
  /** Sections of 50 videos (the last one fewer) with `count` videos in all. */
  const videoSections = (count: number) =>
    Array.from({ length: Math.ceil(count / LIMITS.resourcesPerSectionMax) }, (_, s) => ({
      title: `Part ${s}`,
      description: 'Watch.',
      resources: Array.from(
        { length: Math.min(LIMITS.resourcesPerSectionMax, count - s * LIMITS.resourcesPerSectionMax) },
        () => ({ type: 'video', title: 'V', description: 'D', link: 'https://youtu.be/dQw4w9WgXcQ' }),
      ),
    })) as CourseInput['coursesection'];

  const invalidBodies: [string, () => unknown, string][] = [
    ['a title of the wrong type', bodyWith((b) => void (b.title = 42 as never)), 'title'],
    ['a missing author', bodyWith((b) => void delete (b as Partial<CourseInput>).author), 'author'],
    ['an empty title', bodyWith((b) => void (b.title = '   ')), 'title'],
    [
      'a title that shows nothing (zero-width space, bidi isolates)',
      bodyWith((b) => void (b.title = '\u200b\u2066\u2069')),
      'title',
    ],
    ['a 201-character title', bodyWith((b) => void (b.title = 'x'.repeat(201))), 'title'],
    ['a 5001-character description', bodyWith((b) => void (b.description = 'x'.repeat(5001))), 'description'],
    [
      'a 31-character section title',
      bodyWith((b) => void (b.coursesection[0]!.title = 'x'.repeat(31))),
      'coursesection.0.title',
    ],
    [
      'sections that are not a list',
      bodyWith((b) => void (b.coursesection = 'none' as never)),
      'coursesection',
    ],
    [
      'a question with 5 options',
      bodyWith((b) => {
        const question = singleOfBody(b, 2);
        question.options = [...question.options, { name: 'Fifth', name_tr: null }];
      }),
      'coursesection.1.resources.0.quiz.2.options',
    ],
    [
      'a question with 1 option',
      bodyWith((b) => {
        const question = singleOfBody(b, 0);
        question.options = [{ name: 'Open data', name_tr: null }];
      }),
      'coursesection.1.resources.0.quiz.0.options',
    ],
    [
      'a correct answer that is not an option',
      bodyWith((b) => void (singleOfBody(b, 1).correctanswer = 'Something else')),
      'coursesection.1.resources.0.quiz.1.correctanswer',
    ],
    [
      'a quiz without questions',
      bodyWith((b) => void quizOfBody(b).splice(0)),
      'coursesection.1.resources.0.quiz',
    ],
    [
      'an unknown resource type',
      bodyWith((b) => void ((b.coursesection[0]!.resources[0] as { type: string }).type = 'podcast')),
      'coursesection.0.resources.0.type',
    ],
    [
      'a video link that is not a URL',
      bodyWith((b) => void (video(b).link = 'not a url')),
      'coursesection.0.resources.0.link',
    ],
    [
      'a video link that is not YouTube',
      bodyWith((b) => void (video(b).link = 'https://vimeo.com/123456')),
      'coursesection.0.resources.0.link',
    ],
    [
      'a PNG (renamed .pdf) used as a PDF resource',
      bodyWith((b) => void ((b.coursesection[0]!.resources[1] as { file: string }).file = pngUrl)),
      'coursesection.0.resources.1.file',
    ],
    [
      'a JPEG (renamed notpdf.pdf) used as a PDF resource',
      bodyWith((b) => void ((b.coursesection[0]!.resources[1] as { file: string }).file = jpegUrl)),
      'coursesection.0.resources.1.file',
    ],
    [
      'a PDF resource naming a file that does not exist',
      bodyWith(
        (b) =>
          void ((b.coursesection[0]!.resources[1] as { file: string }).file =
            '/api/v1/files/00000000-0000-4000-8000-000000000000'),
      ),
      'coursesection.0.resources.1.file',
    ],
    [
      'a PDF resource pointing elsewhere',
      bodyWith(
        (b) =>
          void ((b.coursesection[0]!.resources[1] as { file: string }).file = 'https://example.com/x.pdf'),
      ),
      'coursesection.0.resources.1.file',
    ],
    [
      'two questions with the same id',
      bodyWith((b) => {
        const id = '11111111-1111-4111-8111-111111111111';
        quizOfBody(b)[0]!._id = id;
        quizOfBody(b)[1]!._id = id;
      }),
      'coursesection.1.resources.0.quiz.1._id',
    ],
    [
      'one question more than a course may have in all (decision 204)',
      bodyWith((b) => void b.coursesection[1]!.resources.push(...quizzes(LIMITS.courseQuestionsMax - 2))),
      // The fixture's quiz has 3: the tenth quiz added passes the limit.
      'coursesection.1.resources.10.quiz',
    ],
    [
      'one resource more than a course may have in all (decision 204)',
      bodyWith((b) => void b.coursesection.push(...videoSections(LIMITS.courseResourcesMax - 2))),
      'coursesection.11.resources',
    ],
    ['a NUL character in a title', bodyWith((b) => void (b.title = 'bad\u0000title')), 'title'],
    ['no body at all', () => undefined, 'body'],
  ];

  it('accepts the unchanged valid body (so each case below fails for its own reason)', async () => {
    expect((await postCourse(t, owner, bodyWith(() => {})())).statusCode).toBe(201);
  });

  it('accepts a course with exactly as many questions and resources as a course may have (decision 204)', async () => {
    const body = bodyWith((b) => {
      b.coursesection[1]!.resources.push(...quizzes(LIMITS.courseQuestionsMax - 3));
      b.coursesection.push(...videoSections(LIMITS.courseResourcesMax - 3 - 10));
    })();
    const response = await postCourse(t, owner, body);
    expect(response.statusCode).toBe(201);
    const created = response.json<{ data: { course: Course } }>().data.course;
    const resources = created.course_section.flatMap((section) => section.resources);
    expect(resources).toHaveLength(LIMITS.courseResourcesMax);
    expect(resources.reduce((sum, resource) => sum + (resource.quiz?.length ?? 0), 0)).toBe(
      LIMITS.courseQuestionsMax,
    );
  });

  it.each(invalidBodies)('refuses %s with 400 and the field path', async (_name, makeBody, path) => {
    const before = await rowCounts();
    const body = makeBody();
    const form = await multipart({
      file: { data: TINY_PNG, filename: 'cover.png' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/course/new',
      headers: { ...owner.auth, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    const error = response.json<{ code: string; errors: { path: string }[] }>();
    expect(error.code).toBe('VALIDATION_FAILED');
    // Only the field that was broken is reported (one field may carry more than one message).
    expect([...new Set(error.errors.map((e) => e.path))]).toEqual([path]);
    expect(await rowCounts()).toEqual(before);
  });

  it('names at most 100 broken fields in one answer, the first ones (a reviewer: 54,000 made 4.9 MB)', async () => {
    const body = bodyWith((b) => {
      const quiz = quizOfBody(b);
      quiz.splice(
        0,
        quiz.length,
        ...Array.from({ length: 60 }, () => ({ question: '' }) as (typeof quiz)[number]),
      );
    })();
    const response = await postCourse(t, owner, body);
    expect(response.statusCode).toBe(400);
    const { errors } = response.json<{ errors: { path: string }[] }>();
    expect(errors).toHaveLength(100);
    expect(errors[0]?.path).toMatch(/^coursesection\.1\.resources\.0\.quiz\.0\./);
  });

  it('refuses a course far past the limits on the limits alone, not on each of its broken parts (decision 204)', async () => {
    // 50 sections of 50 quizzes of 100 empty questions (889 kB): 250,000 broken questions, which
    // were all checked (750,000 issues, 11 s with every other request waiting) before the limits.
    const body = bodyWith((b) => {
      b.coursesection = Array.from({ length: 50 }, () => ({
        resources: Array.from({ length: 50 }, () => ({
          type: 'quiz',
          quiz: Array.from({ length: 100 }, () => ({})),
        })),
      })) as never;
    })();
    const before = await rowCounts();
    const response = await postCourse(t, owner, body);
    expect(response.statusCode).toBe(400);
    const { code, errors } = response.json<{ code: string; errors: { path: string; message: string }[] }>();
    expect(code).toBe('VALIDATION_FAILED');
    expect(errors.map((error) => error.path)).toEqual([
      'coursesection.0.resources.10.quiz',
      'coursesection.10.resources',
    ]);
    expect(errors[0]!.message).toContain(`at most ${LIMITS.courseQuestionsMax} questions`);
    expect(errors[1]!.message).toContain(`at most ${LIMITS.courseResourcesMax} resources`);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses 100,000 sections on their number alone, none of them checked (decision 204)', async () => {
    // 300 kB of `{}` (a review measured 0.3–0.4 s for it): the list's length is checked before any section.
    const body = bodyWith(
      (b) => void (b.coursesection = Array.from({ length: 100_000 }, () => ({})) as never),
    )();
    const author = await createUser(t, 'Contributor'); // the rows it counts are not the owner's (decision 209)
    const response = await postCourse(t, author, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'coursesection', message: `At most ${LIMITS.sectionsMax} allowed.` }],
    });
    expect(response.json<{ errors: unknown[] }>().errors).toHaveLength(1);
  });

  it.each([
    ['en', 'Upload a PDF file.'],
    ['ar', 'ارفع ملف PDF.'],
  ])('says in %s why a picture is not a PDF resource', async (language, message) => {
    const form = await multipart({
      file: { data: TINY_PNG, filename: 'cover.png' },
      body: JSON.stringify(
        bodyWith((b) => void ((b.coursesection[0]!.resources[1] as { file: string }).file = jpegUrl))(),
      ),
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/course/new',
      headers: { ...owner.auth, ...form.headers, 'accept-language': language },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'coursesection.0.resources.1.file', message }],
    });
  });

  const cover = (data: Buffer, filename: string): FilePart => ({ data, filename });
  const badUploads: [string, FilePart | null, string, number, string][] = [
    ['malformed JSON in body', cover(TINY_PNG, 'c.png'), '{"title": "unterminated', 400, 'INVALID_JSON'],
    ['a missing cover', null, '', 400, 'FILE_REQUIRED'],
    ['a PDF as the cover', cover(tinyPdf(), 'cover.png'), '', 415, 'UNSUPPORTED_FILE_TYPE'],
    [
      'a text file as the cover',
      cover(Buffer.from('just text'), 'cover.jpg'),
      '',
      415,
      'UNSUPPORTED_FILE_TYPE',
    ],
    [
      'a 100,001-byte cover',
      cover(Buffer.concat([TINY_PNG, Buffer.alloc(100_001 - TINY_PNG.length)]), 'big.png'),
      '',
      413,
      'FILE_TOO_LARGE',
    ],
  ];

  it.each(badUploads)('refuses %s', async (_name, file, rawBody, status, code) => {
    const before = await rowCounts();
    const response = await postCourse(t, owner, rawBody || courseBody(pdfUrl), file);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, code });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a JSON (non-multipart) request with 415', async () => {
    const before = await rowCounts();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/course/new',
      headers: owner.auth,
      payload: courseBody(pdfUrl),
    });
    expect(response.statusCode).toBe(415);
    expect(await rowCounts()).toEqual(before);
  });

  it('rolls everything back when the database fails half-way through writing a course', async () => {
    // A real failure from PostgreSQL itself, after the cover, course and sections have been inserted.
    await t.db.execute(sql`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.title = 'boom' then raise exception 'refused by test trigger'; end if;
        return new;
      end $$`);
    await t.db.execute(
      sql`create trigger refuse_boom before insert on resources for each row execute function refuse_boom()`,
    );
    try {
      const before = await rowCounts();
      const body = bodyWith((b) => void (b.coursesection[1]!.resources[0]!.title = 'boom'))();
      const response = await postCourse(t, owner, body);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ success: false, code: 'INTERNAL' });
      expect(response.body).not.toContain('refused by test trigger');
      expect(await rowCounts()).toEqual(before);
    } finally {
      await t.db.execute(sql`drop trigger refuse_boom on resources`);
      await t.db.execute(sql`drop function refuse_boom()`);
    }
  });

  describe('editing', () => {
    let course: Course;
    beforeAll(async () => {
      const created = await createCourse(t, owner);
      course = (
        await t.app.inject({ method: 'GET', url: `/api/v1/course/${created._id}`, headers: owner.auth })
      ).json<{ data: Course }>().data;
    });
    const resend = (changes: Record<string, unknown> = {}) => ({
      ...course,
      coursesection: course.course_section,
      ...changes,
    });

    it.each<[string, () => unknown, number]>([
      [
        'a 31-character section title',
        () => resend({ coursesection: [{ ...course.course_section[0], title: 'y'.repeat(31) }] }),
        400,
      ],
      ['malformed JSON', () => '{not json', 400],
      [
        'a JPEG (renamed notpdf.pdf) as a PDF resource',
        () =>
          resend({
            coursesection: [
              {
                ...course.course_section[0],
                resources: [{ type: 'pdf', title: 'P', description: 'D', file: jpegUrl }],
              },
            ],
          }),
        400,
      ],
      [
        'a PNG as a PDF resource',
        () =>
          resend({
            coursesection: [
              {
                ...course.course_section[0],
                resources: [{ type: 'pdf', title: 'P', description: 'D', file: pngUrl }],
              },
            ],
          }),
        400,
      ],
    ])('refuses %s and changes nothing', async (_name, body, status) => {
      const before = await rowCounts();
      const response = await patchCourse(t, owner, course._id, body());
      expect(response.statusCode).toBe(status);
      expect(await rowCounts()).toEqual(before);
      const now = await t.app.inject({
        method: 'GET',
        url: `/api/v1/course/${course._id}`,
        headers: owner.auth,
      });
      expect(now.json<{ data: Course }>().data).toEqual(course);
    });

    it('refuses a cover of the wrong type on edit with 415', async () => {
      const response = await patchCourse(t, owner, course._id, resend(), {
        data: tinyPdf(),
        filename: 'x.png',
      });
      expect(response.statusCode).toBe(415);
    });

    it("answers someone else's edit as with a good body, whatever its content type (not 415)", async () => {
      const learner = await createUser(t, 'EndUser');
      for (const [contentType, payload] of [
        ['application/xml', '<course/>'],
        ['text/plain', 'hello'],
        ['application/json', JSON.stringify(resend())],
        ['multipart/form-data', 'no boundary'],
      ]) {
        for (const user of [learner, other]) {
          const response = await t.app.inject({
            method: 'PATCH',
            url: `/api/v1/course/${course._id}`,
            headers: { ...user.auth, 'content-type': contentType! },
            payload,
          });
          expect(response.statusCode, `${user.role} ${contentType}`).toBe(404);
          expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Course not found.' });
        }
      }
      // The owner's own request of the wrong type is still told so.
      const own = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/course/${course._id}`,
        headers: { ...owner.auth, 'content-type': 'application/xml' },
        payload: '<course/>',
      });
      expect(own.statusCode).toBe(415);
    });

    it("answers 404 for someone else's course, an unknown id, and 400 for a garbage id", async () => {
      expect((await patchCourse(t, other, course._id, resend())).statusCode).toBe(404);
      expect((await patchCourse(t, owner, '00000000-0000-4000-8000-000000000000', resend())).statusCode).toBe(
        404,
      );
      const garbage = await patchCourse(t, owner, 'garbage', resend());
      expect(garbage.statusCode).toBe(400);
      expect(garbage.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      for (const url of ['/api/v1/course/garbage', '/api/v1/course/archive/1']) {
        expect((await t.app.inject({ method: 'GET', url, headers: owner.auth })).statusCode).toBe(400);
      }
      // An administrators' route: the contributor is refused before the id is looked at (decision 163);
      // an administrator gets the 400.
      const approve = { method: 'GET', url: '/api/v1/course/approve/garbage' } as const;
      expect((await t.app.inject({ ...approve, headers: owner.auth })).statusCode).toBe(403);
      const admin = await createUser(t, 'SuperAdmin');
      expect((await t.app.inject({ ...approve, headers: admin.auth })).statusCode).toBe(400);
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/v1/course/00000000-0000-4000-8000-000000000000',
        headers: owner.auth,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        message: 'Course not found.',
      });
    });
  });
});
