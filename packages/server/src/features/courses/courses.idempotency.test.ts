import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEvents, courses, files } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { courseBody, patchCourse, postCourse, tinyPdf, uploadFile } from '../../test/course-fixtures.ts';

type Created = {
  success: true;
  message: string;
  data: { course: { _id: string; title: string }; replayed?: true };
};

/**
 * Decision 153: a creation sent with an `Idempotency-Key` and sent again with the same key (its first
 * answer lost) answers the course the first one made instead of making a second one.
 */
describe('courses: a creation sent again with its Idempotency-Key', () => {
  let t: TestApp;
  let author: TestUser;
  let pdfUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    author = await createUser(t, 'Contributor');
    pdfUrl = (
      await uploadFile(t, author, { data: tinyPdf(), filename: 'notes.pdf', type: 'application/pdf' })
    ).secure_url;
  });
  afterAll(() => t.close());

  /** `pdf`: the author's own upload (decision 205), the first author's unless told. */
  const create = (user: TestUser, key: string | undefined, title = 'Reproducible research', pdf = pdfUrl) =>
    postCourse(t, user, courseBody(pdf, { title }), undefined, key ? { 'idempotency-key': key } : {});
  const coursesOf = (user: TestUser, title: string) =>
    t.db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.createdBy, user.id), eq(courses.title, title)));

  it('answers the course made the first time, as it is now: one course, one creation event, one cover', async () => {
    const key = randomUUID();
    const first = await create(author, key, 'Sent twice');
    expect(first.statusCode).toBe(201);
    const id = first.json<Created>().data.course._id;
    expect(first.json<Created>().data).not.toHaveProperty('replayed');
    const covers = (await t.db.select().from(files).where(eq(files.ownerId, author.id))).length;
    // Edited meanwhile: the creation sent again answers the course as it is.
    const edited = await patchCourse(t, author, id, courseBody(pdfUrl, { title: 'Sent twice, edited' }));
    expect(edited.statusCode).toBe(200);

    const again = await create(author, key, 'Sent twice');
    expect(again.statusCode).toBe(201);
    expect(again.json<Created>()).toMatchObject({
      success: true,
      message: 'New course created successfully',
      // Said so (decision 154): the caller's form then saves what it has since changed.
      data: { course: { _id: id, title: 'Sent twice, edited' }, replayed: true },
    });
    expect(await coursesOf(author, 'Sent twice')).toHaveLength(0);
    const events = await t.db.select().from(courseEvents).where(eq(courseEvents.courseId, id));
    expect(events.filter((event) => event.action === 'create')).toHaveLength(1);
    expect((await t.db.select().from(files).where(eq(files.ownerId, author.id))).length).toBe(covers);
  });

  it('makes one course when the same creation arrives twice at once', async () => {
    const key = randomUUID();
    const answers = await Promise.all([create(author, key, 'At once'), create(author, key, 'At once')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const [a, b] = answers.map((answer) => answer.json<Created>().data.course._id);
    expect(a).toBe(b);
    // One made it, the other found it.
    expect(answers.map((answer) => answer.json<Created>().data.replayed).sort()).toEqual([true, undefined]);
    expect(await coursesOf(author, 'At once')).toHaveLength(1);
  });

  it("takes the web form's follow-up (decision 154): the try again's content, sent as an edit of the course it found, is the course", async () => {
    const key = randomUUID();
    const id = (await create(author, key, 'First try')).json<Created>().data.course._id;
    const changed = courseBody(pdfUrl, { title: 'Second try' });
    changed.coursesection = [{ ...changed.coursesection[0]!, title: 'Changed between the tries' }];
    const again = await postCourse(t, author, changed, undefined, { 'idempotency-key': key });
    const found = again.json<Created & { data: { course: { version: number } } }>().data;
    expect(found).toMatchObject({ course: { _id: id, title: 'First try' }, replayed: true });
    // What the form sends then: the same body as an edit, with the creation's status, on the version
    // it was answered.
    const edit = await patchCourse(t, author, id, { ...changed, status: 'Pending' }, undefined, {
      'if-match': `"${found.course.version}"`,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      message: 'Course updated',
      data: {
        course: {
          _id: id,
          title: 'Second try',
          status: 'Pending',
          course_section: [{ title: 'Changed between the tries' }],
        },
      },
    });
    expect(await coursesOf(author, 'Second try')).toHaveLength(1);
  });

  it('takes the follow-up that submits the draft an earlier try made (decision 154)', async () => {
    const key = randomUUID();
    const draft = courseBody(pdfUrl, { title: 'Drafted first', status: 'Draft' });
    const id = (await postCourse(t, author, draft, undefined, { 'idempotency-key': key })).json<Created>()
      .data.course._id;
    const submitting = courseBody(pdfUrl, { title: 'Drafted first' });
    const found = (await postCourse(t, author, submitting, undefined, { 'idempotency-key': key })).json<
      Created & { data: { course: { version: number; status: string } } }
    >().data;
    expect(found).toMatchObject({ course: { _id: id, status: 'Draft' }, replayed: true });
    const edit = await patchCourse(t, author, id, { ...submitting, status: 'Pending' }, undefined, {
      'if-match': `"${found.course.version}"`,
    });
    expect(edit.json()).toMatchObject({
      message: 'Course submitted for review',
      data: { course: { _id: id, status: 'Pending' } },
    });
  });

  it('keeps keys apart per author, and makes a course each time without a key, as before', async () => {
    const key = randomUUID();
    const other = await createUser(t, 'Contributor');
    const othersPdf = (await uploadFile(t, other, { data: tinyPdf(), filename: 'notes.pdf' })).secure_url;
    expect((await create(author, key, 'Same key')).statusCode).toBe(201);
    expect((await create(other, key, 'Same key', othersPdf)).statusCode).toBe(201);
    expect(await coursesOf(author, 'Same key')).toHaveLength(1);
    expect(await coursesOf(other, 'Same key')).toHaveLength(1);

    expect((await create(author, undefined, 'No key')).statusCode).toBe(201);
    expect((await create(author, undefined, 'No key')).statusCode).toBe(201);
    expect(await coursesOf(author, 'No key')).toHaveLength(2);
  });

  it('refuses a key it cannot keep with 400 in the envelope, in the reader’s language, and makes nothing', async () => {
    for (const key of ['x'.repeat(256), 'café', 'with space']) {
      const answer = await postCourse(t, author, courseBody(pdfUrl, { title: 'Bad key' }), undefined, {
        'idempotency-key': key,
        'accept-language': 'ar',
      });
      expect(answer.statusCode, key).toBe(400);
      expect(answer.json()).toEqual({
        success: false,
        code: 'BAD_REQUEST',
        message: 'يجب أن تتكون ترويسة Idempotency-Key من 1 إلى 255 حرفًا مرئيًا من حروف ASCII.',
      });
    }
    expect(await coursesOf(author, 'Bad key')).toHaveLength(0);
  });
});
