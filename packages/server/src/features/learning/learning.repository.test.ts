import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseSections, courses, quizScores, resources } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import { bestScoresByCourse, overallScore } from './learning.repository.ts';

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
});
