import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deleteEndedRows } from '../db/purge.ts';
import { sessions, users } from '../db/schema.ts';
import { ACCESS_TOKEN_TTL_SECONDS, type TokenService } from './tokens.ts';

/** Opens a server-side session and returns the access token naming it. */
export async function openSession(db: Db, tokens: TokenService, userId: string): Promise<string> {
  return tokenFor(tokens, userId, await insertSession(db, userId));
}

/**
 * A password sign-in's session: opened only while `passwordHash`, the hash the password was checked
 * against, is still the user's; null when it has changed. The password is checked before, outside
 * any transaction (scrypt is slow), so a reset could commit in between and its "revoke every session"
 * would miss the session opened after it: a stolen password kept working across the victim's reset.
 * The user's row is share-locked here, so a reset either waits and then revokes this session, or has
 * committed first and this sign-in is refused.
 */
export async function openPasswordSession(
  db: Db,
  tokens: TokenService,
  userId: string,
  passwordHash: string,
): Promise<string | null> {
  const sessionId = await db.transaction(async (tx) => {
    const [unchanged] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.passwordHash, passwordHash)))
      .for('share');
    return unchanged ? insertSession(tx, userId) : null;
  });
  return sessionId === null ? null : tokenFor(tokens, userId, sessionId);
}

async function insertSession(db: Db, userId: string): Promise<string> {
  const expiresAt = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
  const [session] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return session!.id;
}

const tokenFor = (tokens: TokenService, userId: string, sessionId: string) =>
  tokens.sign({ sub: userId, sid: sessionId, typ: 'access' }, ACCESS_TOKEN_TTL_SECONDS);

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * When a session ended: its expiry, or its revocation if earlier (`least` ignores a null). The
 * expression of `sessions_ended_idx` (migration 0012), so the purge below reads that index.
 */
const endedAt = sql`least(${sessions.expiresAt}, ${sessions.revokedAt})`;

/**
 * Deletes up to `limit` sessions that have ended (expired or revoked); resolves with how many.
 * Nothing needs them: the guard admits a session only when its row exists, unrevoked and unexpired,
 * so a missing row is refused exactly as a revoked one, and the rows' delete trigger evicts them from
 * every instance's session cache (`s:<id>`, decision 107). Rows locked elsewhere (a logout revoking
 * one, another instance's purge) are skipped.
 */
export function purgeEndedSessions(db: Db, limit: number): Promise<number> {
  return deleteEndedRows(db, { table: sessions, id: sessions.id, endedAt }, limit);
}
