import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizAttempts, quizScores } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import { submitAttempt, createApprovedCourse, quizOf } from '../../test/course-fixtures.ts';
import { ATTEMPTS_KEPT } from './learning.repository.ts';

describe('learning: concurrent quiz submissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A new learner enrolled in a new approved course, and the course's quiz. */
  async function enrolledLearner() {
    const owner = await createUser(t, 'Contributor');
    const admin = await createUser(t, 'SuperAdmin');
    const learner = await createUser(t, 'EndUser');
    const course = await createApprovedCourse(t, owner, admin);
    await t.app.inject({ method: 'GET', url: `/api/v1/course/enroll/${course._id}`, headers: learner.auth });
    return { learner, course, resourceId: quizOf(course).resourceId };
  }

  it('50 simultaneous submissions by one learner keep exactly the best score and count 50 attempts', async () => {
    const { learner, course, resourceId } = await enrolledLearner();

    // Mixed scores; the single perfect attempt sits in the middle of the burst.
    const corrects = Array.from({ length: 50 }, (_, i) => (i === 27 ? 3 : i % 3));
    const responses = await Promise.all(
      corrects.map((correct) => submitAttempt(t, learner, course, correct)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(responses.map((r) => r.json<{ score: { currentScore: number } }>().score.currentScore)).toEqual(
      corrects.map((correct) => (correct * 100) / 3),
    );

    const scores = await t.db
      .select({ best: quizScores.bestScore, attempts: quizScores.attempts })
      .from(quizScores)
      .where(and(eq(quizScores.userId, learner.id), eq(quizScores.resourceId, resourceId)));
    expect(scores).toEqual([{ best: 100, attempts: 50 }]);
    // Stored attempts are bounded (decision 203): as the count passes a multiple of ATTEMPTS_KEPT, the
    // statement trims what it sees to the newest ATTEMPTS_KEPT. Rows a statement writes itself are not
    // in its snapshot, so where the batches fell decides how many of the burst remain, at most all.
    const stored = () =>
      t.db
        .select({ score: quizAttempts.score })
        .from(quizAttempts)
        .where(eq(quizAttempts.userId, learner.id));
    const attempts = await stored();
    expect(attempts.length).toBeGreaterThanOrEqual(ATTEMPTS_KEPT);
    expect(attempts.length).toBeLessThanOrEqual(50);
    for (const { score } of attempts) expect(corrects.map((correct) => (correct * 100) / 3)).toContain(score);
    // The next multiple (60) cuts the 59 before it to the newest 20, the 60th kept too.
    for (let i = 0; i < 10; i++) expect((await submitAttempt(t, learner, course, 1)).statusCode).toBe(200);
    expect(await stored()).toHaveLength(ATTEMPTS_KEPT + 1);
    const overall = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/overall-score/${course._id}`,
      headers: learner.auth,
    });
    expect(overall.json()).toEqual({ success: true, score: 100, certificateIssued: false });
  });

  it('keeps the newest attempts of a learner at a quiz, not all of them (decision 203)', async () => {
    const { learner, course, resourceId } = await enrolledLearner();
    const stored = async () =>
      t.db
        .select({ score: quizAttempts.score })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.userId, learner.id), eq(quizAttempts.resourceId, resourceId)))
        .orderBy(quizAttempts.createdAt);
    // One after the other: the perfect one first, then 44 with one answer right.
    expect((await submitAttempt(t, learner, course, 3)).statusCode).toBe(200);
    for (let i = 1; i < 2 * ATTEMPTS_KEPT - 1; i++)
      expect((await submitAttempt(t, learner, course, 1)).statusCode).toBe(200);
    expect(await stored()).toHaveLength(2 * ATTEMPTS_KEPT - 1); // none trimmed yet
    // The 40th passes the second multiple of 20: the 39 before it are cut to their newest 20.
    expect((await submitAttempt(t, learner, course, 1)).statusCode).toBe(200);
    expect(await stored()).toHaveLength(ATTEMPTS_KEPT + 1);
    for (let i = 0; i < 5; i++) expect((await submitAttempt(t, learner, course, 2)).statusCode).toBe(200);
    const kept = await stored();
    expect(kept).toHaveLength(ATTEMPTS_KEPT + 6);
    // The newest ones stay (the perfect first attempt went), and its best score is kept.
    expect(kept.slice(-5).map((row) => row.score)).toEqual(Array(5).fill(200 / 3));
    expect(kept.some((row) => row.score === 100)).toBe(false);
    const [score] = await t.db
      .select({ best: quizScores.bestScore, attempts: quizScores.attempts })
      .from(quizScores)
      .where(and(eq(quizScores.userId, learner.id), eq(quizScores.resourceId, resourceId)));
    expect(score).toEqual({ best: 100, attempts: 2 * ATTEMPTS_KEPT + 5 });
  });
});
