import { describe, expect, it } from 'vitest';
import { upgradedAcross } from '../../test/upgraded-across.ts';

/** Decision 137 on a database whose outbox holds a message queued before the language was kept. */
describe('migration 0017: outbox rows keep their language', () => {
  it('leaves a row queued before it without a language (sent without Content-Language), and takes one after', async () => {
    const client = await upgradedAcross(
      17,
      `insert into email_outbox (id, "to", subject, html, text, expires_at) values
         ('00000000-0000-4000-8000-000000000001', 'a@example.org', 'Code', '<p>493817</p>', '493817',
          now() + interval '15 minutes');`,
    );
    await client.exec(
      `insert into email_outbox (id, "to", subject, html, text, expires_at, language) values
         ('00000000-0000-4000-8000-000000000002', 'b@example.org', 'رمز', '<p>1</p>', '1',
          now() + interval '15 minutes', 'ar');`,
    );
    const rows = await client.query<{ text: string; language: string | null }>(
      'select text, language from email_outbox order by id',
    );
    expect(rows.rows).toEqual([
      { text: '493817', language: null },
      { text: '1', language: 'ar' },
    ]);
    await client.close();
  }, 180_000);
});
