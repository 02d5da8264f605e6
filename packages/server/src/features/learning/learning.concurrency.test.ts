import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizAttempts, quizScores } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import { submitAttempt, createApprovedCourse, quizOf } from '../../test/course-fixtures.ts';

describe('learning: concurrent quiz submissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('50 simultaneous submissions by one learner keep exactly the best score and record 50 attempts', async () => {
    const owner = await createUser(t, 'Contributor');
    const admin = await createUser(t, 'SuperAdmin');
    const learner = await createUser(t, 'EndUser');
    const course = await createApprovedCourse(t, owner, admin);
    await t.app.inject({ method: 'GET', url: `/api/v1/course/enroll/${course._id}`, headers: learner.auth });
    const { resourceId } = quizOf(course);

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
    const attempts = await t.db
      .select({ score: quizAttempts.score })
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, learner.id));
    expect(attempts).toHaveLength(50);
    expect(attempts.map((a) => a.score).sort((a, b) => a - b)).toEqual(
      corrects.map((correct) => (correct * 100) / 3).sort((a, b) => a - b),
    );
    const overall = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/overall-score/${course._id}`,
      headers: learner.auth,
    });
    expect(overall.json()).toEqual({ success: true, score: 100, certificateIssued: false });
  });
});
