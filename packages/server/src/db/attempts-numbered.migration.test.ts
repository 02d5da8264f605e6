import { describe, expect, it } from 'vitest';
import { QUIZ_ROWS, upgradedAcross } from '../test/upgraded-across.ts';

const { learner, course, quiz } = QUIZ_ROWS;

/** Decision 220 on a database that holds attempts, some of them trimmed already. */
describe('migration 0024: every attempt is numbered among its learner’s attempts at the quiz', () => {
  it('numbers the kept attempts as the last of their best score row’s count, newest highest', async () => {
    const client = await upgradedAcross(
      24,
      `${QUIZ_ROWS.sql}
       -- Five attempts counted, the first two trimmed.
       insert into quiz_scores (user_id, resource_id, course_id, best_score, attempts) values
         ('${learner}', '${quiz}', '${course}', 80, 5);
       insert into quiz_attempts (user_id, resource_id, course_id, score, answers, created_at) values
         ('${learner}', '${quiz}', '${course}', 80, '[]', '2026-01-05T10:00:00Z'),
         ('${learner}', '${quiz}', '${course}', 40, '[]', '2026-01-03T10:00:00Z'),
         ('${learner}', '${quiz}', '${course}', 60, '[]', '2026-01-04T10:00:00Z');`,
    );
    const numbered = await client.query<{ score: number; seq: number }>(
      'select score, seq from quiz_attempts order by created_at',
    );
    expect(numbered.rows).toEqual([
      { score: 40, seq: 3 },
      { score: 60, seq: 4 },
      { score: 80, seq: 5 },
    ]);
  }, 180_000);
});
