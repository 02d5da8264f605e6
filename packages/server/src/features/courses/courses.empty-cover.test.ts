import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@app/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createCourse, patchCourse } from '../../test/course-fixtures.ts';

/**
 * What an HTML form sends for a file input left empty: a `file` part with no bytes and an empty file
 * name (`filename=""`, application/octet-stream: Chromium and Firefox), or, from the platform's own
 * FormData (undici), the same part without a file name. The cover is optional when a course is
 * edited, so such a part is no file there; a new course still needs one (decision 113).
 */
function formWithEmptyFileInput(body: unknown, filename: string | null) {
  const boundary = '----form-boundary-113';
  const disposition = `form-data; name="file"${filename === null ? '' : `; filename="${filename}"`}`;
  const payload =
    `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${JSON.stringify(body)}\r\n` +
    `--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('courses: an empty file input on the course form', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
  });
  afterAll(() => t.close());

  const fetchCourse = async (courseId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/course/${courseId}`, headers: owner.auth })).json<{
      data: Course;
    }>().data;

  const send = (method: 'PATCH' | 'POST', url: string, form: ReturnType<typeof formWithEmptyFileInput>) =>
    t.app.inject({ method, url, headers: { ...owner.auth, ...form.headers }, payload: form.payload });

  it('takes an empty file input for no file: an edit keeps its cover, a new course still needs one', async () => {
    const course = await createCourse(t, owner);
    const current = await fetchCourse(course._id);
    for (const filename of ['', null]) {
      const title = `Edited without a new cover (${filename === null ? 'no file name' : 'empty file name'})`;
      const body = { ...current, coursesection: current.course_section, title };
      const response = await send(
        'PATCH',
        `/api/v1/course/${course._id}`,
        formWithEmptyFileInput(body, filename),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        data: { course: { title, preview_image: current.preview_image } },
      });
    }
    const cover = await t.app.inject({ method: 'GET', url: current.preview_image! });
    expect(cover.statusCode).toBe(200);

    const body = { ...current, coursesection: current.course_section };
    for (const filename of ['', null]) {
      const refused = await send('POST', '/api/v1/course/new', formWithEmptyFileInput(body, filename));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, code: 'FILE_REQUIRED' });
    }

    // A file the author chose that has no bytes is not "no file": it is refused as before.
    const emptyChosen = await patchCourse(
      t,
      owner,
      course._id,
      { ...current, coursesection: current.course_section },
      { data: Buffer.alloc(0), filename: 'cover.png', type: 'image/png' },
    );
    expect(emptyChosen.statusCode).toBe(400);
    expect(emptyChosen.json()).toMatchObject({ success: false, code: 'FILE_REQUIRED' });
  });
});
