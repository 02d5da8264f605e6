import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startPeriodicPurge, type PeriodicPurge, type Purge } from '../../lib/periodic-purge.ts';
import { purgeEndedSessions } from '../../lib/sessions.ts';
import { deleteEndedVerifications } from './auth.repository.ts';
import { purgeDeadPasswordResets } from './password-reset.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Deletes ended sessions, dead password reset requests and ended e-mail verification links, a bounded
     * pass at a time (decisions 107, 109).
     */
    authHousekeeping: PeriodicPurge;
  }
}

/** What the auth feature's housekeeping deletes each pass, at most `limit` rows of each table. */
export function authPurges(db: Db): Record<string, Purge> {
  return {
    sessions: (limit) => purgeEndedSessions(db, limit),
    passwordResets: (limit) => purgeDeadPasswordResets(db, limit),
    emailVerifications: (limit) => deleteEndedVerifications(db, limit),
  };
}

/**
 * The app's one housekeeping loop for sign-in data (`app.authHousekeeping`): nothing else ever deletes
 * these rows, and `POST /auth/forgotpassword` stores one for any address. Started when the app is
 * ready and stopped when it closes, like the outbox worker.
 */
export function startAuthHousekeeping(app: FastifyInstance): PeriodicPurge {
  const job = startPeriodicPurge(app, 'auth housekeeping', authPurges(app.db));
  app.decorate('authHousekeeping', job);
  return job;
}
