import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  courseSections,
  courses,
  lessonCompletions,
  quizAttempts,
  quizScores,
  resources,
} from '../../db/schema.ts';
import { rows } from '../../db/rows.ts';
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

  /** Marks the course's video done for a learner. */
  async function completeVideo(userId: string, courseId: string) {
    const [video] = await t.db
      .select({ id: resources.id })
      .from(resources)
      .where(sql`${resources.courseId} = ${courseId} and ${resources.type} = 'video'`);
    await t.db.insert(lessonCompletions).values({ userId, courseId, resourceId: video!.id });
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
    await completeVideo(ben.id, first.courseId);
    await attempt(ana.id, first.courseId, q1!, 40); // alone, then the rest together
    const answers = await Promise.all([
      attempt(ana.id, first.courseId, q2!, 70),
      attempt(ana.id, first.courseId, q1!, 30), // lower: the best stays 40
      attempt(ben.id, first.courseId, q1!, 90),
      attempt(ana.id, second.courseId, second.quizIds[0]!, 10),
    ]);
    // Each is answered the best scores its statement wrote for that learner in that course: the first
    // call went out alone, the other three shared the next statement (Ana's lower 30 keeps her 40).
    expect(answers).toEqual([
      [{ quizId: q2, score: 70 }],
      [{ quizId: q1, score: 40 }],
      [{ quizId: q1, score: 90 }],
      [{ quizId: second.quizIds[0], score: 10 }],
    ]);
    // Progress over every lesson and quiz (each course has a video, Ben's done).
    const progressOf = async (userId: string, courseId: string) =>
      (await progressByCourse(t.db, userId, [courseId])).get(courseId);
    expect(await progressOf(ana.id, first.courseId)).toBeCloseTo((100 * (0.4 + 0.7)) / 3, 9);
    expect(await progressOf(ben.id, first.courseId)).toBeCloseTo((100 * (0.9 + 1)) / 3, 9);
    expect(await progressOf(ana.id, second.courseId)).toBeCloseTo((100 * 0.1) / 2, 9);
    const attempts = await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, ana.id));
    expect(attempts).toHaveLength(4);
    const [best] = await t.db
      .select()
      .from(quizScores)
      .where(eq(quizScores.resourceId, q1!))
      .orderBy(quizScores.bestScore);
    expect(best).toMatchObject({ userId: ana.id, bestScore: 40, attempts: 2 });
  });

  it("writes a learner's best score by index, never scanning everyone's", async () => {
    const owner = await createUser(t, 'Contributor');
    const learner = await createUser(t, 'EndUser');
    const { courseId, quizIds } = await courseWithQuizzes(owner.id, 40);
    // 2,000 best scores of 50 other learners: as a join, PostgreSQL scanned them all for each batch.
    await t.db.execute(sql`
      with others as (
        insert into users (email, firstname, lastname, role)
        select 'scan-' || n || '@example.org', 'F', 'L', 'EndUser' from generate_series(1, 50) n
        returning id
      )
      insert into quiz_scores (user_id, resource_id, course_id, best_score)
      select o.id, q.id, q.course_id, 50 from others o
        cross join (select id, course_id from resources where course_id = ${courseId} and type = 'quiz') q`);
    await t.db.execute(sql`analyze quiz_scores`);
    const scans = async () => {
      await t.db.execute(sql`select pg_stat_force_next_flush()`);
      await t.db.execute(sql`select pg_stat_clear_snapshot()`);
      const [counters] = await rows<{ seq_scan: string }>(
        t.db,
        sql`select seq_scan from pg_stat_user_tables where relname = 'quiz_scores'`,
      );
      return Number(counters!.seq_scan);
    };
    const before = await scans();
    const answer = await recordAttempt(t.db, {
      userId: learner.id,
      courseId,
      resourceId: quizIds[0]!,
      score: 80,
      answers: [],
    });
    expect(answer).toEqual([{ quizId: quizIds[0], score: 80 }]);
    expect(await scans()).toBe(before);
  });
});
