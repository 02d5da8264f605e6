import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseSummary, LearnerCourse } from '@app/shared';
import { createTestApp, openSecondInstance, type SecondInstance, type TestApp } from '../test/test-app.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import {
  answers,
  completeLesson,
  courseAction,
  courseBody,
  createApprovedCourse,
  patchCourse,
  quizOf,
  videoOf,
} from '../test/course-fixtures.ts';
import type { App } from '../app.ts';
import { bestScoresByCourse } from '../features/learning/learning.repository.ts';
import { completedLessons, progressByCourse } from '../features/learning/completion.repository.ts';

/**
 * Decision 036: what the learner's hot paths cache (course snapshots with their quiz keys, progress and
 * best scores per learner, the public course count) is never stale across instances. As in
 * `caches.coherence.test.ts`, each case warms instance B first, writes through instance A, and expects
 * B's very next request to see the change (API writes settle before they answer).
 */
describe('caches of the learner paths: two instances on one database', () => {
  let t: TestApp;
  let b: SecondInstance;
  let admin: TestUser;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    b = await openSecondInstance(t);
    admin = await createUser(t, 'SuperAdmin');
    owner = await createUser(t, 'Contributor');
  });
  afterAll(async () => {
    await b.close();
    await t.close();
  });

  const get = (app: App, user: TestUser, url: string) =>
    app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user.auth });
  const enrol = async (app: App, user: TestUser, courseId: string) =>
    expect((await get(app, user, `/course/enroll/${courseId}`)).statusCode).toBe(200);
  const view = async (app: App, user: TestUser, courseId: string) => {
    const response = await get(app, user, `/user/course/${courseId}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: LearnerCourse }>().data;
  };
  const inCatalogue = async (app: App, user: TestUser, courseId: string) => {
    const response = await get(app, user, '/course/approved?limit=50');
    expect(response.statusCode).toBe(200);
    return response.json<{ data: CourseSummary[] }>().data.find((course) => course._id === courseId);
  };
  const submit = (app: App, user: TestUser, courseId: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/course/exercise-score/${courseId}`,
      headers: user.auth,
      payload: body as object,
    });

  it('approving a course on A adds it to the public catalogue count on B (sitemap files)', async () => {
    const sitemap = () => b.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const before = await sitemap();
    expect(before.body).not.toContain('courses-1.xml'); // no public course yet (and now cached)
    await createApprovedCourse(t, owner, admin, { title: 'Counted' });
    expect((await sitemap()).body).toContain('courses-1.xml');
  });

  it("a lesson completed or a quiz taken on A shows in B's catalogue progress and B's course view", async () => {
    const learner = await createUser(t, 'EndUser');
    const course = await createApprovedCourse(t, owner, admin, { title: 'Progress everywhere' });
    await enrol(t.app, learner, course._id);
    expect(await inCatalogue(b.app, learner, course._id)).toMatchObject({ enrolled: true, progress: 0 });
    expect((await view(b.app, learner, course._id)).quizScore).toEqual([]);
    const overall = async () =>
      (await get(b.app, learner, `/user/overall-score/${course._id}`)).json<unknown>();
    expect(await overall()).toEqual({ success: true, score: 0, certificateIssued: false });

    const done = await completeLesson(t, learner, course._id, videoOf(course));
    expect(done.statusCode).toBe(200);
    expect((await inCatalogue(b.app, learner, course._id))?.progress).toBeCloseTo(100 / 3, 9);

    expect((await submit(t.app, learner, course._id, answers(course, 3))).statusCode).toBe(200);
    expect((await inCatalogue(b.app, learner, course._id))?.progress).toBeCloseTo(200 / 3, 9);
    expect((await view(b.app, learner, course._id)).quizScore).toEqual([
      { quizId: quizOf(course).resourceId, score: 100 },
    ]);
    expect(await overall()).toEqual({ success: true, score: 100, certificateIssued: false });
  });

  it("a quiz taken or a lesson completed on A revises A's cached progress and best scores to the database's figures; B evicts them", async () => {
    const learner = await createUser(t, 'EndUser');
    const course = await createApprovedCourse(t, owner, admin, { title: 'Revised in place' });
    await enrol(t.app, learner, course._id);
    for (const app of [t.app, b.app]) {
      expect(await inCatalogue(app, learner, course._id)).toMatchObject({ progress: 0 });
      expect((await view(app, learner, course._id)).quizScore).toEqual([]);
      // The course viewer reads the completed lessons too: with them held, the new progress is
      // computed without a query (decision 217).
      expect((await get(app, learner, `/user/course/${course._id}/progress`)).statusCode).toBe(200);
    }
    const cachedOn = (app: App) => ({
      progress: app.caches.progress.get(learner.id)?.get(course._id),
      quizScore: app.caches.scores.get(learner.id)?.get(course._id),
    });
    const database = async () => ({
      progress: (await progressByCourse(t.db, learner.id, [course._id])).get(course._id),
      quizScore: (await bestScoresByCourse(t.db, learner.id)).get(course._id),
    });

    expect((await submit(t.app, learner, course._id, answers(course, 2))).statusCode).toBe(200);
    const afterQuiz = await database();
    expect(afterQuiz.progress).toBeCloseTo(200 / 9, 9); // a third of the resources, 2 of 3 right
    expect(cachedOn(t.app)).toEqual(afterQuiz); // no query needed for A's next pages
    expect(cachedOn(b.app)).toEqual({ progress: undefined, quizScore: undefined });
    expect(await inCatalogue(t.app, learner, course._id)).toMatchObject({ progress: afterQuiz.progress });
    expect(await inCatalogue(b.app, learner, course._id)).toMatchObject({ progress: afterQuiz.progress });
    expect((await view(b.app, learner, course._id)).quizScore).toEqual(afterQuiz.quizScore);

    const done = await completeLesson(t, learner, course._id, videoOf(course));
    expect(done.statusCode).toBe(200);
    const afterLesson = await database();
    expect(afterLesson.progress).toBeCloseTo(500 / 9, 9);
    expect(cachedOn(t.app)).toEqual(afterLesson);
    expect(cachedOn(b.app).progress).toBeUndefined();
    expect(await inCatalogue(b.app, learner, course._id)).toMatchObject({ progress: afterLesson.progress });
  });

  it("a quiz taken on A whose learner's figures A does not hold all: A answers the database's scores, forgets the rest, and the next quiz revises in place", async () => {
    const learner = await createUser(t, 'EndUser');
    const course = await createApprovedCourse(t, owner, admin, { title: 'Scores read afresh' });
    await enrol(t.app, learner, course._id);
    // B takes a lesson first, so A's figures for the learner are evicted (held: none).
    expect((await completeLesson({ app: b.app }, learner, course._id, videoOf(course))).statusCode).toBe(200);
    expect(await inCatalogue(t.app, learner, course._id)).toMatchObject({ progress: 100 / 3 });
    expect(t.app.caches.completed.get(learner.id)).toBeUndefined(); // the catalogue reads progress only

    const quiz = await submit(t.app, learner, course._id, answers(course, 1));
    expect(quiz.statusCode).toBe(200);
    const database = async () => ({
      progress: (await progressByCourse(t.db, learner.id, [course._id])).get(course._id),
      quizScore: (await bestScoresByCourse(t.db, learner.id)).get(course._id),
    });
    const first = await database();
    expect(quiz.json<{ score: { quizScore: unknown } }>().score.quizScore).toEqual(first.quizScore);
    // Read afresh after the commit and kept; the progress is forgotten, then reloaded from the database.
    expect(t.app.caches.scores.get(learner.id)?.get(course._id)).toEqual(first.quizScore);
    expect(t.app.caches.completed.get(learner.id)?.get(course._id)).toEqual([videoOf(course)]);
    expect(t.app.caches.progress.get(learner.id)).toBeUndefined();
    expect((await inCatalogue(t.app, learner, course._id))?.progress).toBe(first.progress);

    // Now every figure is held: the next attempt revises them in place to the database's figures.
    expect((await submit(t.app, learner, course._id, answers(course, 3))).statusCode).toBe(200);
    const second = await database();
    expect(second.progress).toBeCloseTo(200 / 3, 9);
    expect({
      progress: t.app.caches.progress.get(learner.id)?.get(course._id),
      quizScore: t.app.caches.scores.get(learner.id)?.get(course._id),
    }).toEqual(second);
    expect((await inCatalogue(b.app, learner, course._id))?.progress).toBe(second.progress);
  });

  it("with the caches bypassed (notifications down) a quiz answers the database's scores and holds nothing", async () => {
    const learner = await createUser(t, 'EndUser');
    const course = await createApprovedCourse(t, owner, admin, { title: 'Bypassed' });
    await enrol(t.app, learner, course._id);
    t.app.caches.setLive(false);
    try {
      for (const correct of [2, 1]) {
        const quiz = await submit(t.app, learner, course._id, answers(course, correct));
        expect(quiz.statusCode).toBe(200);
        expect(quiz.json<{ score: { quizScore: unknown } }>().score.quizScore).toEqual(
          (await bestScoresByCourse(t.db, learner.id)).get(course._id),
        );
      }
      expect(t.app.caches.scores.get(learner.id)).toBeUndefined();
      expect(t.app.caches.completed.get(learner.id)).toBeUndefined();
    } finally {
      t.app.caches.setLive(true);
    }
  });

  it("the progress route answers from the caches (decision 066): a lesson done on A revises A's, B reloads; both answer the database's figures", async () => {
    const learner = await createUser(t, 'EndUser');
    const course = await createApprovedCourse(t, owner, admin, { title: 'Lessons cached' });
    await enrol(t.app, learner, course._id);
    const progressOn = async (app: App) => {
      const response = await get(app, learner, `/user/course/${course._id}/progress`);
      expect(response.statusCode).toBe(200);
      return response.json<{ data: { completed: string[]; progress: number } }>().data;
    };
    for (const app of [t.app, b.app]) {
      expect(await progressOn(app)).toEqual({ completed: [], progress: 0 });
      expect(app.caches.completed.get(learner.id)).toBeDefined(); // warm: the next answer needs no query
    }
    const complete = (app: App, resourceId: string) =>
      completeLesson({ app }, learner, course._id, resourceId);
    expect((await complete(t.app, videoOf(course))).statusCode).toBe(200);
    const database = async () => ({
      completed: await completedLessons(t.db, learner.id, course._id),
      progress: (await progressByCourse(t.db, learner.id, [course._id])).get(course._id),
    });
    const afterLesson = await database();
    expect(afterLesson.completed).toEqual([videoOf(course)]);
    expect(t.app.caches.completed.get(learner.id)?.get(course._id)).toEqual(afterLesson.completed);
    expect(b.app.caches.completed.get(learner.id)).toBeUndefined();
    for (const app of [t.app, b.app]) expect(await progressOn(app)).toEqual(afterLesson);

    // Done again on B: nothing changes, B answers from its (reloaded) caches.
    const again = await complete(b.app, videoOf(course));
    expect(again.json<{ data: unknown }>().data).toEqual(afterLesson);
    expect(t.app.caches.completed.get(learner.id)?.get(course._id)).toEqual(afterLesson.completed);
  });

  it('a course edited on A (content and quiz key) is what B shows and scores against', async () => {
    const learner = await createUser(t, 'EndUser');
    const course = await createApprovedCourse(t, owner, admin, { title: 'Before the edit' });
    await enrol(t.app, learner, course._id);
    expect((await view(b.app, learner, course._id)).title).toBe('Before the edit');
    const oldKey = answers(course, 3);
    expect((await submit(b.app, learner, course._id, oldKey)).json()).toMatchObject({
      score: { currentScore: 100 },
    });

    // The same questions (ids kept) with the first correct answer moved to the other option.
    const pdf = course.course_section[0]!.resources.find((r) => r.type === 'pdf')!.file!;
    const body = courseBody(pdf, { title: 'After the edit' });
    const sections = body.coursesection.map((section, s) => ({
      ...section,
      _id: course.course_section[s]!._id,
      resources: section.resources.map((resource, r) => {
        const existing = course.course_section[s]!.resources[r]!;
        if (resource.type !== 'quiz') return { ...resource, _id: existing._id };
        const quiz = resource.quiz.map((question, q) => ({
          ...question,
          _id: existing.quiz![q]!._id,
          ...(q === 0 ? { correctanswer: 'Passwords' } : {}),
        }));
        return { ...resource, _id: existing._id, quiz };
      }),
    }));
    const edit = await patchCourse(t, admin, course._id, { ...body, coursesection: sections });
    expect(edit.statusCode).toBe(200);

    expect((await view(b.app, learner, course._id)).title).toBe('After the edit');
    const rescored = await submit(b.app, learner, course._id, oldKey);
    expect(rescored.statusCode).toBe(200);
    expect(rescored.json<{ score: { currentScore: number } }>().score.currentScore).toBeCloseTo(200 / 3, 9);
  });

  it('a course revoked on A is hidden from the learner on B; an enrolment on A opens it on B', async () => {
    const learner = await createUser(t, 'EndUser');
    const newcomer = await createUser(t, 'EndUser');
    const course = await createApprovedCourse(t, owner, admin, { title: 'Open and shut' });
    await enrol(t.app, learner, course._id);
    await view(b.app, learner, course._id);
    const notYet = await get(b.app, newcomer, `/user/course/${course._id}`);
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json()).toMatchObject({ code: 'NOT_ENROLLED' });

    await enrol(t.app, newcomer, course._id);
    expect((await view(b.app, newcomer, course._id)).enrolled_users).toEqual([newcomer.id]);

    expect((await courseAction(t, admin, 'pending', course._id)).statusCode).toBe(200);
    expect((await get(b.app, learner, `/user/course/${course._id}`)).statusCode).toBe(404);
    const submitted = await submit(b.app, learner, course._id, answers(course, 3));
    expect(submitted.statusCode).toBe(404);
  });
});
