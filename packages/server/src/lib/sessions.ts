import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { ACCESS_TOKEN_TTL_SECONDS, type TokenService } from './tokens.ts';

/** Opens a server-side session and returns the access token naming it. */
export async function openSession(db: Db, tokens: TokenService, userId: string): Promise<string> {
  const expiresAt = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
  const [session] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return tokens.sign({ sub: userId, sid: session!.id, typ: 'access' }, ACCESS_TOKEN_TTL_SECONDS);
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
