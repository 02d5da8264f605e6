import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '@app/shared';
import { sessions, users } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { common } from '../lib/common.messages.ts';
import { bearerToken } from '../lib/tokens.ts';
import type { CachedSession } from '../lib/caches.ts';

export interface AuthUser {
  id: string;
  sessionId: string;
  role: Role;
  email: string;
  firstname: string;
  lastname: string;
  preferredLanguage: 'en' | 'ar';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` / `requireRole` guards; null on public routes. */
    user: AuthUser | null;
  }
}

/**
 * Route guards. Every route names its guard in `preHandler`:
 *   `authenticate` (any signed-in user) or `requireRole('SuperAdmin', ...)`.
 * The session and the user's current role and status come from the database, through the in-process
 * session cache that change notifications keep exact (decision 019), so revocation, logout,
 * deactivation and role changes take effect at once on every instance.
 */
export function authGuards(app: FastifyInstance) {
  const lookup = app.db
    .select({
      id: users.id,
      sessionId: sessions.id,
      role: users.role,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      preferredLanguage: users.preferredLanguage,
      isActive: users.isActive,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('uid')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .prepare('auth_session_lookup');

  async function resolve(request: FastifyRequest): Promise<AuthUser> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError(401, 'UNAUTHENTICATED', common.unauthenticated);
    const claims = app.tokens.verify(token, 'access');
    if (!claims) throw new AppError(401, 'TOKEN_INVALID', common.tokenInvalid);
    const row = await findSession(claims.sid, claims.sub);
    if (!row) throw new AppError(401, 'TOKEN_INVALID', common.tokenInvalid);
    if (!row.isActive) throw new AppError(403, 'ACCOUNT_INACTIVE', common.accountInactive);
    const { isActive: _active, expiresAt: _expires, ...user } = row;
    return user;
  }

  /** A valid (unrevoked, unexpired) session of this user, from the cache when it can be trusted. */
  async function findSession(sid: string, uid: string): Promise<CachedSession | null> {
    const cache = app.caches.sessions;
    const cached = app.caches.usable ? cache.get(sid) : undefined;
    if (cached) return cached.id === uid && cached.expiresAt > Date.now() ? cached : null;
    const generation = cache.generation;
    const [row] = await lookup.execute({ sid, uid });
    if (!row) return null;
    const session = { ...row, expiresAt: row.expiresAt.getTime() };
    if (app.caches.usable) cache.set(sid, session, generation);
    return session;
  }

  const authenticate: preHandlerAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    request.user = await resolve(request);
  };

  const requireRole =
    (...roles: Role[]): preHandlerAsyncHookHandler =>
    async (request: FastifyRequest) => {
      const user = await resolve(request);
      if (!roles.includes(user.role)) throw new AppError(403, 'FORBIDDEN', common.forbidden);
      request.user = user;
    };

  return { authenticate, requireRole };
}

/** The signed-in user of a guarded route (the guard guarantees it is set). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, 'UNAUTHENTICATED', common.unauthenticated);
  return request.user;
}
