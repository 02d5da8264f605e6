import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { courses } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertFile } from '../features/files/files.repository.ts';
import { fileUrl } from '../features/files/files.service.ts';
import { demoCourses } from '../seed/demo-content.ts';
import { demoCoursePdf } from '../seed/demo-pdf.ts';
import { checkedFile, insertCourse } from '../seed/demo.ts';
import { enrolmentsPerCourse, type DatasetSize } from './dataset-size.ts';

/**
 * Fills an empty, migrated database with a bench dataset in a few set-based statements
 * (INSERT … SELECT over generate_series), never row by row: a million enrolments in seconds.
 *
 * Shape: the demo's approved courses are written once through the real course writer, then cloned
 * set-based (each clone with 1–3 copies of its quiz section); learners, enrolments (Zipf-skewed by
 * popularity rank), quiz attempts and best scores derive from ordinals with integer hashing, so two
 * loads of the same size hold the same rows. Ids that fixtures must find again are md5-derived
 * (`benchId`): the most popular course is `benchId('course', 1)`, the least popular
 * `benchId('course', size.courses)`.
 */

/**
 * A deterministic, random-looking UUID for a bench row, e.g. benchId('learner', 42): an md5 with the
 * version-4 and variant nibbles set, so it passes the contract's uuid check like gen_random_uuid()'s.
 */
export const benchId = (kind: 'course' | 'learner' | 'contributor' | 'admin' | 'fresh', n: number | SQL) =>
  sql`overlay(overlay(md5(${`bench-${kind}-`}::text || (${n})::text) placing '4' from 13) placing '8' from 17)::uuid`;
/** A column or expression of the statement at hand, for benchId(). */
const col = (expression: string) => sql.raw(expression);

export interface LoadReport {
  steps: { step: string; ms: number }[];
  /** True when `courses.enrolled_count` exists and was set from the loaded enrolments. */
  countersSet: boolean;
}

export { rows };

/** Loads `size` into `db` (which must hold no courses yet) and VACUUM ANALYZEs it. */
export async function loadDataset(
  db: Db,
  size: DatasetSize,
  log: (line: string) => void = () => {},
): Promise<LoadReport> {
  const steps: LoadReport['steps'] = [];
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    const ms = performance.now() - started;
    steps.push({ step: name, ms });
    log(`  ${name}: ${(ms / 1000).toFixed(1)} s`);
    return result;
  };
  // Slow work (scrypt, PDF layout) before the transaction; every bench account shares one hash.
  const [passwordHash, pdf] = await Promise.all([
    hashPassword('bench-password'),
    demoCoursePdf().then((bytes) => checkedFile(bytes)),
  ]);

  const countersSet = await db.transaction(async (tx) => {
    // The rows are consistent by construction: skip the per-row foreign-key triggers when allowed
    // (superuser), which roughly halves the load time. Reverts at commit.
    const [role] = await rows<{ superuser: boolean }>(
      tx,
      sql`select rolsuper as superuser from pg_roles where rolname = current_user`,
    );
    if (role?.superuser) await tx.execute(sql`set local session_replication_role = replica`);
    // Room for the aggregations and index builds below (this transaction only).
    await tx.execute(sql`set local work_mem = '128MB'`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await step('accounts', () => insertAccounts(tx, size, passwordHash));
    await step('courses (sections, resources, quizzes)', () => insertCourses(tx, size, pdf));
    const rebuild = await dropIndexes(tx, BULK_TABLES);
    await step('enrolments', () => insertEnrolments(tx, size));
    await step('quiz attempts and best scores', () => insertQuizWork(tx, size));
    await step('lesson completions', () => insertLessonCompletions(tx, size));
    await step('sessions', () => insertSessions(tx, size));
    await step('indexes and keys of the bulk tables', () => rebuild());
    return step('enrolment counters', () => setEnrolmentCounters(tx));
  });
  // Autovacuum may be off (it is on the shared test server): without statistics the planner
  // guesses, and the figures would measure its guesses rather than the queries.
  await step('VACUUM ANALYZE', () => db.execute(sql`vacuum analyze`));
  return { steps, countersSet };
}

/** The tables that get millions of rows: their indexes are built once, after the rows are in. */
const BULK_TABLES = ['enrollments', 'quiz_attempts', 'quiz_scores', 'lesson_completions', 'sessions'];

/**
 * Drops the primary keys, unique constraints and indexes of `tables` (whatever the migrations made
 * them), and the foreign keys that reference them, and returns what re-creates them exactly: building
 * an index over loaded rows is several times faster than maintaining it through millions of inserts
 * with random UUID keys, and the rebuilt keys still check that the generated rows are unique.
 */
async function dropIndexes(tx: Tx, tables: string[]): Promise<() => Promise<void>> {
  const tableList = sql.join(
    tables.map((table) => sql`${table}::regclass`),
    sql`, `,
  );
  interface Constraint {
    table: string;
    name: string;
    definition: string;
  }
  const constraintsWhere = (where: SQL) =>
    rows<Constraint>(
      tx,
      sql`select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
          from pg_constraint where ${where}`,
    );
  const constraints = await constraintsWhere(sql`conrelid in (${tableList}) and contype in ('p', 'u')`);
  // The foreign keys that reference those keys (the attempts' best score, decision 213) go first and
  // come back last.
  const references = await constraintsWhere(sql`confrelid in (${tableList}) and contype = 'f'`);
  const indexes = await rows<{ name: string; definition: string }>(
    tx,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i
        where i.indrelid in (${tableList})
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  const drop = (constraint: Constraint) =>
    tx.execute(
      sql`alter table ${sql.identifier(constraint.table)} drop constraint ${sql.identifier(constraint.name)}`,
    );
  const add = (constraint: Constraint) =>
    tx.execute(
      sql.raw(
        `alter table ${quote(constraint.table)} add constraint ${quote(constraint.name)} ${constraint.definition}`,
      ),
    );
  for (const reference of references) await drop(reference);
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  for (const constraint of constraints) await drop(constraint);
  return async () => {
    for (const constraint of constraints) await add(constraint);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    for (const reference of references) await add(reference);
  };
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

async function insertAccounts(tx: Tx, size: DatasetSize, passwordHash: string) {
  const account = (kind: 'learner' | 'contributor' | 'admin', role: string, count: number) => sql`
    insert into users (id, email, firstname, lastname, role, password_hash, email_verified_at, created_at)
    select ${benchId(kind, col('n'))},
           ${`bench-${kind}-`}::text || n || '@example.test', 'Bench', ${kind}::text || ' ' || n, ${role},
           ${passwordHash}, now(), now() - n * interval '1 second'
    from generate_series(1, ${count}::int) n`;
  await tx.execute(account('admin', 'SuperAdmin', 1));
  await tx.execute(account('contributor', 'Contributor', size.contributors));
  await tx.execute(account('learner', 'EndUser', size.learners));
}

/**
 * The demo's approved courses, written once through the real course writer (contract schema, ids for
 * every question), become templates: course n copies template (n-1) mod T, belongs to contributor
 * (n-1) mod C, and repeats its quiz section 1 + (n-1) mod 3 times (1–3 quizzes, 2 on average).
 */
async function insertCourses(tx: Tx, size: DatasetSize, pdf: Awaited<ReturnType<typeof checkedFile>>) {
  const [owner] = await rows<{ id: string }>(tx, sql`select ${benchId('contributor', 1)} as id`);
  const pdfId = await insertFile(tx, owner!.id, pdf);
  const templates = demoCourses(fileUrl(pdfId)).filter((course) => course.status === 'Approved');
  const templateIds: string[] = [];
  for (const template of templates) templateIds.push(await insertCourse(tx, owner!.id, template));
  const templateArray = sql`array[${sql.join(
    templateIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;

  await tx.execute(sql`
    create temp table bench_courses on commit drop as
    select n, ${benchId('course', col('n'))} as id,
           (${templateArray})[(n - 1) % ${templateIds.length}::int + 1] as template_id,
           1 + (n - 1) % 3 as quiz_copies,
           ${benchId('contributor', col(`(n - 1) % ${size.contributors} + 1`))} as owner
    from generate_series(1, ${size.courses}::int) n`);
  await tx.execute(sql`
    insert into courses (id, title, title_tr, description, description_tr, author, status, is_available,
                         enable_editing, preview_file_id, created_by, search_text, creator_search_text,
                         created_at, updated_at)
    select m.id, t.title || ' #' || m.n, t.title_tr || ' #' || m.n, t.description, t.description_tr,
           t.author, 'Approved', true, true, t.preview_file_id, m.owner, t.search_text || ' ' || m.n,
           -- Written here: the trigger that copies it is off while loading as a superuser.
           (select u.search_text from users u where u.id = m.owner),
           now() - m.n * interval '1 hour', now() - m.n * interval '1 minute'
    from bench_courses m join courses t on t.id = m.template_id`);
  await tx.execute(sql`
    create temp table bench_sections on commit drop as
    select gen_random_uuid() as id, m.id as course_id, s.id as template_section, copy,
           (row_number() over (partition by m.n order by s.position, copy) - 1)::int as position
    from bench_courses m
    join course_sections s on s.course_id = m.template_id
    cross join lateral generate_series(1, case when exists (
      select 1 from resources r where r.section_id = s.id and r.type = 'quiz') then m.quiz_copies else 1 end) copy`);
  await tx.execute(sql`
    insert into course_sections (id, course_id, position, title, title_tr, description, description_tr)
    select b.id, b.course_id, b.position,
           s.title || case when b.copy > 1 then ' (' || b.copy || ')' else '' end,
           s.title_tr || case when b.copy > 1 then ' (' || b.copy || ')' else '' end,
           s.description, s.description_tr
    from bench_sections b join course_sections s on s.id = b.template_section`);
  await tx.execute(sql`
    insert into resources (section_id, course_id, position, type, title, title_tr, description,
                           description_tr, link, file_id, quiz)
    select b.id, b.course_id, r.position, r.type, r.title, r.title_tr, r.description, r.description_tr,
           r.link, r.file_id, r.quiz
    from bench_sections b join resources r on r.section_id = b.template_section`);
  // The templates themselves go (with their sections and resources); their files stay in use.
  await tx.delete(courses).where(inArray(courses.id, templateIds));
}

/**
 * Course of rank n gets its Zipf share of learners: a run of consecutive learner ordinals starting at
 * a rank-dependent offset (mod the number of learners), so no learner is enrolled twice in a course.
 */
async function insertEnrolments(tx: Tx, size: DatasetSize) {
  const counts = enrolmentsPerCourse(size.enrolments, size.courses, size.learners);
  await tx.execute(sql`
    create temp table bench_enrolments on commit drop as
    select ((c.n::bigint * 7919 + j) % ${size.learners}::int + 1)::int as learner,
           m.id as course_id, c.n::int as course_rank
    from unnest(${sql.raw(`'{${counts.join(',')}}'::int[]`)}) with ordinality as c(count, n)
    join bench_courses m on m.n = c.n
    cross join lateral generate_series(0, c.count - 1) j`);
  await tx.execute(sql`
    insert into enrollments (user_id, course_id, created_at)
    select ${benchId('learner', col('learner'))}, course_id,
           now() - ((learner * 31 + course_rank) % 525600) * interval '1 minute'
    from bench_enrolments`);
}

/**
 * Each (enrolment, quiz) pair is attempted when an integer hash of (learner, quiz) falls below the
 * fraction that yields `quizScores` in total; each attempted quiz gets one or two attempts, in the
 * proportion that yields `quizAttempts`. Best scores are then aggregated from the attempts (the
 * attempts' key to them is dropped meanwhile, with the indexes: `dropIndexes`).
 */
async function insertQuizWork(tx: Tx, size: DatasetSize) {
  await tx.execute(sql`
    create temp table bench_quizzes on commit drop as
    select r.id, r.course_id, (row_number() over (order by r.id))::int as ord,
           (select jsonb_agg(jsonb_build_object('_id', q->>'_id', 'answer', q->'options'->0->>'name'))
              from jsonb_array_elements(r.quiz) q) as answers
    from resources r where r.type = 'quiz'`);
  const [slots] = await rows<{ pairs: number }>(
    tx,
    sql`select count(*)::float8 as pairs from bench_enrolments e join bench_quizzes q using (course_id)`,
  );
  const attemptedShare = Math.min(1, size.quizScores / Math.max(1, slots!.pairs));
  const attemptsPerScore = Math.max(1, size.quizAttempts / size.quizScores);
  const baseAttempts = Math.floor(attemptsPerScore);
  const extraShare = attemptsPerScore - baseAttempts;
  const hash = (salt: number) =>
    sql.raw(`((e.learner::bigint * 2654435761 + q.ord::bigint * ${salt}) % 1000003) / 1000003.0`);
  await tx.execute(sql`
    insert into quiz_attempts (user_id, resource_id, course_id, score, answers, seq, created_at)
    select ${benchId('learner', col('e.learner'))}, q.id, q.course_id,
           ((e.learner + q.ord + k) % 4) * 100.0 / 3, q.answers, k,
           now() - ((e.learner * 17 + q.ord * 13 + k) % 525600) * interval '1 minute'
    from bench_enrolments e
    join bench_quizzes q using (course_id)
    cross join lateral generate_series(1, ${baseAttempts}::int + case when ${hash(40503)} < ${extraShare}::float8 then 1 else 0 end) k
    where ${hash(97)} < ${attemptedShare}::float8`);
  await tx.execute(sql`
    insert into quiz_scores (user_id, resource_id, course_id, best_score, attempts, updated_at)
    select user_id, resource_id, course_id, max(score), count(*)::int, max(created_at)
    from quiz_attempts group by user_id, resource_id, course_id`);
}

/**
 * Each (enrolment, lesson) pair is done when an integer hash of (learner, lesson) falls below the
 * fraction that yields `lessonCompletions` in total.
 */
async function insertLessonCompletions(tx: Tx, size: DatasetSize) {
  const [slots] = await rows<{ pairs: number }>(
    tx,
    sql`select count(*)::float8 as pairs from bench_enrolments e
        join resources r on r.course_id = e.course_id and r.type in ('video', 'pdf')`,
  );
  const doneShare = Math.min(1, size.lessonCompletions / Math.max(1, slots!.pairs));
  await tx.execute(sql`
    insert into lesson_completions (user_id, resource_id, course_id, completed_at)
    select ${benchId('learner', col('e.learner'))}, r.id, r.course_id,
           now() - ((e.learner * 23 + e.course_rank) % 525600) * interval '1 minute'
    from bench_enrolments e
    join resources r on r.course_id = e.course_id and r.type in ('video', 'pdf')
    where ((e.learner::bigint * 2654435761 + ('x' || substr(md5(r.id::text), 1, 8))::bit(32)::bigint)
           % 1000003) / 1000003.0 < ${doneShare}::float8`);
}

/** One open session per learner, as after a week of sign-ins (the session table's realistic size). */
async function insertSessions(tx: Tx, size: DatasetSize) {
  await tx.execute(sql`
    insert into sessions (user_id, created_at, expires_at)
    select ${benchId('learner', col('n'))}, now() - n * interval '1 second',
           now() + interval '7 days'
    from generate_series(1, ${size.learners}::int) n`);
}

/** Works before and after the stored counter exists: set it only when the column is there. */
async function setEnrolmentCounters(tx: Tx): Promise<boolean> {
  const [column] = await rows<{ present: boolean }>(
    tx,
    sql`select exists (select 1 from information_schema.columns where table_schema = current_schema()
          and table_name = 'courses' and column_name = 'enrolled_count') as present`,
  );
  if (!column?.present) return false;
  await tx.execute(sql`
    update courses c set enrolled_count = e.learners
    from (select course_id, count(*)::int as learners from enrollments group by course_id) e
    where c.id = e.course_id`);
  return true;
}
