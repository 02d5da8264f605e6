import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course, CourseSummary } from '@app/shared';
import { courseEvents, files } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  submitAttempt,
  courseAction,
  courseBody,
  createCourse,
  jpegCover,
  patchCourse,
  postCourse,
  quizOf,
  tinyPdf,
  uploadFile,
} from '../../test/course-fixtures.ts';

describe('courses: authoring and review', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let learner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    other = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
    learner = await createUser(t, 'EndUser');
  });
  afterAll(() => t.close());

  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.auth });
  const list = async (user: TestUser, url: string) =>
    (await get(user, url)).json<{ data: CourseSummary[] }>().data;
  const ids = (courses: CourseSummary[]) => courses.map((course) => course._id);
  const fetchCourse = async (user: TestUser, id: string) =>
    (await get(user, `/api/v1/course/${id}`)).json<{ data: Course }>().data;
  const events = (courseId: string) =>
    t.db
      .select({ action: courseEvents.action, from: courseEvents.fromStatus, to: courseEvents.toStatus })
      .from(courseEvents)
      .where(eq(courseEvents.courseId, courseId))
      .orderBy(asc(courseEvents.createdAt));

  it('takes a course from creation through review, revocation and the archive', async () => {
    const pdf = await uploadFile(t, owner, { data: tinyPdf(), filename: 'notes.pdf' });
    const created = await postCourse(t, owner, courseBody(pdf.secure_url, { status: 'Approved' }));
    expect(created.statusCode).toBe(201);
    const { message, data } = created.json<{ message: string; data: { course: Course } }>();
    expect(message).toBe('New course created successfully');
    const course = data.course;
    // An author cannot choose Approved: a normal submission is Pending.
    expect(course).toMatchObject({
      status: 'Pending',
      status_tr: 'قيد المراجعة',
      isAvailable: true,
      enableEditing: true,
    });
    expect(course.createdBy).toMatchObject({ _id: owner.id, role: 'Contributor', role_tr: 'مساهم' });
    expect(course.preview_image).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}$/);
    expect((await t.app.inject({ method: 'GET', url: course.preview_image! })).headers['content-type']).toBe(
      'image/png',
    );
    expect(course.course_section.map((s) => s.resources.map((r) => r.type))).toEqual([
      ['video', 'pdf'],
      ['quiz'],
    ]);
    expect(course.course_section[0]!.resources[0]!.link).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(course.course_section[0]!.resources[1]!.file).toBe(pdf.secure_url);

    const pendingInAdminList = (await list(admin, '/api/v1/course')).find((c) => c._id === course._id);
    expect(pendingInAdminList?.status).toBe('Pending');
    expect(ids(await list(learner, '/api/v1/course/approved'))).not.toContain(course._id);
    expect((await get(learner, `/api/v1/course/enroll/${course._id}`)).statusCode).toBe(404);

    const approved = await courseAction(t, admin, 'approve', course._id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({
      success: true,
      message: 'Course approved',
      data: { status: 'Approved', isAvailable: true, enableEditing: true },
    });
    expect((await courseAction(t, admin, 'approve', course._id)).statusCode).toBe(409);
    expect(ids(await list(learner, '/api/v1/course/approved'))).toContain(course._id);

    const revoked = await courseAction(t, admin, 'pending', course._id);
    expect(revoked.json()).toMatchObject({ data: { status: 'Pending' } });
    expect((await courseAction(t, admin, 'pending', course._id)).json()).toMatchObject({
      code: 'INVALID_TRANSITION',
    });
    expect(ids(await list(learner, '/api/v1/course/approved'))).not.toContain(course._id);

    const archived = await courseAction(t, owner, 'archive', course._id);
    expect(archived.json()).toMatchObject({ message: 'Course archived', data: { status: 'Archived' } });
    expect(ids(await list(owner, `/api/v1/course/contributor/${owner.id}`))).not.toContain(course._id);
    expect(ids(await list(admin, '/api/v1/course'))).toContain(course._id);

    const restored = await courseAction(t, owner, 'archive', course._id);
    expect(restored.json()).toMatchObject({
      message: 'Course restored from the archive; it is pending review again',
      data: { status: 'Pending' },
    });

    expect(await events(course._id)).toEqual([
      { action: 'create', from: null, to: 'Pending' },
      { action: 'approve', from: 'Pending', to: 'Approved' },
      { action: 'pending', from: 'Approved', to: 'Pending' },
      { action: 'archive', from: 'Pending', to: 'Archived' },
      { action: 'archive', from: 'Archived', to: 'Pending' },
    ]);
  });

  it('returns an approved course to Pending, not Approved, when it is un-archived', async () => {
    const course = await createCourse(t, owner);
    await courseAction(t, admin, 'approve', course._id);
    await courseAction(t, admin, 'archive', course._id);
    expect((await courseAction(t, admin, 'archive', course._id)).json()).toMatchObject({
      data: { status: 'Pending' },
    });
  });

  it('saves a draft (also in the {newData, status} form), keeps it a draft across edits and archive, then submits it', async () => {
    const pdf = await uploadFile(t, owner, { data: tinyPdf(), filename: 'notes.pdf' });
    const response = await postCourse(t, owner, { newData: courseBody(pdf.secure_url), status: 'Draft' });
    expect(response.statusCode).toBe(201);
    const draft = response.json<{ message: string; data: { course: Course } }>();
    expect(draft.message).toBe('Course saved as a draft');
    const id = draft.data.course._id;
    expect(draft.data.course.status).toBe('Draft');
    expect((await courseAction(t, admin, 'approve', id)).statusCode).toBe(409);
    expect((await courseAction(t, admin, 'toggle-available', id)).statusCode).toBe(409);

    const edited = await patchCourse(t, owner, id, {
      ...courseBody(pdf.secure_url),
      title: 'Draft, edited',
      status: 'Draft',
    });
    expect(edited.json()).toMatchObject({
      message: 'Course updated',
      data: { course: { status: 'Draft', title: 'Draft, edited' } },
    });

    await courseAction(t, owner, 'archive', id);
    expect((await courseAction(t, owner, 'archive', id)).json()).toMatchObject({
      message: 'Course restored from the archive',
      data: { status: 'Draft' },
    });

    // Only Draft → Pending may be chosen by the author; asking for Approved changes nothing.
    const sneaky = await patchCourse(t, owner, id, { ...courseBody(pdf.secure_url), status: 'Approved' });
    expect(sneaky.json()).toMatchObject({ data: { course: { status: 'Draft' } } });

    const submitted = await patchCourse(t, owner, id, { ...courseBody(pdf.secure_url), status: 'Pending' });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      message: 'Course submitted for review',
      data: { course: { status: 'Pending' } },
    });
    expect((await events(id)).at(-1)).toEqual({ action: 'submit', from: 'Draft', to: 'Pending' });
    expect((await courseAction(t, admin, 'approve', id)).statusCode).toBe(200);
  });

  it("refuses to submit a draft archived since the form was opened, and saves nothing (409 in the reader's language)", async () => {
    const pdf = await uploadFile(t, owner, { data: tinyPdf(), filename: 'notes.pdf' });
    const made = await postCourse(t, owner, { newData: courseBody(pdf.secure_url), status: 'Draft' });
    const draft = made.json<{ data: { course: Course } }>().data.course;
    // Another tab deletes (archives) the draft; this tab's form still shows it as a draft.
    expect((await courseAction(t, owner, 'archive', draft._id)).json()).toMatchObject({
      data: { status: 'Archived' },
    });

    const submit = await patchCourse(
      t,
      owner,
      draft._id,
      { ...courseBody(pdf.secure_url), title: 'Submitted late', status: 'Pending' },
      undefined,
      { 'if-match': `"${draft.version}"`, 'accept-language': 'ar' },
    );
    expect(submit.statusCode).toBe(409);
    expect(submit.json()).toMatchObject({ success: false, code: 'INVALID_TRANSITION' });
    expect(submit.json<{ message: string }>().message).toContain('لا يمكن إرسالها للمراجعة');
    const now = await fetchCourse(owner, draft._id);
    expect(now).toMatchObject({ status: 'Archived', title: draft.title, version: draft.version });
    expect((await events(draft._id)).map((event) => event.action)).not.toContain('edit');

    // Un-archived, it is a draft again, and the same submission goes through.
    await courseAction(t, owner, 'archive', draft._id);
    const again = await patchCourse(t, owner, draft._id, {
      ...courseBody(pdf.secure_url),
      status: 'Pending',
    });
    expect(again.json()).toMatchObject({
      message: 'Course submitted for review',
      data: { course: { status: 'Pending' } },
    });
  });

  it('honours the editing lock for the owner but not for an administrator', async () => {
    const course = await createCourse(t, owner);
    const body = await fetchCourse(owner, course._id);
    const locked = await courseAction(t, admin, 'toggle-editing', course._id);
    expect(locked.json()).toMatchObject({
      message: 'Editing disabled for this course',
      data: { enableEditing: false },
    });

    const refused = await patchCourse(t, owner, course._id, {
      ...body,
      coursesection: body.course_section,
      title: 'Mine',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'EDITING_LOCKED' });

    const byAdmin = await patchCourse(t, admin, course._id, {
      ...body,
      coursesection: body.course_section,
      title: 'Fixed by admin',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({
      data: { course: { title: 'Fixed by admin', status: 'Pending', enableEditing: false } },
    });

    await courseAction(t, admin, 'toggle-editing', course._id);
    const again = await patchCourse(t, owner, course._id, {
      ...body,
      coursesection: body.course_section,
      title: 'Mine',
    });
    expect(again.statusCode).toBe(200);
  });

  it('keeps section, resource and question ids across an edit, so an earlier score still belongs to its quiz', async () => {
    const course = await createCourse(t, owner);
    await courseAction(t, admin, 'approve', course._id);
    await get(learner, `/api/v1/course/enroll/${course._id}`);
    const scored = await submitAttempt(t, learner, course, 3);
    expect(scored.json()).toMatchObject({ score: { currentScore: 100 } });

    // The edit form sends back what GET /course/:id gave, changed: the video is removed, the quiz
    // moves to the first section and gains a question, the second section is replaced by a new one.
    const current = await fetchCourse(owner, course._id);
    const [first, second] = current.course_section;
    const quizResource = second!.resources[0]!;
    const edited = {
      ...current,
      title: 'Introduction to Open Science (2nd edition)',
      coursesection: [
        {
          ...first,
          title: 'Start here',
          resources: [
            first!.resources[1],
            {
              ...quizResource,
              title: 'Quiz one, revised',
              quiz: [
                ...quizResource.quiz!,
                { question: 'New?', options: [{ name: 'Yes' }, { name: 'No' }], correctanswer: 'Yes' },
              ],
            },
          ],
        },
        { title: 'Brand new', description: 'Added later', resources: [] },
      ],
    };
    const response = await patchCourse(t, owner, course._id, edited);
    expect(response.statusCode).toBe(200);
    const after = response.json<{ data: { course: Course } }>().data.course;

    expect(after.course_section[0]!._id).toBe(first!._id);
    expect(after.course_section[0]!.title).toBe('Start here');
    expect(after.course_section[1]!._id).not.toBe(second!._id);
    const [pdfAfter, quizAfter] = after.course_section[0]!.resources;
    expect(pdfAfter!._id).toBe(first!.resources[1]!._id);
    expect(pdfAfter!.file).toBe(first!.resources[1]!.file);
    expect(quizAfter!._id).toBe(quizResource._id);
    expect(quizAfter!.quiz!.slice(0, 3).map((q) => q._id)).toEqual(quizResource.quiz!.map((q) => q._id));
    expect(quizAfter!.quiz![3]!._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(after.status).toBe('Approved');

    const view = await get(learner, `/api/v1/user/course/${course._id}`);
    expect(view.json()).toMatchObject({ data: { quizScore: [{ quizId: quizResource._id, score: 100 }] } });
    // One of four questions is new and unanswered, but the best score recorded stays with the quiz.
    expect((await get(learner, `/api/v1/user/overall-score/${course._id}`)).json()).toEqual({
      success: true,
      score: 100,
      certificateIssued: false,
    });
  });

  it('ignores ids that belong to another course and inserts fresh rows instead', async () => {
    const mine = await createCourse(t, owner);
    const theirs = await fetchCourse(other, (await createCourse(t, other))._id);
    const current = await fetchCourse(owner, mine._id);
    // Their PDF resources point at the owner's own PDF: their file is not this course's to use (decision 205).
    const ownPdf = current.course_section[0]!.resources[1]!.file;
    const response = await patchCourse(t, owner, mine._id, {
      ...current,
      coursesection: theirs.course_section.map((section) => ({
        ...section,
        resources: section.resources.map((resource) =>
          resource.type === 'pdf' ? { ...resource, file: ownPdf } : resource,
        ),
      })),
    });
    expect(response.statusCode).toBe(200);
    const after = response.json<{ data: { course: Course } }>().data.course;
    const theirIds = theirs.course_section.flatMap((s) => [s._id, ...s.resources.map((r) => r._id)]);
    const newIds = after.course_section.flatMap((s) => [s._id, ...s.resources.map((r) => r._id)]);
    expect(newIds.some((id) => theirIds.includes(id))).toBe(false);
    // …and their course is untouched.
    expect(await fetchCourse(other, theirs._id)).toMatchObject({ course_section: theirs.course_section });
  });

  it('replaces the cover on request and removes the old file', async () => {
    const course = await createCourse(t, owner);
    const current = await fetchCourse(owner, course._id);
    const oldId = current.preview_image!.split('/').at(-1)!;
    const response = await patchCourse(
      t,
      owner,
      course._id,
      { ...current, coursesection: current.course_section },
      jpegCover,
    );
    const after = response.json<{ data: { course: Course } }>().data.course;
    expect(after.preview_image).not.toBe(current.preview_image);
    expect((await t.app.inject({ method: 'GET', url: after.preview_image! })).headers['content-type']).toBe(
      'image/jpeg',
    );
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, oldId))).toEqual([]);
  });

  it('keeps other contributors out of a course: 404 to read, edit or archive it, 403 to list its owner', async () => {
    const course = await createCourse(t, owner);
    const current = await fetchCourse(owner, course._id);
    expect((await get(other, `/api/v1/course/${course._id}`)).statusCode).toBe(404);
    const edit = await patchCourse(t, other, course._id, {
      ...current,
      coursesection: current.course_section,
      title: 'Hijacked',
    });
    expect(edit.statusCode).toBe(404);
    expect((await courseAction(t, other, 'archive', course._id)).statusCode).toBe(404);
    const listing = await get(other, `/api/v1/course/contributor/${owner.id}`);
    expect(listing.statusCode).toBe(403);
    expect(listing.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await fetchCourse(owner, course._id)).toMatchObject({ title: current.title, status: 'Pending' });
  });

  it('?to=on|off asks for a state, not a flip: a course already there is left as it is (decision 098)', async () => {
    const course = await createCourse(t, owner);
    const id = course._id;
    const before = (await events(id)).length;
    // Two administrators read "Disable editing" on the same row; both press it.
    for (let press = 0; press < 2; press += 1) {
      const off = await courseAction(t, admin, 'toggle-editing', `${id}?to=off`);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({
        message: 'Editing disabled for this course',
        data: { enableEditing: false },
      });
    }
    expect(await events(id)).toHaveLength(before + 1);
    // The owner's stale "Delete Course" after an administrator archived it does not bring it back.
    expect((await courseAction(t, admin, 'archive', `${id}?to=on`)).json()).toMatchObject({
      data: { status: 'Archived' },
    });
    const stale = await courseAction(t, owner, 'archive', `${id}?to=on`);
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toMatchObject({ data: { status: 'Archived' } });
    expect((await courseAction(t, admin, 'archive', `${id}?to=off`)).json()).toMatchObject({
      data: { status: 'Pending' },
    });
    // Availability still needs an approved course, whatever is asked for.
    expect((await courseAction(t, admin, 'toggle-available', `${id}?to=off`)).statusCode).toBe(409);
    // Without `to` it flips, as the contract says; a value it cannot mean is a 400 in the envelope.
    expect((await courseAction(t, admin, 'toggle-editing', id)).json()).toMatchObject({
      data: { enableEditing: true },
    });
    const bad = await courseAction(t, admin, 'toggle-editing', `${id}?to=yes`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('toggles availability of approved courses only, and says so in Arabic when asked', async () => {
    const course = await createCourse(t, owner);
    const early = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/toggle-available/${course._id}`,
      headers: { ...admin.auth, 'accept-language': 'ar' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: 'لا يمكن تغيير إتاحة الدورة إلا إذا كانت معتمدة.' });
    await courseAction(t, admin, 'approve', course._id);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/toggle-available/${course._id}`,
      headers: { ...admin.auth, 'accept-language': 'ar' },
    });
    expect(hidden.json()).toEqual({
      success: true,
      message: 'لم تعد الدورة متاحة للمتعلمين',
      data: { status: 'Approved', isAvailable: false, enableEditing: true },
    });
  });

  it("lists a contributor's own courses newest update first, and the admin list carries counts, not who enrolled", async () => {
    const author = await createUser(t, 'Contributor');
    const older = await createCourse(t, author, { title: 'Older' });
    const newer = await createCourse(t, author, { title: 'Newer' });
    expect((await list(author, `/api/v1/course/contributor/${author.id}`)).map((c) => c.title)).toEqual([
      'Newer',
      'Older',
    ]);
    await courseAction(t, admin, 'approve', older._id); // an update: now the most recent
    expect((await list(admin, `/api/v1/course/contributor/${author.id}`)).map((c) => c.title)).toEqual([
      'Older',
      'Newer',
    ]);
    await get(learner, `/api/v1/course/enroll/${older._id}`);
    const inAdminList = (await list(admin, '/api/v1/course')).find((c) => c._id === older._id);
    // enrolled_users holds at most the caller's own id, for staff too (the list grew with the learners).
    expect(inAdminList).toMatchObject({ enrolled_users: [], enrolled_count: 1, enrolled: false });
    expect(ids(await list(admin, '/api/v1/course')).indexOf(older._id)).toBeLessThan(
      ids(await list(admin, '/api/v1/course')).indexOf(newer._id),
    );
  });

  it('gives the owner the full course with answers', async () => {
    const course = await createCourse(t, owner);
    const full = await fetchCourse(owner, course._id);
    expect(quizOf(full).questions.map((q) => q.correctanswer)).toEqual([
      'Open data',
      'Reproducibility',
      'A licence',
    ]);
    expect(await fetchCourse(admin, course._id)).toEqual(full);
  });
});
