import { describe, expect, it } from 'vitest';
import { planOf, upgradedAcross } from '../../test/upgraded-across.ts';

/** Decision 105 on a database whose outbox already holds mail, sent and not. */
describe('migration 0010: outbox rows expire and sent ones keep no body', () => {
  it('blanks the sent rows, gives every row an expiry a day after it was queued, and indexes it', async () => {
    const client = await upgradedAcross(
      10,
      `insert into email_outbox (id, "to", subject, html, text, attempts, sent_at, created_at) values
         ('00000000-0000-4000-8000-000000000001', 'a@example.org', 'Code', '<p>493817</p>', '493817', 1,
          '2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z'),
         ('00000000-0000-4000-8000-000000000002', 'b@example.org', 'Link', '<p>link</p>', 'link', 8,
          null, '2026-11-21T10:00:00Z');`,
    );

    const rows = await client.query<{ html: string; text: string; expires: string; given_up_at: null }>(
      `select html, text, to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as expires, given_up_at
         from email_outbox order by id`,
    );
    expect(rows.rows).toEqual([
      { html: '', text: '', expires: '2026-11-21 10:00', given_up_at: null },
      { html: '<p>link</p>', text: 'link', expires: '2026-11-22 10:00', given_up_at: null },
    ]);
    expect(await planOf(client, 'select id from email_outbox where expires_at <= now()')).toContain(
      'email_outbox_expires_idx',
    );
    // The worker's claim, as it asks (`OutboxWorker.claim`): the due rows in the order they fell due.
    // Without the order, the planner may as well read 0018's index of the same waiting rows.
    expect(
      await planOf(
        client,
        `select id from email_outbox where sent_at is null and given_up_at is null and next_attempt_at <= now()
           and expires_at > now() order by next_attempt_at limit 10`,
      ),
    ).toContain('email_outbox_pending_idx');
  }, 180_000);
});
