import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courseSections, courses, quizAttempts, quizScores, resources } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import { bestScoresByCourse, overallScore, recordAttempt } from './learning.repository.ts';
import { progressByCourse } from './completion.repository.ts';

const question = { _id: 'q1', question: 'Q', question_tr: null, options: [], correctanswer: 'a' };

describe('overallScore', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function courseWithQuizzes(ownerId: string, quizCount: number) {
    const [course] = await t.db
      .insert(courses)
      .values({ title: 'C', description: 'D', author: 'A', status: 'Approved', createdBy: ownerId })
      .returning();
    const [section] = await t.db
      .insert(courseSections)
      .values({ courseId: course!.id, position: 0, title: 'S', description: 'D' })
      .returning();
    const quizIds: string[] = [];
    for (let i = 0; i < quizCount; i++) {
      const [quiz] = await t.db
        .insert(resources)
        .values({
          sectionId: section!.id,
          courseId: course!.id,
          position: i,
          type: 'quiz',
          title: `Quiz ${i}`,
          description: 'D',
          quiz: [question],
        })
        .returning();
      quizIds.push(quiz!.id);
    }
    await t.db.insert(resources).values({
      sectionId: section!.id,
      courseId: course!.id,
      position: quizCount,
      type: 'video',
      title: 'Video',
      description: 'D',
      link: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    return { courseId: course!.id, quizIds };
  }

  it('is 0 for a course without quizzes', async () => {
    const owner = await createUser(t, 'Contributor');
    const learner = await createUser(t, 'EndUser');
    const { courseId } = await courseWithQuizzes(owner.id, 0);
    expect(await overallScore(t.db, learner.id, courseId)).toBe(0);
  });

  it('averages best scores over every quiz, unattempted quizzes counting 0', async () => {
    const owner = await createUser(t, 'Contributor');
    const learner = await createUser(t, 'EndUser');
    const other = await createUser(t, 'EndUser');
    const { courseId, quizIds } = await courseWithQuizzes(owner.id, 3);
    await t.db.insert(quizScores).values([
      { userId: learner.id, resourceId: quizIds[0]!, courseId, bestScore: 100 },
      { userId: learner.id, resourceId: quizIds[1]!, courseId, bestScore: 50 },
      { userId: other.id, resourceId: quizIds[2]!, courseId, bestScore: 100 },
    ]);
    expect(await overallScore(t.db, learner.id, courseId)).toBe(50);
    expect(await overallScore(t.db, other.id, courseId)).toBeCloseTo(100 / 3);
    expect((await bestScoresByCourse(t.db, learner.id)).get(courseId)).toHaveLength(2);
  });

  it('records simultaneous attempts of several learners in shared statements, each answered its own scores', async () => {
    const owner = await createUser(t, 'Contributor');
    const [ana, ben] = [await createUser(t, 'EndUser'), await createUser(t, 'EndUser')];
    const first = await courseWithQuizzes(owner.id, 2);
    const second = await courseWithQuizzes(owner.id, 1);
    const attempt = (userId: string, courseId: string, resourceId: string, score: number) =>
      recordAttempt(t.db, { userId, courseId, resourceId, score, answers: [] });
    const [q1, q2] = [...first.quizIds].sort();
    await attempt(ana.id, first.courseId, q1!, 40); // alone, then the rest together
    const answers = await Promise.all([
      attempt(ana.id, first.courseId, q2!, 70),
      attempt(ana.id, first.courseId, q1!, 30), // lower: the best stays 40
      attempt(ben.id, first.courseId, q1!, 90),
      attempt(ana.id, second.courseId, second.quizIds[0]!, 10),
    ]);
    const anaFirst = [
      { quizId: q1, score: 40 },
      { quizId: q2, score: 70 },
    ];
    expect(answers.map((answer) => answer.quizScore)).toEqual([
      anaFirst,
      anaFirst,
      [{ quizId: q1, score: 90 }],
      [{ quizId: second.quizIds[0], score: 10 }],
    ]);
    // Progress over every lesson and quiz (each course has a video): what the progress query says.
    const progress = answers.map((answer) => answer.progress);
    expect(progress[0]).toBeCloseTo((100 * (0.4 + 0.7)) / 3, 9);
    expect(progress[2]).toBeCloseTo((100 * 0.9) / 3, 9);
    expect(progress[3]).toBeCloseTo((100 * 0.1) / 2, 9);
    expect(progress).toEqual([
      (await progressByCourse(t.db, ana.id, [first.courseId])).get(first.courseId),
      (await progressByCourse(t.db, ana.id, [first.courseId])).get(first.courseId),
      (await progressByCourse(t.db, ben.id, [first.courseId])).get(first.courseId),
      (await progressByCourse(t.db, ana.id, [second.courseId])).get(second.courseId),
    ]);
    const attempts = await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, ana.id));
    expect(attempts).toHaveLength(4);
    const [best] = await t.db
      .select()
      .from(quizScores)
      .where(eq(quizScores.resourceId, q1!))
      .orderBy(quizScores.bestScore);
    expect(best).toMatchObject({ userId: ana.id, bestScore: 40, attempts: 2 });
  });
});
