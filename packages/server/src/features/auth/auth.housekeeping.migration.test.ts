import { describe, expect, it } from 'vitest';
import { planOf, upgradedAcross } from '../../test/upgraded-across.ts';

/**
 * Decisions 107 and 109 on a database that already holds sessions, reset requests and verification
 * links, live and dead. One upgrade across both migrations (0012, then 0013): each fresh PGlite costs
 * an initdb.
 */
describe('migrations 0012 and 0013: indexes for the housekeeping of sign-in data', () => {
  it('keeps every row and lets a pass find ended sessions, expired requests and ended links through an index', async () => {
    const client = await upgradedAcross(
      12,
      `insert into users (id, email, firstname, lastname, role) values
         ('00000000-0000-4000-8000-0000000000aa', 'a@example.org', 'A', 'B', 'EndUser');
       insert into sessions (id, user_id, expires_at, revoked_at) values
         ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000aa',
          '2026-11-20T10:00:00Z', null),
         ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000aa',
          '2099-01-01T00:00:00Z', '2026-11-21T10:00:00Z'),
         ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-0000000000aa',
          '2099-01-01T00:00:00Z', null);
       insert into password_resets (id, user_id, code_hash, expires_at) values
         ('00000000-0000-4000-8000-000000000011', null, null, '2026-11-20T10:00:00Z'),
         ('00000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-0000000000aa', 'x',
          '2099-01-01T00:00:00Z');
       insert into email_verifications (id, user_id, token_hash, expires_at, used_at) values
         ('00000000-0000-4000-8000-000000000021', '00000000-0000-4000-8000-0000000000aa', 'a',
          '2026-11-20T10:00:00Z', null),
         ('00000000-0000-4000-8000-000000000022', '00000000-0000-4000-8000-0000000000aa', 'b',
          '2099-01-01T00:00:00Z', '2026-11-21T10:00:00Z'),
         ('00000000-0000-4000-8000-000000000023', '00000000-0000-4000-8000-0000000000aa', 'c',
          '2099-01-01T00:00:00Z', null);`,
    );

    const ended = await client.query<{ id: string }>(
      `select id from sessions where least(expires_at, revoked_at) <= now() order by id`,
    );
    expect(ended.rows.map((row) => row.id.slice(-1))).toEqual(['1', '2']);
    const resets = await client.query<{ n: number }>('select count(*)::int as n from password_resets');
    expect(resets.rows[0]!.n).toBe(2);

    expect(
      await planOf(
        client,
        'select id from sessions where least(expires_at, revoked_at) <= now() order by least(expires_at, revoked_at) limit 100',
      ),
    ).toContain('sessions_ended_idx');
    expect(
      await planOf(
        client,
        `select id from password_resets where expires_at <= now() - interval '15 minutes' order by expires_at limit 100`,
      ),
    ).toContain('password_resets_expires_idx');

    const links = await client.query<{ id: string }>(
      `select id from email_verifications where least(expires_at, used_at) <= now() order by id`,
    );
    expect(links.rows.map((row) => row.id.slice(-2))).toEqual(['21', '22']);
    const allLinks = await client.query<{ n: number }>('select count(*)::int as n from email_verifications');
    expect(allLinks.rows[0]!.n).toBe(3);
    // Migration 0021 (decision 175) replaced 0013's index: the purge reads links by expiry alone.
    expect(
      await planOf(
        client,
        'select id from email_verifications where expires_at <= now() order by expires_at limit 100',
      ),
    ).toContain('email_verifications_expires_idx');
  }, 180_000);
});
