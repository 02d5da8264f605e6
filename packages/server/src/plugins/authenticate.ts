import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Role } from '@app/shared';
import { sessions, users } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { common } from '../lib/common.messages.ts';
import { bearerToken } from '../lib/tokens.ts';
import type { CachedSession } from '../lib/caches.ts';

/** The signed-in user of a guarded route, as the session cache keeps it. */
export type AuthUser = CachedSession['user'];

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` / `requireRole` guards; null on public routes. */
    user: AuthUser | null;
  }
}

/**
 * Route guards. Every route names its guard in `onRequest`:
 *   `authenticate` (any signed-in user) or `requireRole('SuperAdmin', ...)`.
 * There it answers before the body is read or any input validated (decision 163): a caller who may
 * not use the route learns 401 or 403, not what the route's parameters and body should look like,
 * and the server parses nothing for them. Whatever needs the caller (a per-user limit) is a
 * `preHandler` after it.
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

  /**
   * The caller, at once when the session cache can be trusted and holds their session (every
   * request but a session's first on this instance), else after one lookup. Throws (or rejects) the
   * guard's errors. No promise on the cached path: the guard runs before every signed-in route.
   */
  function resolve(request: FastifyRequest): AuthUser | Promise<AuthUser> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError(401, 'UNAUTHENTICATED', common.unauthenticated);
    const claims = app.tokens.verify(token, 'access');
    if (!claims) throw new AppError(401, 'TOKEN_INVALID', common.tokenInvalid);
    const cached = app.caches.usable ? app.caches.sessions.get(claims.sid) : undefined;
    if (cached) return signedIn(cached.user.id === claims.sub ? cached : undefined);
    return lookupSession(claims.sid, claims.sub).then(signedIn);
  }

  /** The user of a session found for the token; the guard's refusal when there is none or it is over. */
  function signedIn(session: CachedSession | undefined): AuthUser {
    if (!session || session.expiresAt <= Date.now())
      throw new AppError(401, 'TOKEN_INVALID', common.tokenInvalid);
    if (!session.isActive) throw new AppError(403, 'ACCOUNT_INACTIVE', common.accountInactive);
    return session.user;
  }

  /** A valid (unrevoked, unexpired) session of this user from the database, cached when it can be. */
  async function lookupSession(sid: string, uid: string): Promise<CachedSession | undefined> {
    const cache = app.caches.sessions;
    const generation = cache.generation;
    const [row] = await lookup.execute({ sid, uid });
    if (!row) return undefined;
    const { isActive, expiresAt, ...user } = row;
    const session = { user: Object.freeze(user), isActive, expiresAt: expiresAt.getTime() };
    if (app.caches.usable) cache.set(sid, session, generation);
    return session;
  }

  /** Runs `check` on the caller; a callback hook, so a cached session costs no promise. */
  const guard = (check: (user: AuthUser) => void = () => {}): onRequestHookHandler => {
    const admit = (request: FastifyRequest, user: AuthUser) => {
      check(user);
      request.user = user;
    };
    return (request, _reply, done) => {
      let user: AuthUser | Promise<AuthUser>;
      try {
        user = resolve(request);
        if (!(user instanceof Promise)) admit(request, user);
      } catch (error) {
        return done(error as Error);
      }
      // `done` outside the try: it runs the route, whose errors are Fastify's to handle, not ours.
      if (user instanceof Promise) user.then((found) => admit(request, found)).then(() => done(), done);
      else done();
    };
  };

  const authenticate = guard();

  const requireRole = (...roles: Role[]) =>
    guard((user) => {
      if (!roles.includes(user.role)) throw new AppError(403, 'FORBIDDEN', common.forbidden);
    });

  return { authenticate, requireRole };
}

/** The signed-in user of a guarded route (the guard guarantees it is set). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, 'UNAUTHENTICATED', common.unauthenticated);
  return request.user;
}
