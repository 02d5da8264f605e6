import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizAttempts, quizScores } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import {
  answers,
  submitAttempt,
  createApprovedCourse,
  courseBody,
  quizOf,
} from '../../test/course-fixtures.ts';
import { ATTEMPTS_KEPT, TRIM_WINDOW } from './learning.repository.ts';

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

  it.each([
    ['held', true],
    ['not held (read afresh first)', false],
  ])(
    "a learner's simultaneous submissions on two quizzes each answer every best score committed before them, completed lessons %s",
    async (_, completedHeld) => {
      const owner = await createUser(t, 'Contributor');
      const admin = await createUser(t, 'SuperAdmin');
      const learner = await createUser(t, 'EndUser');
      const quizSection = courseBody('unused').coursesection[1]!;
      const course = await createApprovedCourse(t, owner, admin, {
        coursesection: [
          { ...quizSection, resources: [quizSection.resources[0]!, quizSection.resources[0]!] },
        ],
      });
      const get = (url: string) =>
        t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: learner.auth });
      await get(`/course/enroll/${course._id}`);
      // Their scores held (the course view), and their completed lessons as well (the course viewer's
      // progress read) or not: answers come from what is held (decision 217), else from a read after the
      // commit, which a later submission of theirs must not overtake with what is held meanwhile.
      expect((await get(`/user/course/${course._id}`)).statusCode).toBe(200);
      if (completedHeld) expect((await get(`/user/course/${course._id}/progress`)).statusCode).toBe(200);
      const quizzes = course.course_section[0]!.resources;
      type Answer = { quizScore: { quizId: string; score: number }[] };
      // Alternating quizzes, scores rising (0, 1 then 2 of 3 right: every body has a wrong answer of its
      // own, which finds its attempt row below).
      const sent = await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const body = answers(
            { ...course, course_section: [{ ...course.course_section[0]!, resources: [quizzes[i % 2]!] }] },
            Math.floor(i / 4),
          );
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/v1/course/exercise-score/${course._id}`,
            headers: learner.auth,
            payload: body,
          });
          expect(response.statusCode).toBe(200);
          const mark = String(body.quizAnswers.at(-1)!.answer);
          return { mark, answer: response.json<{ score: Answer }>().score };
        }),
      );
      // When each attempt's statement ran (its transaction's start, to the microsecond); statements run
      // one after another, each after the one before has committed.
      const attempts = await t.db
        .select({
          quizId: quizAttempts.resourceId,
          score: quizAttempts.score,
          at: sql<string>`(extract(epoch from ${quizAttempts.createdAt}) * 1000000)::bigint`,
          answers: quizAttempts.answers,
        })
        .from(quizAttempts)
        .where(eq(quizAttempts.userId, learner.id));
      expect(attempts).toHaveLength(12);
      const atOf = (mark: string) =>
        BigInt(attempts.find((row) => JSON.stringify(row.answers).includes(mark))!.at);
      // Each answer holds, on both quizzes, at least the best of every attempt written by its own
      // statement or one before it, whatever order the answers arrive in.
      for (const { mark, answer } of sent) {
        const at = atOf(mark);
        for (const { _id } of quizzes) {
          const committed = attempts.filter((row) => row.quizId === _id && BigInt(row.at) <= at);
          const best = Math.max(0, ...committed.map((row) => row.score));
          const shown = answer.quizScore.find((score) => score.quizId === _id)?.score ?? 0;
          expect(shown).toBeGreaterThanOrEqual(best);
        }
      }
      const stored = await t.db
        .select({ quizId: quizScores.resourceId, score: quizScores.bestScore })
        .from(quizScores)
        .where(eq(quizScores.userId, learner.id))
        .orderBy(quizScores.resourceId);
      expect(stored.map((row) => row.score)).toEqual([200 / 3, 200 / 3]);
      const latest = [...sent].sort((x, y) => (atOf(x.mark) < atOf(y.mark) ? -1 : 1)).at(-1)!;
      expect(latest.answer.quizScore).toEqual(stored);
    },
  );

  it('keeps the newest attempts of a learner at a quiz, not all of them (decision 203)', async () => {
    const { learner, course, resourceId } = await enrolledLearner();
    const stored = async () =>
      t.db
        .select({ score: quizAttempts.score, seq: quizAttempts.seq })
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
    // Each attempt is numbered among the learner's attempts at the quiz (decision 220): the kept
    // ones are the last numbers of the count, with no gap.
    const numbers = (rows: { seq: number }[]) => rows.map((row) => row.seq).sort((x, y) => x - y);
    const last = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, n) => from + n);
    expect(numbers(kept)).toEqual(last(ATTEMPTS_KEPT, 2 * ATTEMPTS_KEPT + 5));

    // A trim reads only the numbers just below the newest ones, never the attempts trimmed before
    // (their index entries stay until a vacuum): of two attempts planted far below, as none is once
    // trimmed, the trim at 60 (59 attempts before it) deletes the one inside its window and does not
    // even see the one just below it.
    const below = 3 * ATTEMPTS_KEPT - 1 - TRIM_WINDOW;
    for (const seq of [below, below + 1])
      await t.db
        .insert(quizAttempts)
        .values({ userId: learner.id, resourceId, courseId: course._id, score: 0, answers: [], seq });
    for (let i = 2 * ATTEMPTS_KEPT + 5; i < 3 * ATTEMPTS_KEPT; i++)
      expect((await submitAttempt(t, learner, course, 1)).statusCode).toBe(200);
    expect(numbers(await stored())).toEqual([below, ...last(2 * ATTEMPTS_KEPT, 3 * ATTEMPTS_KEPT)]);
  });
});
