import { sql, type SQL } from 'drizzle-orm';
import type { LearnerCourse, QuizQuestion } from '@app/shared';
import type { App } from '../app.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../lib/tokens.ts';
import type { DatasetSize } from './dataset-size.ts';
import { benchId, rows } from './loader.ts';

export interface QuizSubmission {
  resourceId: string;
  quizAnswers: { _id: string; answer: string }[];
}

/** Who and what the bench requests name, found in (or added to) a loaded dataset. */
export interface BenchFixtures {
  /** A learner enrolled (through the API) in the most popular and the least popular course. */
  learner: string;
  /** A learner enrolled nowhere: the catalogue as a newcomer sees it. */
  newcomer: string;
  admin: string;
  /** Owner of the most popular course. */
  contributor: { id: string; token: string };
  popularCourseId: string;
  smallCourseId: string;
  /** A video or PDF lesson of the popular course (the learner completes it while the bench warms up). */
  lessonId: string;
  /** A quiz of the popular course answered as the learner's browser sends it. */
  quizSubmission: QuizSubmission;
  /** Learners enrolled nowhere: one per enrolment request, so each is a real insert. */
  freshTokens: string[];
  /** Loaded learners, each with a course they are enrolled in and a quiz of it (the --load mix). */
  crowd: { token: string; courseId: string; quiz: QuizSubmission }[];
}

/**
 * Sessions for the users `userIds` selects, opened set-based and signed like openSession does
 * (one sessions row per token), in the order of `userIds`' `ord` column.
 */
async function openSessions(app: App, userIds: SQL): Promise<{ userId: string; token: string }[]> {
  const opened = await rows<{ id: string; user_id: string; ord: number }>(
    app.db,
    sql`with wanted as (${userIds}),
        opened as (insert into sessions (user_id, expires_at)
                   select id, now() + ${`${ACCESS_TOKEN_TTL_SECONDS} seconds`}::interval from wanted
                   returning id, user_id)
        select opened.id, opened.user_id, wanted.ord from opened join wanted on wanted.id = opened.user_id
        order by wanted.ord`,
  );
  return opened.map((row) => ({
    userId: row.user_id,
    token: app.tokens.sign({ sub: row.user_id, sid: row.id, typ: 'access' }, ACCESS_TOKEN_TTL_SECONDS),
  }));
}

/** Answers a quiz (with or without its key) by picking every question's first option. */
const firstOptions = (resourceId: string, quiz: Pick<QuizQuestion, '_id' | 'options'>[]): QuizSubmission => ({
  resourceId,
  quizAnswers: quiz.map((question) => ({ _id: question._id, answer: question.options[0]!.name })),
});

export async function prepareFixtures(
  app: App,
  size: DatasetSize,
  options: { fresh: number; crowd: number },
): Promise<BenchFixtures> {
  const [ids] = await rows<{ popular: string; small: string; owner: string }>(
    app.db,
    sql`select ${benchId('course', 1)} as popular, ${benchId('course', size.courses)} as small,
               (select created_by from courses where id = ${benchId('course', 1)}) as owner`,
  );
  const { popular, small, owner } = ids!;

  // Fresh learners: #0 is the measuring learner, #1 the newcomer, the rest enrol once each.
  await app.db.execute(sql`
    insert into users (id, email, firstname, lastname, role, password_hash, email_verified_at)
    select ${benchId('fresh', sql.raw('n'))}, 'bench-fresh-' || n || '@example.test', 'Bench', 'Fresh ' || n,
           'EndUser', null, now()
    from generate_series(0, ${options.fresh}::int) n`);
  const fresh = await openSessions(
    app,
    sql`select ${benchId('fresh', sql.raw('n'))} as id, n as ord from generate_series(0, ${options.fresh}::int) n`,
  );
  const [staff, ownerSession] = await Promise.all([
    openSessions(app, sql`select ${benchId('admin', 1)} as id, 0 as ord`),
    openSessions(app, sql`select ${owner}::uuid as id, 0 as ord`),
  ]);
  const learner = fresh[0]!.token;
  const headers = { authorization: `Bearer ${learner}` };

  for (const courseId of [popular, small]) {
    const enrol = await app.inject({ method: 'GET', url: `/api/v1/course/enroll/${courseId}`, headers });
    if (enrol.statusCode !== 200) throw new Error(`enrolment failed: ${enrol.statusCode} ${enrol.body}`);
  }
  const view = await app.inject({ method: 'GET', url: `/api/v1/user/course/${popular}`, headers });
  if (view.statusCode !== 200) throw new Error(`learner view failed: ${view.statusCode} ${view.body}`);
  const popularResources = view
    .json<{ data: LearnerCourse }>()
    .data.course_section.flatMap((section) => section.resources);
  const quiz = popularResources.find((resource) => resource.type === 'quiz');
  if (!quiz?.quiz) throw new Error('the popular course has no quiz');
  const lesson = popularResources.find((resource) => resource.type !== 'quiz');
  if (!lesson) throw new Error('the popular course has no lesson');

  // The crowd: the first loaded learners, each with the first course they joined that has a quiz.
  const crowdRows = await rows<{
    user_id: string;
    course_id: string;
    resource_id: string;
    quiz: QuizQuestion[];
  }>(
    app.db,
    sql`select distinct on (e.user_id) e.user_id, e.course_id, r.id as resource_id, r.quiz
        from generate_series(1, least(${size.learners}::int, ${options.crowd * 2}::int)) n
        join enrollments e on e.user_id = ${benchId('learner', sql.raw('n'))}
        join resources r on r.course_id = e.course_id and r.type = 'quiz'
        order by e.user_id, e.course_id, r.id
        limit ${options.crowd}::int`,
  );
  const crowdSessions = await openSessions(
    app,
    sql`select id::uuid, ord from unnest(${sql.raw(`'{${crowdRows.map((row) => row.user_id).join(',')}}'::text[]`)})
        with ordinality as wanted(id, ord)`,
  );
  const tokenOf = new Map(crowdSessions.map((session) => [session.userId, session.token]));

  return {
    learner,
    newcomer: fresh[1]!.token,
    admin: staff[0]!.token,
    contributor: { id: owner, token: ownerSession[0]!.token },
    popularCourseId: popular,
    smallCourseId: small,
    lessonId: lesson._id,
    quizSubmission: firstOptions(quiz._id, quiz.quiz),
    freshTokens: fresh.slice(2).map((session) => session.token),
    crowd: crowdRows.map((row) => ({
      token: tokenOf.get(row.user_id)!,
      courseId: row.course_id,
      quiz: firstOptions(row.resource_id, row.quiz),
    })),
  };
}
