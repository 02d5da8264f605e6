import { describe, expect, it } from 'vitest';
import { upgradedAcross } from '../../test/upgraded-across.ts';

/** Decision 137 on a database whose outbox holds a message queued before its language was kept. */
describe('migration 0017: outbox rows keep their language and kind', () => {
  it('leaves a row queued before it without either (sent without Content-Language), and takes both after', async () => {
    const client = await upgradedAcross(
      17,
      `insert into email_outbox (id, "to", subject, html, text, expires_at) values
         ('00000000-0000-4000-8000-000000000001', 'a@example.org', 'Code', '<p>493817</p>', '493817',
          now() + interval '15 minutes');`,
    );
    await client.exec(
      `insert into email_outbox (id, "to", subject, html, text, expires_at, language, kind) values
         ('00000000-0000-4000-8000-000000000002', 'b@example.org', 'رمز', '<p>1</p>', '1',
          now() + interval '15 minutes', 'ar', 'passwordReset');`,
    );
    const rows = await client.query<{ text: string; language: string | null; kind: string | null }>(
      'select text, language, kind from email_outbox order by id',
    );
    expect(rows.rows).toEqual([
      { text: '493817', language: null, kind: null },
      { text: '1', language: 'ar', kind: 'passwordReset' },
    ]);
  }, 180_000);
});
