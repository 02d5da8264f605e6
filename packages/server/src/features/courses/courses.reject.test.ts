import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEvents, courses, emailOutbox } from '../../db/schema.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { courseAction, createCourse, patchCourse, type CreatedCourse } from '../../test/course-fixtures.ts';
import { startAppOverSmtp, stopAppOverSmtp, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import type { TestApp } from '../../test/test-app.ts';
import { flushOutbox } from '../mail/mail.outbox.ts';

/** Decision 206: an administrator sends a pending course back to its author with a note. */
describe('courses: sending a pending course back with a note', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let owner: TestUser;
  let arabicOwner: TestUser;
  let admin: TestUser;
  let learner: TestUser;
  let otherContributor: TestUser;

  beforeAll(async () => {
    ({ t, smtp } = await startAppOverSmtp());
    owner = await createUser(t, 'Contributor', { firstname: 'Nadia' });
    arabicOwner = await createUser(t, 'Contributor', { firstname: 'سلمى', preferredLanguage: 'ar' });
    admin = await createUser(t, 'SuperAdmin');
    learner = await createUser(t, 'EndUser');
    otherContributor = await createUser(t, 'Contributor');
  });
  afterAll(() => stopAppOverSmtp({ t, smtp }));

  const reject = (user: TestUser, courseId: string, body: unknown, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/course/reject/${courseId}`,
      headers: { ...user.auth, 'accept-language': lang },
      payload: body as object,
    });
  const editView = (user: TestUser, courseId: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/course/${courseId}`, headers: user.auth });
  const listed = async (url: string, user: TestUser, courseId: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: user.auth });
    expect(response.statusCode).toBe(200);
    return response
      .json<{ data: { _id: string; status: string; review_note?: { reason: string; at: string } }[] }>()
      .data.find((course) => course._id === courseId);
  };

  it('moves a Pending course to Rejected, keeps the note, who and when, and records it', async () => {
    const course = await createCourse(t, owner);
    const response = await reject(admin, course._id, { reason: '  Please add a licence note.  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Course returned to its author with your note',
      data: { status: 'Rejected', isAvailable: true, enableEditing: true },
    });
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course._id));
    expect(row).toMatchObject({
      status: 'Rejected',
      reviewNote: 'Please add a licence note.',
      reviewNoteBy: admin.id,
    });
    expect(row!.reviewNoteAt).toBeInstanceOf(Date);
    const events = await t.db
      .select()
      .from(courseEvents)
      .where(and(eq(courseEvents.courseId, course._id), eq(courseEvents.action, 'reject')));
    expect(events).toMatchObject([{ actorId: admin.id, fromStatus: 'Pending', toStatus: 'Rejected' }]);
  });

  it('answers 409 from any other status, and leaves the course as it was', async () => {
    const draft = await createCourse(t, owner, { status: 'Draft' });
    const approved = await createCourse(t, owner);
    await courseAction(t, admin, 'approve', approved._id);
    const archived = await createCourse(t, owner);
    await courseAction(t, admin, 'archive', archived._id);
    const rejected = await createCourse(t, owner);
    await reject(admin, rejected._id, { reason: 'First note' });
    for (const [course, status] of [
      [draft, 'Draft'],
      [approved, 'Approved'],
      [archived, 'Archived'],
      [rejected, 'Rejected'],
    ] as const) {
      const response = await reject(admin, course._id, { reason: 'Again' }, 'ar');
      expect(response.statusCode, status).toBe(409);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'INVALID_TRANSITION',
        message: 'لا يمكن إعادة دورة إلى مؤلفها إلا إذا كانت قيد المراجعة.',
      });
      const [row] = await t.db.select().from(courses).where(eq(courses.id, course._id));
      expect(row!.status).toBe(status);
    }
  });

  it('is refused to contributors, the owner included, and learners (403); an unknown course is 404', async () => {
    const course = await createCourse(t, owner);
    for (const user of [owner, otherContributor, learner])
      expect((await reject(user, course._id, { reason: 'No' })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/course/reject/${course._id}`, payload: {} }))
        .statusCode,
    ).toBe(401);
    expect((await reject(admin, '00000000-0000-4000-8000-000000000000', { reason: 'No' })).statusCode).toBe(
      404,
    );
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course._id));
    expect(row!.status).toBe('Pending');
  });

  it.each([
    ['no body field', {}],
    ['an empty reason', { reason: '' }],
    ['a blank reason', { reason: ' \u200b\n ' }],
    ['a reason over 1000 characters', { reason: 'x'.repeat(1001) }],
    ['a control character', { reason: 'Fix \u001b[31mthis' }],
    ['a number', { reason: 42 }],
  ])('answers 400 VALIDATION_FAILED for %s, in the caller’s language', async (_, body) => {
    const course = await createCourse(t, owner);
    const response = await reject(admin, course._id, body, 'ar');
    expect(response.statusCode).toBe(400);
    const answer = response.json<{
      success: false;
      code: string;
      errors: { path: string; message: string }[];
    }>();
    expect(answer).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(answer.errors.map((error) => error.path)).toEqual(['reason']);
    // Said in Arabic, as asked: no Latin letters in the field's message.
    expect(answer.errors[0]!.message).not.toMatch(/[a-z]{3}/i);
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course._id));
    expect(row!.status).toBe('Pending');
  });

  it('takes 1000 characters with line breaks', async () => {
    const course = await createCourse(t, owner);
    const reason = `Line one\n${'y'.repeat(991)}`;
    expect(reason).toHaveLength(1000);
    expect((await reject(admin, course._id, { reason })).statusCode).toBe(200);
  });

  it('mails the owner the course title and the note, escaped, in their language', async () => {
    const course = await createCourse(t, owner, { title: 'Data <b>sharing</b>' });
    const note = 'Cite sources & fix <script>alert(1)</script> "quotes"';
    expect((await reject(admin, course._id, { reason: note }, 'ar')).statusCode).toBe(200);
    const mail = await smtp.waitForMail(owner.email, (m) => m.text.includes('Cite sources'));
    expect(mail.subject).toBe('Your course was returned with a note');
    expect(mail.text).toContain(note);
    expect(mail.text).toContain('Data <b>sharing</b>');
    expect(mail.text).toContain(`/contributor/dashboard?edit=${course._id}&lang=en`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>sharing');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain('Hi Nadia,');

    const arabic = await createCourse(t, arabicOwner, { title: 'Data', title_tr: 'مشاركة البيانات' });
    expect((await reject(admin, arabic._id, { reason: 'أضف المراجع' })).statusCode).toBe(200);
    const arabicMail = await smtp.waitForMail(arabicOwner.email);
    expect(arabicMail.subject).toBe('أُعيدت دورتك إليك مع ملاحظة');
    expect(arabicMail.text).toContain('«مشاركة البيانات»');
    expect(arabicMail.text).toContain('أضف المراجع');
    expect(arabicMail.html).toContain('dir="rtl"');
  });

  it('succeeds while the mail server refuses mail: the mail waits in the outbox and goes later', async () => {
    const course = await createCourse(t, owner);
    smtp.refuseNext(1);
    expect(
      (await reject(admin, course._id, { reason: 'Sent while the mail server is away' })).statusCode,
    ).toBe(200);
    // The first try was refused (451): the mail waits for its next attempt; made due now, it goes.
    const isIt = (m: { text: string }) => m.text.includes('while the mail server is away');
    for (let tries = 0; tries < 20 && !smtp.mails.some(isIt); tries++) {
      await t.db
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(and(eq(emailOutbox.to, owner.email), isNull(emailOutbox.sentAt)));
      await flushOutbox(t.app);
    }
    const [row] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, owner.email), eq(emailOutbox.kind, 'courseReturned')))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(row!.attempts).toBeGreaterThan(1);
    const mail = await smtp.waitForMail(owner.email, isIt);
    expect(mail.subject).toBe('Your course was returned with a note');
  });

  it('shows the note to the owner and the administrators only, never to learners or the catalogue', async () => {
    const course: CreatedCourse = await createCourse(t, owner);
    await reject(admin, course._id, { reason: 'Owner eyes only' });

    const own = await editView(owner, course._id);
    expect(own.json<{ data: { review_note: { reason: string; at: string } } }>().data.review_note).toEqual({
      reason: 'Owner eyes only',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    });
    expect(
      (await listed(`/api/v1/course/contributor/${owner.id}`, owner, course._id))?.review_note?.reason,
    ).toBe('Owner eyes only');
    expect((await listed('/api/v1/course?status=Rejected', admin, course._id))?.review_note?.reason).toBe(
      'Owner eyes only',
    );
    expect(
      (await editView(admin, course._id)).json<{ data: { review_note: unknown } }>().data.review_note,
    ).toBeTruthy();

    // A learner: the course is hidden, as a pending one is; nothing in the catalogue or the public pages.
    expect((await editView(learner, course._id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/user/course/${course._id}`, headers: learner.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/course/enroll/${course._id}`,
          headers: learner.auth,
        })
      ).statusCode,
    ).toBe(404);
    const catalogue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/course/approved',
      headers: learner.auth,
    });
    expect(catalogue.body).not.toContain('Owner eyes only');
    const page = await t.app.inject({ method: 'GET', url: `/courses/${course._id}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Owner eyes only');
  });

  it('lets the owner edit it and submit it again (→ Pending, note kept); approving clears the note', async () => {
    const course = await createCourse(t, owner);
    await reject(admin, course._id, { reason: 'Shorten the title' });
    const full = (await editView(owner, course._id)).json<{ data: Record<string, unknown> }>().data;

    // Saved without submitting: still Rejected.
    const saved = await patchCourse(t, owner, course._id, { ...editable(full), title: 'Short' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: { course: { status: string } } }>().data.course.status).toBe('Rejected');

    const submitted = await patchCourse(t, owner, course._id, { ...editable(full), status: 'Pending' });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json<{ message: string }>().message).toBe('Course submitted for review');
    const again = submitted.json<{ data: { course: { status: string; review_note?: { reason: string } } } }>()
      .data.course;
    expect(again.status).toBe('Pending');
    expect(again.review_note?.reason).toBe('Shorten the title');
    const [submit] = await t.db
      .select()
      .from(courseEvents)
      .where(and(eq(courseEvents.courseId, course._id), eq(courseEvents.action, 'submit')));
    expect(submit).toMatchObject({ fromStatus: 'Rejected', toStatus: 'Pending' });

    // A second rejection replaces the note; approving clears it.
    expect((await reject(admin, course._id, { reason: 'Now add a quiz' })).statusCode).toBe(200);
    expect(
      (await editView(owner, course._id)).json<{ data: { review_note: { reason: string } } }>().data
        .review_note.reason,
    ).toBe('Now add a quiz');
    await patchCourse(t, owner, course._id, { ...editable(full), status: 'Pending' });
    expect((await courseAction(t, admin, 'approve', course._id)).statusCode).toBe(200);
    expect(
      (await editView(owner, course._id)).json<{ data: Record<string, unknown> }>().data,
    ).not.toHaveProperty('review_note');
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course._id));
    expect(row).toMatchObject({ reviewNote: null, reviewNoteBy: null, reviewNoteAt: null });
  });

  it('allows editing again on a course locked while Pending, so the owner can act on the note', async () => {
    const course = await createCourse(t, owner);
    const locked = await courseAction(t, admin, 'toggle-editing', course._id);
    expect(locked.json<{ data: { enableEditing: boolean } }>().data.enableEditing).toBe(false);
    const full = (await editView(owner, course._id)).json<{ data: Record<string, unknown> }>().data;
    expect((await patchCourse(t, owner, course._id, editable(full))).statusCode).toBe(403);

    const response = await reject(admin, course._id, { reason: 'Fix the quiz' });
    expect(response.json<{ data: { enableEditing: boolean } }>().data).toEqual({
      status: 'Rejected',
      isAvailable: true,
      enableEditing: true,
    });
    const saved = await patchCourse(t, owner, course._id, { ...editable(full), status: 'Pending' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: { course: { status: string } } }>().data.course.status).toBe('Pending');
  });

  it('dates the note by the database clock, as the course update beside it', async () => {
    const course = await createCourse(t, owner);
    await reject(admin, course._id, { reason: 'Dated' });
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course._id));
    expect(row!.reviewNoteAt).toEqual(row!.updatedAt);
  });

  it('answers GET on the route 405 (it is a POST)', async () => {
    const course = await createCourse(t, owner);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/reject/${course._id}`,
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(405);
  });
});

/** What the edit form sends back of a course it read: its content fields. */
function editable(course: Record<string, unknown>) {
  const { title, title_tr, description, description_tr, author, license, course_section } = course;
  return { title, title_tr, description, description_tr, author, license, coursesection: course_section };
}
