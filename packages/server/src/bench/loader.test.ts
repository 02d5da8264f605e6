import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { enrolmentsPerCourse, scaledSize, ZIPF_EXPONENT } from './dataset-size.ts';
import { benchId, loadDataset, rows } from './loader.ts';

describe('bench dataset shape (no database)', () => {
  it('spreads 1M enrolments over 1,000 courses with the measured skew, summing exactly', () => {
    const size = scaledSize(1);
    const counts = enrolmentsPerCourse(size.enrolments, size.courses, size.learners);
    expect(counts).toHaveLength(1_000);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1_000_000);
    expect(counts[0]).toBe(64_642);
    expect(counts[999]).toBe(257);
    // Zipf: rank 10 has 10^-s of rank 1.
    expect(counts[9]! / counts[0]!).toBeCloseTo(10 ** -ZIPF_EXPONENT, 3);
    for (let rank = 1; rank < counts.length; rank++)
      expect(counts[rank]).toBeLessThanOrEqual(counts[rank - 1]!);
  });

  it('never puts more learners in a course than exist, and still sums exactly', () => {
    const counts = enrolmentsPerCourse(1_000, 20, 100);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1_000);
    expect(Math.max(...counts)).toBe(100);
    for (let rank = 1; rank < counts.length; rank++)
      expect(counts[rank]).toBeLessThanOrEqual(counts[rank - 1]!);
    expect(() => enrolmentsPerCourse(2_001, 20, 100)).toThrow();
  });
});

describe('bench loader at scale factor 0.001', () => {
  const size = scaledSize(0.001);
  let t: TestApp;
  let countersSet: boolean;
  let indexesBefore: string[];

  const indexDefinitions = async () =>
    (
      await rows<{ definition: string }>(
        t.db,
        sql`select indexdef as definition from pg_indexes where schemaname = current_schema() order by indexname`,
      )
    ).map((row) => row.definition);

  beforeAll(async () => {
    t = await createTestApp();
    indexesBefore = await indexDefinitions();
    ({ countersSet } = await loadDataset(t.db, size));
    // Seconds on a quiet machine; PGlite on a busy shared one has needed more than the default minute.
  }, 180_000);
  afterAll(() => t.close());

  const count = async (table: string) =>
    (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

  it('loads the requested numbers of rows', async () => {
    expect(size).toMatchObject({ courses: 20, learners: 100, enrolments: 1_000 });
    expect(await count('courses')).toBe(20);
    expect(await count('enrollments')).toBe(1_000);
    expect(await count('users')).toBe(size.learners + size.contributors + 1);
    expect(await count('sessions')).toBe(size.learners);
    const [approved] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from courses where status = 'Approved' and is_available`,
    );
    expect(approved!.n).toBe(20);
  });

  it('leaves every key and index as the migrations made it (they are dropped and rebuilt around the load)', async () => {
    expect(indexesBefore.length).toBeGreaterThan(10);
    expect(await indexDefinitions()).toEqual(indexesBefore);
  });

  it('clones realistic course trees: every course has its sections, resources and 1–3 quizzes', async () => {
    const quizzes = await rows<{ quizzes: number; sections: number; resources: number }>(
      t.db,
      sql`select (select count(*)::int from resources r where r.course_id = c.id and r.type = 'quiz') as quizzes,
                 (select count(*)::int from course_sections s where s.course_id = c.id) as sections,
                 (select count(*)::int from resources r where r.course_id = c.id) as resources
          from courses c`,
    );
    expect(new Set(quizzes.map((row) => row.quizzes))).toEqual(new Set([1, 2, 3]));
    for (const row of quizzes) {
      expect(row.sections).toBe(1 + row.quizzes);
      expect(row.resources).toBe(2 + row.quizzes);
    }
  });

  it('skews enrolments by popularity rank exactly as computed, most popular first', async () => {
    const perCourse = await rows<{ rank: number; learners: number }>(
      t.db,
      sql`select m.n as rank,
                 (select count(*)::int from enrollments e
                  where e.course_id = ${benchId('course', sql.raw('m.n'))}) as learners
          from generate_series(1, ${size.courses}::int) m(n) order by m.n`,
    );
    expect(perCourse.map((row) => row.learners)).toEqual(
      enrolmentsPerCourse(size.enrolments, size.courses, size.learners),
    );
  });

  it('writes quiz scores and attempts near the requested totals, each score the best of its attempts', async () => {
    const scores = await count('quiz_scores');
    const attempts = await count('quiz_attempts');
    expect(scores).toBeGreaterThan(size.quizScores * 0.8);
    expect(scores).toBeLessThan(size.quizScores * 1.2);
    expect(attempts).toBeGreaterThan(size.quizAttempts * 0.8);
    expect(attempts).toBeLessThan(size.quizAttempts * 1.2);
    const [mismatch] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from quiz_scores s
          join (select user_id, resource_id, max(score) as best, count(*)::int as tries
                from quiz_attempts group by user_id, resource_id) a using (user_id, resource_id)
          where a.best <> s.best_score or a.tries <> s.attempts`,
    );
    expect(mismatch!.n).toBe(0);
    const [orphans] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from quiz_scores s
          where not exists (select 1 from enrollments e where e.user_id = s.user_id and e.course_id = s.course_id)`,
    );
    expect(orphans!.n).toBe(0);
  });

  it('marks lessons done near the requested total, only lessons of courses the learner is in', async () => {
    const done = await count('lesson_completions');
    expect(done).toBeGreaterThan(size.lessonCompletions * 0.8);
    expect(done).toBeLessThan(size.lessonCompletions * 1.2);
    const [strays] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from lesson_completions c
          join resources r on r.id = c.resource_id
          where r.type not in ('video', 'pdf') or r.course_id <> c.course_id
             or not exists (select 1 from enrollments e where e.user_id = c.user_id and e.course_id = c.course_id)`,
    );
    expect(strays!.n).toBe(0);
  });

  it('sets the stored enrolment counter when the column exists', async () => {
    const [column] = await rows<{ present: boolean }>(
      t.db,
      sql`select exists (select 1 from information_schema.columns
            where table_name = 'courses' and column_name = 'enrolled_count') as present`,
    );
    expect(countersSet).toBe(column!.present);
    if (!countersSet) return;
    const [wrong] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from courses c
          where c.enrolled_count <> (select count(*) from enrollments e where e.course_id = c.id)`,
    );
    expect(wrong!.n).toBe(0);
  });
});
