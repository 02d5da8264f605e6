import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startPeriodicPurge, type PeriodicPurge, type Purge } from '../../lib/periodic-purge.ts';
import { purgeExpiredMail } from './mail.outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes expired outbox rows, sent or not, a bounded pass at a time (decisions 105, 112). */
    mailHousekeeping: PeriodicPurge;
  }
}

/** What the mail feature's housekeeping deletes each pass: at most `limit` expired outbox rows. */
export function mailPurges(db: Db): Record<string, Purge> {
  return { outbox: (limit) => purgeExpiredMail(db, limit) };
}

/**
 * The app's housekeeping loop for the outbox (`app.mailHousekeeping`), beside its worker
 * (`app.outbox`), which only sends: the two share no queue, since the purge deletes only rows the
 * worker no longer claims (`purgeExpiredMail`). Started when the app is ready and stopped when it
 * closes, before the database, like the worker and the auth feature's housekeeping (decision 112).
 */
export function startMailHousekeeping(app: FastifyInstance): PeriodicPurge {
  const job = startPeriodicPurge(app, 'mail housekeeping', mailPurges(app.db));
  app.decorate('mailHousekeeping', job);
  return job;
}
