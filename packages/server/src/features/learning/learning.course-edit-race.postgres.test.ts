import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@app/shared';
import { courseEvents, quizScores, resources } from '../../db/schema.ts';
import { progressByCourse } from './completion.repository.ts';
import { bestScoresByCourse } from './learning.repository.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  completeLesson,
  createApprovedCourse,
  type CreatedCourse,
  patchCourse,
  pngCover,
  quizOf,
  submitAttempt,
  videoOf,
} from '../../test/course-fixtures.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Decision 113 on a real PostgreSQL, deterministically: the author's edit is held at a known point
 * of its transaction by a table lock another session holds (the learner's requests touch neither
 * table), and the learner's request is sent then. Seen before: a deadlock (40P01) or a foreign key
 * violation (23503) answered 500, to the learner or to the author. The last two cases hold a quiz
 * attempt's statement the same way, while what decision 217 reads around it changes.
 */
describe('learning: an edit and a learner request, held open on PostgreSQL', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let observer: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
    observer = await connect();
  });
  afterAll(async () => {
    await observer.end();
    await t.close();
  });

  /** A session of its own on the test's database (as another instance's would be). */
  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await client.connect();
    return client;
  }

  /**
   * Text from the start of the statement that records attempts: `pg_stat_activity` shows only the
   * first 1 kB of a statement (`track_activity_query_size`), and the table's name comes later.
   */
  const ATTEMPT_STATEMENT = 'score float8, answers jsonb';

  /** Whether a session of the test's database waits for a lock in a statement containing `text`. */
  async function waits(text: string): Promise<boolean> {
    const { rows } = await observer.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query like $1`,
      [`%${text}%`],
    );
    return rows[0]!.n > 0;
  }

  async function untilWaiting(text: string): Promise<void> {
    for (let i = 0; i < 1000; i++) {
      if (await waits(text)) return;
      await sleep(10);
    }
    throw new Error(`no statement with ${text} waited`);
  }

  /** True when `request` is answered before its statement (containing `text`) waits for a lock. */
  async function answeredWithoutWaiting(request: Promise<unknown>, text: string): Promise<boolean> {
    let answered = false;
    void request.then(() => (answered = true));
    for (let i = 0; i < 1000; i++) {
      if (answered) return true;
      if (await waits(text)) return false;
      await sleep(10);
    }
    throw new Error('neither answered nor waiting');
  }

  /**
   * Runs `during` while another session holds `table` in share mode, so the author's transaction
   * stops at its first write to it; commits that session afterwards, whatever happened.
   */
  async function holding<T>(table: string, during: (holder: pg.Client) => Promise<T>): Promise<T> {
    const holder = await connect();
    try {
      await holder.query('begin');
      await holder.query(`lock table ${table} in share mode`);
      return await during(holder);
    } finally {
      await holder.query('commit').catch(() => {});
      await holder.end();
    }
  }

  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.auth });

  /** A learner enrolled in a new approved course, who has opened it (it is cached with its quiz). */
  async function studying(): Promise<{ course: CreatedCourse; learner: TestUser }> {
    const course = await createApprovedCourse(t, owner, admin);
    const learner = await createUser(t, 'EndUser');
    expect((await get(learner, `/api/v1/course/enroll/${course._id}`)).statusCode).toBe(200);
    expect((await get(learner, `/api/v1/user/course/${course._id}`)).statusCode).toBe(200);
    return { course, learner };
  }

  /** The course as its edit form sends it back, without the resource `removed`. */
  async function without(course: CreatedCourse, removed: string) {
    const current = (await get(owner, `/api/v1/course/${course._id}`)).json<{ data: Course }>().data;
    return {
      ...current,
      coursesection: current.course_section.map((section) => ({
        ...section,
        resources: section.resources.filter((resource) => resource._id !== removed),
      })),
    };
  }

  const exists = async (resourceId: string) =>
    (await t.db.select().from(resources).where(eq(resources.id, resourceId))).length > 0;
  const edits = async (courseId: string) =>
    (await t.db.select().from(courseEvents).where(eq(courseEvents.courseId, courseId))).filter(
      (event) => event.action === 'edit',
    ).length;

  const quizGone = { success: false, code: 'NOT_FOUND', message: 'This quiz is not part of the course.' };
  const lessonGone = { success: false, code: 'NOT_FOUND', message: 'This lesson is not part of the course.' };

  it("waits for an edit that has deleted the quiz (and the learner's score) and answers 404 once it commits", async () => {
    const { course, learner } = await studying();
    expect((await submitAttempt(t, learner, course, 1)).statusCode).toBe(200);
    const { resourceId } = quizOf(course);
    const body = await without(course, resourceId);

    const [edited, attempted] = await holding('course_events', async () => {
      const edit = patchCourse(t, owner, course._id, body);
      // Held after its deletes, before its audit row: the quiz and the score are deleted, uncommitted.
      await untilWaiting('insert into "course_events"');
      const attempt = submitAttempt(t, learner, course, 3);
      await untilWaiting(ATTEMPT_STATEMENT);
      return [edit, attempt] as const;
    });
    expect((await edited).statusCode).toBe(200);
    expect((await attempted).statusCode).toBe(404);
    expect((await attempted).json()).toEqual(quizGone);
    expect(await exists(resourceId)).toBe(false);
    expect(await t.db.select().from(quizScores).where(eq(quizScores.resourceId, resourceId))).toEqual([]);
    expect(await edits(course._id)).toBe(1);
  });

  it('waits for an edit that has deleted the lesson and answers its completion 404 once it commits', async () => {
    const { course, learner } = await studying();
    const video = videoOf(course);
    const body = await without(course, video);

    const [edited, completed] = await holding('course_events', async () => {
      const edit = patchCourse(t, owner, course._id, body);
      await untilWaiting('insert into "course_events"');
      const completion = completeLesson(t, learner, course._id, video);
      await untilWaiting('lesson_completions');
      return [edit, completion] as const;
    });
    expect((await edited).statusCode).toBe(200);
    expect((await completed).statusCode).toBe(404);
    expect((await completed).json()).toEqual(lessonGone);
    expect(await exists(video)).toBe(false);
  });

  it('records an attempt at once while the edit that will delete the quiz holds the course, then the edit deletes it', async () => {
    const { course, learner } = await studying();
    expect((await submitAttempt(t, learner, course, 1)).statusCode).toBe(200);
    const { resourceId } = quizOf(course);
    const body = await without(course, resourceId);

    const [edited, attempted] = await holding('files', async () => {
      // With a new cover: held at storing it, the course row locked, nothing deleted yet.
      const edit = patchCourse(t, owner, course._id, body, pngCover);
      await untilWaiting('insert into "files"');
      const attempt = submitAttempt(t, learner, course, 3);
      // It used to wait here for the course row (the foreign key check) while holding the score
      // row, which the edit's delete then waited for: a deadlock.
      expect(await answeredWithoutWaiting(attempt, ATTEMPT_STATEMENT)).toBe(true);
      return [edit, attempt] as const;
    });
    expect((await attempted).statusCode).toBe(200);
    expect((await attempted).json()).toMatchObject({ score: { currentScore: 100 } });
    expect((await edited).statusCode).toBe(200);
    expect(await exists(resourceId)).toBe(false);
    expect(await t.db.select().from(quizScores).where(eq(quizScores.resourceId, resourceId))).toEqual([]);
    expect(await edits(course._id)).toBe(1);
  });

  it('completes a lesson at once while the edit that will delete it holds the course, then the edit deletes it', async () => {
    const { course, learner } = await studying();
    const video = videoOf(course);
    const body = await without(course, video);

    const [edited, completed] = await holding('files', async () => {
      const edit = patchCourse(t, owner, course._id, body, pngCover);
      await untilWaiting('insert into "files"');
      const completion = completeLesson(t, learner, course._id, video);
      expect(await answeredWithoutWaiting(completion, 'lesson_completions')).toBe(true);
      return [edit, completion] as const;
    });
    expect((await completed).statusCode).toBe(200);
    expect((await edited).statusCode).toBe(200);
    expect(await exists(video)).toBe(false);
  });

  it("runs the author's edit again when it is chosen to end a deadlock, so it is kept", async () => {
    const { course } = await studying();
    const body = { ...(await without(course, '')), title: 'Kept after a deadlock' };
    const other = await connect();
    try {
      await other.query('begin');
      // This session never gives way first: the edit's own deadlock check (1 s) finds the cycle.
      await other.query(`set local deadlock_timeout = '60s'`);
      await other.query('lock table course_events in share mode');
      const [edit, lockedCourse] = await holding('files', async () => {
        const edit = patchCourse(t, owner, course._id, body, pngCover);
        await untilWaiting('insert into "files"');
        // Waits for the course row the edit holds; the edit will wait for this session's table lock.
        const lockedCourse = other.query('select id from courses where id = $1 for update', [course._id]);
        await untilWaiting('for update');
        return [edit, lockedCourse] as const;
      });
      // The edit's first run was rolled back as the deadlock's victim: this session has the row.
      await lockedCourse;
      await other.query('commit');
      const response = await edit;
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ data: { course: { title: 'Kept after a deadlock' } } });
    } finally {
      await other.query('rollback').catch(() => {});
      await other.end();
    }
    expect(await edits(course._id)).toBe(1);
  });

  it("answers an attempt whose learner's held figures went while its statement ran with their scores read afresh (decision 217)", async () => {
    const { course, learner } = await studying(); // their best scores held
    expect((await get(learner, `/api/v1/user/course/${course._id}/progress`)).statusCode).toBe(200);
    expect(t.app.caches.completed.get(learner.id)).toBeDefined(); // and their completed lessons

    const { attempt } = await holding('quiz_attempts', async () => {
      const attempt = submitAttempt(t, learner, course, 2);
      await untilWaiting(ATTEMPT_STATEMENT);
      // What another instance's write for this learner announces, heard while the statement waits.
      t.app.caches.apply(`p:${learner.id}`);
      return { attempt };
    });
    const response = await attempt;
    expect(response.statusCode).toBe(200);
    const quizScore = [{ quizId: quizOf(course).resourceId, score: 200 / 3 }];
    expect(response.json<{ score: { quizScore: unknown } }>().score.quizScore).toEqual(quizScore);
    // Read afresh after the commit (so held again); the progress, not known here, left to be read.
    expect(t.app.caches.scores.get(learner.id)?.get(course._id)).toEqual(quizScore);
    expect(t.app.caches.completed.get(learner.id)).toBeDefined();
    expect(t.app.caches.progress.get(learner.id)).toBeUndefined();
    expect((await bestScoresByCourse(t.db, learner.id)).get(course._id)).toEqual(quizScore);
  });

  it('computes no progress from the course read before an attempt when an edit was heard while its statement ran (decision 217)', async () => {
    const { course, learner } = await studying();
    expect((await completeLesson(t, learner, course._id, videoOf(course))).statusCode).toBe(200);
    expect((await get(learner, `/api/v1/user/course/${course._id}/progress`)).statusCode).toBe(200);
    expect(t.app.caches.completed.get(learner.id)).toBeDefined();
    const body = await without(course, videoOf(course)); // their completed lesson goes

    const { attempt } = await holding('quiz_attempts', async () => {
      const attempt = submitAttempt(t, learner, course, 3);
      await untilWaiting(ATTEMPT_STATEMENT);
      expect((await patchCourse(t, owner, course._id, body)).statusCode).toBe(200);
      // The viewer reads the edited course and its progress again: their figures are held anew.
      expect((await get(learner, `/api/v1/user/course/${course._id}`)).statusCode).toBe(200);
      expect((await get(learner, `/api/v1/user/course/${course._id}/progress`)).statusCode).toBe(200);
      expect(t.app.caches.completed.get(learner.id)).toBeDefined();
      return { attempt };
    });
    expect((await attempt).statusCode).toBe(200);
    // The quiz right, the lesson gone: half of the two resources left. Computed over the course read
    // before the edit (three resources), the progress held and shown would be a third.
    const shown = await get(learner, `/api/v1/user/course/${course._id}/progress`);
    expect(shown.json<{ data: { progress: number } }>().data.progress).toBe(100 / 2);
    expect((await progressByCourse(t.db, learner.id, [course._id])).get(course._id)).toBe(100 / 2);
  });
});
