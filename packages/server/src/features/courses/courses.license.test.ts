import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_LICENSES, type CourseInput } from '@app/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { upgradedAcross } from '../../test/upgraded-across.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  courseBody,
  createApprovedCourse,
  createCourse,
  multipart,
  patchCourse,
  pngCover,
  postCourse,
  tinyPdf,
  uploadFile,
} from '../../test/course-fixtures.ts';

describe('courses: the licence', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let learner: TestUser;
  let pdfUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
    learner = await createUser(t, 'EndUser');
    pdfUrl = (await uploadFile(t, owner, { data: tinyPdf(), filename: 'notes.pdf', type: 'application/pdf' }))
      .secure_url;
  });
  afterAll(() => t.close());

  it('defaults to CC BY 4.0 when the form sends none, and shows it in every course output', async () => {
    const { license: _omitted, ...withoutLicense } = courseBody(pdfUrl);
    const created = await postCourse(t, owner, withoutLicense);
    expect(created.statusCode).toBe(201);
    const course = created.json<{ data: { course: { _id: string; license: string } } }>().data.course;
    expect(course.license).toBe('CC-BY-4.0');
    await t.app.inject({ method: 'GET', url: `/api/v1/course/approve/${course._id}`, headers: admin.auth });

    const edit = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/${course._id}`,
      headers: owner.auth,
    });
    expect(edit.json<{ data: { license: string } }>().data.license).toBe('CC-BY-4.0');
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/course', headers: admin.auth });
    const row = all
      .json<{ data: { _id: string; license: string }[] }>()
      .data.find((c) => c._id === course._id);
    expect(row?.license).toBe('CC-BY-4.0');
    await t.app.inject({ method: 'GET', url: `/api/v1/course/enroll/${course._id}`, headers: learner.auth });
    const study = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/course/${course._id}`,
      headers: learner.auth,
    });
    expect(study.json<{ data: { license: string } }>().data.license).toBe('CC-BY-4.0');
  });

  it.each(COURSE_LICENSES)('stores %s as chosen and lets the author change it', async (license) => {
    const course = await createCourse(t, owner, { license });
    expect(course.license).toBe(license);
    const next = license === 'CC0-1.0' ? 'CC-BY-NC-SA-4.0' : 'CC0-1.0';
    const patched = await patchCourse(t, owner, course._id, courseBody(pdfUrl, { license: next }));
    expect(patched.statusCode).toBe(200);
    expect(patched.json<{ data: { course: { license: string } } }>().data.course.license).toBe(next);
  });

  it.each([['MIT'], ['cc-by-4.0'], ['CC BY 4.0'], [''], [null], [42]])(
    'refuses %j with 400 VALIDATION_FAILED naming the field, in both languages',
    async (license) => {
      const body = { ...courseBody(pdfUrl), license } as unknown as CourseInput;
      const english = await postCourse(t, owner, body);
      expect(english.statusCode).toBe(400);
      expect(english.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'license' }],
      });
      const form = await multipart({ file: pngCover, body: JSON.stringify(body) });
      const arabic = await t.app.inject({
        method: 'POST',
        url: '/api/v1/course/new',
        headers: { ...owner.auth, ...form.headers, 'accept-language': 'ar' },
        payload: form.payload,
      });
      expect(arabic.statusCode).toBe(400);
      expect(arabic.json<{ errors: { message: string }[] }>().errors[0]!.message).toMatch(/[\u0600-\u06ff]/);
    },
  );

  it('keeps the licence through review actions', async () => {
    const course = await createApprovedCourse(t, owner, admin, { license: 'CC-BY-NC-4.0' });
    await t.app.inject({ method: 'GET', url: `/api/v1/course/pending/${course._id}`, headers: admin.auth });
    const edit = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/${course._id}`,
      headers: owner.auth,
    });
    expect(edit.json<{ data: { license: string } }>().data.license).toBe('CC-BY-NC-4.0');
  });
});

describe('migration 0002: existing courses get CC BY 4.0', () => {
  it('adds the column with the default to rows that already exist', async () => {
    const client = await upgradedAcross(
      2,
      `insert into users (id, email, firstname, lastname, role)
         values ('00000000-0000-4000-8000-000000000001', 'a@example.test', 'A', 'B', 'Contributor');
       insert into courses (title, description, author, status, created_by)
         values ('Old course', 'From before licences', 'Someone', 'Approved', '00000000-0000-4000-8000-000000000001');`,
    );
    const { rows } = await client.query<{ license: string }>('select license from courses');
    expect(rows).toEqual([{ license: 'CC-BY-4.0' }]);
    const inserted = await client.query<{ license: string }>(
      `insert into courses (title, description, author, status, created_by)
         values ('New', 'd', 'x', 'Draft', '00000000-0000-4000-8000-000000000001') returning license`,
    );
    expect(inserted.rows).toEqual([{ license: 'CC-BY-4.0' }]);
  }, 180_000);
});
