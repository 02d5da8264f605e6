import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseListResponseSchema } from '@app/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  completeLesson,
  courseBody,
  createApprovedCourse,
  patchCourse,
  videoOf,
  type CreatedCourse,
} from '../../test/course-fixtures.ts';
import { cataloguePageJson } from './course-lists.service.ts';

/**
 * Decision 149: an enrolled learner's catalogue answer is kept while the page, their enrolled ids and
 * their progress are the very cached entries it was joined from, and made again as soon as any of
 * them is replaced, by this instance's own writes as by notifications.
 */
describe("a learner's own catalogue answer, kept", () => {
  let t: TestApp;
  let admin: TestUser;
  let learner: TestUser;
  let course: CreatedCourse;
  const page = { limit: 12, offset: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
    learner = await createUser(t, 'EndUser');
    course = await createApprovedCourse(t, owner, admin, { title: 'Kept answers' });
    await createApprovedCourse(t, owner, admin, { title: 'Not joined' });
    const enrolled = await t.app.inject({
      url: `/api/v1/course/enroll/${course._id}`,
      headers: learner.auth,
    });
    expect(enrolled.statusCode).toBe(200);
  }, 60_000);
  afterAll(() => t.close());

  const answerOf = (user: TestUser) => cataloguePageJson(t.db, t.app.caches, user.id, '', page);
  const rowOf = async (user: TestUser) => {
    const response = await t.app.inject({ url: '/api/v1/course/approved?limit=12', headers: user.auth });
    expect(response.statusCode).toBe(200);
    const data = courseListResponseSchema.parse(response.json()).data;
    return data.find((row) => row._id === course._id)!;
  };

  it('is the same answer while nothing it was made from changed; another learner has their own', async () => {
    const first = await answerOf(learner);
    expect(await answerOf(learner)).toBe(first);
    expect(await rowOf(learner)).toMatchObject({ enrolled: true, enrolled_users: [learner.id], progress: 0 });

    const twin = await createUser(t, 'EndUser');
    await t.app.inject({ url: `/api/v1/course/enroll/${course._id}`, headers: twin.auth });
    expect(await rowOf(twin)).toMatchObject({ enrolled: true, enrolled_users: [twin.id] });
    // The twin's enrolment moved the course's counter: the page, and so the learner's answer, is new.
    const recounted = await answerOf(learner);
    expect(recounted).not.toBe(first);
    expect(await rowOf(learner)).toMatchObject({ enrolled_users: [learner.id], enrolled_count: 2 });
  });

  it('is made again after a lesson done here (progress revised in place) and after an edit', async () => {
    const before = await answerOf(learner);
    const done = await completeLesson(t, learner, course._id, videoOf(course));
    expect(done.statusCode).toBe(200);
    expect(await answerOf(learner)).not.toBe(before);
    expect((await rowOf(learner)).progress).toBeCloseTo(100 / 3, 9);

    const pdf = course.course_section[0]!.resources.find((r) => r.type === 'pdf')!.file!;
    const edit = await patchCourse(t, admin, course._id, courseBody(pdf, { title: 'Kept, then edited' }));
    expect(edit.statusCode).toBe(200);
    expect(await rowOf(learner)).toMatchObject({ title: 'Kept, then edited', enrolled: true });
  });

  it('is not kept while the caches are not trusted', async () => {
    t.app.caches.setLive(false);
    try {
      expect(t.app.caches.catalogueAnswers.size).toBe(0);
      const first = await answerOf(learner);
      expect(await answerOf(learner)).not.toBe(first);
      expect(t.app.caches.catalogueAnswers.size).toBe(0);
    } finally {
      t.app.caches.setLive(true);
    }
  });
});
