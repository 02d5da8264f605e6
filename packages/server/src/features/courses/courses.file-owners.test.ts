import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@app/shared';
import { files } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { courseBody, patchCourse, postCourse, tinyPdf, uploadFile } from '../../test/course-fixtures.ts';

/** Decision 205: a course points only at its own author's uploads (or at files it already had). */
describe('courses: the files a course may point at', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let alicePdf: string;
  let bobPdf: string;
  const PDF_FIELD = 'coursesection.0.resources.1.file';

  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob, admin] = await Promise.all([
      createUser(t, 'Contributor'),
      createUser(t, 'Contributor'),
      createUser(t, 'SuperAdmin'),
    ]);
    alicePdf = (await uploadFile(t, alice, { data: tinyPdf('Alice'), filename: 'a.pdf' })).secure_url;
    bobPdf = (await uploadFile(t, bob, { data: tinyPdf('Bob'), filename: 'b.pdf' })).secure_url;
  });
  afterAll(() => t.close());

  const read = async (user: TestUser, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/course/${id}`, headers: user.auth })).json<{
      data: Course;
    }>().data;
  /** The course as its edit form sends it back, its PDF resource pointing at `pdf`. */
  const resent = (course: Course, pdf: string) => ({
    ...course,
    coursesection: course.course_section.map((section, s) => ({
      ...section,
      resources: section.resources.map((resource, r) =>
        s === 0 && r === 1 ? { ...resource, file: pdf } : resource,
      ),
    })),
  });
  const refusedOnThePdf = (response: { statusCode: number; json: () => unknown }, message: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      errors: [{ path: PDF_FIELD, message }],
    });
  };
  const ENGLISH = 'This file was uploaded by another author: upload your own copy.';

  it("refuses another author's PDF in a new course, in the reader's language", async () => {
    refusedOnThePdf(await postCourse(t, bob, courseBody(alicePdf)), ENGLISH);
    refusedOnThePdf(
      await postCourse(t, bob, courseBody(alicePdf), undefined, { 'accept-language': 'ar' }),
      'رفع هذا الملفَ مؤلفٌ آخر: ارفع نسختك منه.',
    );
    // The same address written absolutely, as a client that resolved it against our origin sends it.
    refusedOnThePdf(await postCourse(t, bob, courseBody(`https://example.test${alicePdf}`)), ENGLISH);
  });

  it("takes the author's own PDF, and refuses another's on an edit of their course", async () => {
    const response = await postCourse(t, bob, courseBody(bobPdf));
    expect(response.statusCode).toBe(201);
    const course = await read(bob, response.json<{ data: { course: Course } }>().data.course._id);
    refusedOnThePdf(await patchCourse(t, bob, course._id, resent(course, alicePdf)), ENGLISH);
    expect((await patchCourse(t, bob, course._id, resent(course, bobPdf))).statusCode).toBe(200);
  });

  it("lets an administrator save an author's course with its files, and add their own, not a third's", async () => {
    const created = await postCourse(t, alice, courseBody(alicePdf));
    const course = await read(admin, created.json<{ data: { course: Course } }>().data.course._id);
    expect((await patchCourse(t, admin, course._id, resent(course, alicePdf))).statusCode).toBe(200);
    const adminPdf = (await uploadFile(t, admin, { data: tinyPdf('Admin'), filename: 'c.pdf' })).secure_url;
    const withAdmins = await patchCourse(
      t,
      admin,
      course._id,
      resent(await read(admin, course._id), adminPdf),
    );
    expect(withAdmins.statusCode).toBe(200);
    refusedOnThePdf(
      await patchCourse(t, admin, course._id, resent(await read(admin, course._id), bobPdf)),
      ENGLISH,
    );
    // The author saves it with the administrator's file: it is the course's already.
    expect(
      (await patchCourse(t, alice, course._id, resent(await read(alice, course._id), adminPdf))).statusCode,
    ).toBe(200);
  });

  it("keeps a file whose uploader's account is gone where it is, and refuses it anywhere new", async () => {
    const pdf = await uploadFile(t, alice, { data: tinyPdf('Orphan'), filename: 'o.pdf' });
    const created = await postCourse(t, alice, courseBody(pdf.secure_url));
    const course = await read(alice, created.json<{ data: { course: Course } }>().data.course._id);
    // What deleting the uploader's account does to the file (`on delete set null`).
    await t.db.update(files).set({ ownerId: null }).where(eq(files.id, pdf._id));
    expect((await patchCourse(t, alice, course._id, resent(course, pdf.secure_url))).statusCode).toBe(200);
    refusedOnThePdf(await postCourse(t, alice, courseBody(pdf.secure_url)), ENGLISH);
  });
});
