import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@app/shared';
import { lessonCompletions, quizAttempts, quizScores, resources } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  answers,
  completeLesson,
  createApprovedCourse,
  type CreatedCourse,
  patchCourse,
  quizOf,
  submitAttempt,
  videoOf,
} from '../../test/course-fixtures.ts';
import { recordAttempt } from './learning.repository.ts';

/**
 * Decision 113: a learner studying while the author removes what they study. The learner's request
 * may pass the course as cached (decision 036) just before the author's edit commits; what the
 * database then no longer holds is answered 404 as it is once the cache knows (never 500), and one
 * learner's vanished quiz fails no other learner's attempt in the same statement (decision 042).
 * Runs on both databases; `learning.course-edit-race.postgres.test.ts` holds the author's transaction
 * open at known points on PostgreSQL.
 */
describe('learning: a quiz or lesson removed while it is studied', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
  });
  afterAll(() => t.close());

  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.auth });

  /** A learner enrolled in a new approved course, who has opened it (so it is cached with its quiz). */
  async function studying(): Promise<{ course: CreatedCourse; learner: TestUser }> {
    const course = await createApprovedCourse(t, owner, admin);
    const learner = await createUser(t, 'EndUser');
    expect((await get(learner, `/api/v1/course/enroll/${course._id}`)).statusCode).toBe(200);
    expect((await get(learner, `/api/v1/user/course/${course._id}`)).statusCode).toBe(200);
    return { course, learner };
  }

  /**
   * Removes a resource as the author's edit does, without telling the course caches: what a learner
   * request that passed the cached course meets once the edit has committed.
   */
  const removedMeanwhile = (resourceId: string) => t.db.delete(resources).where(eq(resources.id, resourceId));

  const quizGone = {
    success: false,
    code: 'NOT_FOUND',
    message: 'This quiz is not part of the course.',
  };
  const lessonGone = {
    success: false,
    code: 'NOT_FOUND',
    message: 'This lesson is not part of the course.',
  };

  it('answers an attempt on a quiz removed meanwhile 404, as afterwards, with or without an earlier score', async () => {
    for (const scoredBefore of [false, true]) {
      const { course, learner } = await studying();
      if (scoredBefore) expect((await submitAttempt(t, learner, course, 1)).statusCode).toBe(200);
      const { resourceId } = quizOf(course);
      await removedMeanwhile(resourceId);

      const response = await submitAttempt(t, learner, course, 3);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(quizGone);
      const left = await t.db.select().from(quizAttempts).where(eq(quizAttempts.resourceId, resourceId));
      expect(left).toEqual([]);
      // The course view still opens, with the rest of the learner's course as it was.
      expect((await get(learner, `/api/v1/user/course/${course._id}`)).statusCode).toBe(200);
    }
  });

  it('answers a lesson removed meanwhile 404 when it is completed, as afterwards', async () => {
    const { course, learner } = await studying();
    const video = videoOf(course);
    await removedMeanwhile(video);

    const response = await completeLesson(t, learner, course._id, video);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(lessonGone);
    expect(
      await t.db
        .select()
        .from(lessonCompletions)
        .where(and(eq(lessonCompletions.userId, learner.id), eq(lessonCompletions.resourceId, video))),
    ).toEqual([]);
    const progress = await get(learner, `/api/v1/user/course/${course._id}/progress`);
    expect(progress.json()).toMatchObject({ success: true, data: { completed: [] } });
  });

  it("records the other learners' attempts of a shared statement when one learner's quiz has vanished", async () => {
    const first = await studying();
    const second = await studying();
    const third = await studying();
    const attempt = ({ course, learner }: typeof first, score: number) =>
      recordAttempt(t.db, {
        userId: learner.id,
        courseId: course._id,
        resourceId: quizOf(course).resourceId,
        score,
        answers: answers(course, 3).quizAnswers,
      });
    await removedMeanwhile(quizOf(second.course).resourceId);

    // The first attempt is written at once, alone; the two sent while it is written share the next
    // statement (lib/batched.ts): the vanished quiz and a live one.
    const [alone, vanished, live] = await Promise.all([
      attempt(first, 40),
      attempt(second, 60),
      attempt(third, 80),
    ]);
    expect(alone).toEqual([{ quizId: quizOf(first.course).resourceId, score: 40 }]);
    expect(vanished).toBeNull();
    expect(live).toEqual([{ quizId: quizOf(third.course).resourceId, score: 80 }]);
    const scores = await t.db
      .select({ userId: quizScores.userId, best: quizScores.bestScore })
      .from(quizScores)
      .where(eq(quizScores.courseId, third.course._id));
    expect(scores).toEqual([{ userId: third.learner.id, best: 80 }]);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, second.learner.id))).toEqual(
      [],
    );
  });

  it('answers no 5xx to learners while the author keeps replacing the quiz and the video they study', async () => {
    const ROUNDS = 10;
    const { course, learner } = await studying();
    const bystander = await studying();
    const statuses = new Map<string, number>();
    const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
    // The edit sends the course back with its quiz and video as new ones (no `_id`): each edit
    // deletes the ones the learner is studying, with their scores and completions.
    const replaced = (current: Course) => ({
      ...current,
      coursesection: current.course_section.map((section) => ({
        ...section,
        resources: section.resources.map(({ _id: _dropped, ...resource }) => resource),
      })),
    });

    for (let round = 0; round < ROUNDS; round++) {
      // The course as it now is (the author's view has the answers, which `submitAttempt` sends).
      const authored = (await get(owner, `/api/v1/course/${course._id}`)).json<{ data: Course }>().data;
      const studied = { ...course, course_section: authored.course_section };
      const video = authored.course_section.flatMap((s) => s.resources).find((r) => r.type === 'video')!;
      expect((await get(learner, `/api/v1/user/course/${course._id}`)).statusCode).toBe(200);
      let edited = false;
      // Each learner studies until the edit is answered, then three more times; a turn of the event
      // loop between requests, so that answers from the caches alone cannot starve the edit.
      const study = async (kind: 'quiz' | 'lesson' | 'bystander') => {
        for (let after = 0; after < 3; after += edited ? 1 : 0) {
          const response =
            kind === 'lesson'
              ? await completeLesson(t, learner, course._id, video._id)
              : kind === 'quiz'
                ? await submitAttempt(t, learner, studied, 2)
                : await submitAttempt(t, bystander.learner, bystander.course, 2);
          count(`${kind} ${response.statusCode}`);
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const learners = [study('quiz'), study('quiz'), study('lesson'), study('bystander')];
      const edit = await patchCourse(t, owner, course._id, replaced(authored));
      count(`edit ${edit.statusCode}`);
      edited = true;
      await Promise.all(learners);
      // Afterwards the removed quiz and lesson are 404 for good.
      expect((await submitAttempt(t, learner, studied, 2)).json()).toEqual(quizGone);
      expect((await completeLesson(t, learner, course._id, video._id)).json()).toEqual(lessonGone);
    }
    const seen = Object.fromEntries(statuses);
    expect(
      Object.keys(seen).filter((key) => !/^(quiz|lesson) (200|404)$|^(bystander|edit) 200$/.test(key)),
    ).toEqual([]);
    expect(seen['edit 200']).toBe(ROUNDS);
  }, 90_000); // each round waits for an edit while four learners' requests run: slow on a busy machine
});
