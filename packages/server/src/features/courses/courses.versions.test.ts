import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@app/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  courseAction,
  courseBody,
  createCourse,
  patchCourse,
  tinyPdf,
  uploadFile,
} from '../../test/course-fixtures.ts';

/**
 * Decision 128: a save names the content version it started from (`If-Match: "<version>"`) and is
 * refused (412 COURSE_CHANGED) when another save came between. Two editors (the owner and an
 * administrator) saving the same course used to both get 200, and one's changes were silently lost.
 */
describe('courses: saves that name the version they started from', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let pdfUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
    pdfUrl = (await uploadFile(t, owner, { data: tinyPdf(), filename: 'notes.pdf', type: 'application/pdf' }))
      .secure_url;
  });
  afterAll(() => t.close());

  const fetchCourse = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/course/${id}`, headers: owner.auth })).json<{
      data: Course;
    }>().data;
  const save = (user: TestUser, id: string, title: string, headers: Record<string, string> = {}) =>
    patchCourse(t, user, id, courseBody(pdfUrl, { title }), undefined, headers);

  it('counts saves of the content only, and refuses one that started from an older version', async () => {
    const course = await createCourse(t, owner);
    expect((await fetchCourse(course._id)).version).toBe(1);
    // Review actions change no content: a save begun before them still goes through.
    expect((await courseAction(t, admin, 'approve', course._id)).statusCode).toBe(200);
    expect((await courseAction(t, admin, 'toggle-editing', course._id)).statusCode).toBe(200);
    expect((await courseAction(t, admin, 'toggle-editing', course._id)).statusCode).toBe(200);
    expect((await fetchCourse(course._id)).version).toBe(1);

    const first = await save(owner, course._id, "The owner's title", { 'if-match': '"1"' });
    expect(first.statusCode).toBe(200);
    expect(first.json<{ data: { course: Course } }>().data.course.version).toBe(2);

    // The administrator opened version 1 too: refused, in the caller's language; nothing changed.
    const stale = await save(admin, course._id, "The administrator's title", {
      'if-match': '"1"',
      'accept-language': 'ar',
    });
    expect(stale.statusCode).toBe(412);
    const refusal = stale.json<{ success: boolean; code: string; message: string }>();
    expect(refusal).toMatchObject({ success: false, code: 'COURSE_CHANGED' });
    expect(refusal.message).toContain('حفظ شخص آخر هذه الدورة');
    expect(await fetchCourse(course._id)).toMatchObject({ title: "The owner's title", version: 2 });
  });

  it('reads If-Match as RFC 9110 has it: weak tags compare the same, a list matches when any tag does, * and no header match any version', async () => {
    const course = await createCourse(t, owner);
    expect((await save(owner, course._id, 'A', { 'if-match': 'W/"1"' })).statusCode).toBe(200);
    expect((await save(owner, course._id, 'B', { 'if-match': '*' })).statusCode).toBe(200);
    expect((await save(owner, course._id, 'C')).statusCode).toBe(200);
    for (const tag of ['3', '"three"', '"5", "6"', '""', '"4a"'])
      expect((await save(owner, course._id, 'D', { 'if-match': tag })).statusCode, tag).toBe(412);
    expect(await fetchCourse(course._id)).toMatchObject({ title: 'C', version: 4 });
    // A list names every version the client accepts: one of them being the course's is enough.
    expect((await save(owner, course._id, 'E', { 'if-match': '"9", W/"4"' })).statusCode).toBe(200);
    expect(await fetchCourse(course._id)).toMatchObject({ title: 'E', version: 5 });
  });

  it('lets exactly one of two saves begun from the same version through, when they arrive together', async () => {
    const course = await createCourse(t, owner);
    const answers = await Promise.all([
      save(owner, course._id, "The owner's", { 'if-match': '"1"' }),
      save(admin, course._id, "The administrator's", { 'if-match': '"1"' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
    const kept = answers.find((answer) => answer.statusCode === 200)!.json<{ data: { course: Course } }>();
    expect(await fetchCourse(course._id)).toMatchObject({ title: kept.data.course.title, version: 2 });
  });
});
