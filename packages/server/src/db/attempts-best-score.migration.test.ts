import { describe, expect, it } from 'vitest';
import { QUIZ_ROWS, upgradedAcross } from '../test/upgraded-across.ts';

const { learner, course, quiz } = QUIZ_ROWS;

/** Decision 213 on a database that holds attempts, one learner's without a best score row. */
describe('migration 0023: an attempt belongs to its best score', () => {
  it('keeps every attempt, gives the ones without a best score theirs, and deletes them with it', async () => {
    const client = await upgradedAcross(
      23,
      `${QUIZ_ROWS.sql}
       insert into quiz_attempts (user_id, resource_id, course_id, score, answers, created_at) values
         ('${learner}', '${quiz}', '${course}', 40, '[]', '2026-01-01T10:00:00Z'),
         ('${learner}', '${quiz}', '${course}', 80, '[]', '2026-01-02T10:00:00Z');`,
    );
    const scores = await client.query<{ best_score: number; attempts: number; updated_at: Date }>(
      'select best_score, attempts, updated_at from quiz_scores',
    );
    expect(scores.rows).toEqual([
      { best_score: 80, attempts: 2, updated_at: new Date('2026-01-02T10:00:00Z') },
    ]);
    const kept = await client.query<{ n: number }>('select count(*)::int as n from quiz_attempts');
    expect(kept.rows[0]!.n).toBe(2);

    // Deleting the quiz deletes its best scores, and they their attempts.
    await client.exec(`delete from resources where id = '${quiz}'`);
    const left = await client.query<{ n: number }>(
      'select (select count(*) from quiz_attempts)::int + (select count(*) from quiz_scores)::int as n',
    );
    expect(left.rows[0]!.n).toBe(0);
  }, 180_000);
});
