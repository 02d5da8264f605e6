import { and, eq, gt, gte, isNotNull, isNull, or, sql, sum, type SQL } from 'drizzle-orm';
import type { User } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { deleteEndedRows } from '../../db/purge.ts';
import { emailVerifications, passwordResets, users } from '../../db/schema.ts';

/** SQL of the auth feature and the row → API mapping. Functions take `db` so they run in a caller's transaction. */

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type PasswordResetRow = typeof passwordResets.$inferSelect;

export const toApiUser = (
  row: Pick<UserRow, 'id' | 'email' | 'firstname' | 'lastname' | 'role' | 'preferredLanguage'>,
): User => ({
  _id: row.id,
  email: row.email,
  firstname: row.firstname,
  lastname: row.lastname,
  role: row.role,
  preferred_language: row.preferredLanguage,
});

/** The sign-in lookup is the hot path, so it is prepared once per app. */
export function prepareUserByEmail(db: Db) {
  const statement = db
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare('auth_user_by_email');
  return async (email: string): Promise<UserRow | undefined> => (await statement.execute({ email }))[0];
}

export async function findUserByEmail(db: Db, email: string, lock = false): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.email, email));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The column that links an account to each OpenID provider's subject (`sub`). */
export const subjectColumn = { google: 'googleSub', orcid: 'orcid' } as const satisfies Record<
  string,
  keyof UserRow
>;

export async function findUserBySubject(
  db: Db,
  provider: keyof typeof subjectColumn,
  sub: string,
): Promise<UserRow | undefined> {
  const column = users[subjectColumn[provider]];
  const [row] = await db.select().from(users).where(eq(column, sub)).for('update');
  return row;
}

/** Inserts the user unless the e-mail is taken (then undefined), without failing the transaction. */
export async function insertUserIfNew(db: Db, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

/** Changes one account; undefined if the account is gone. */
export async function updateUser(db: Db, id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertVerification(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailVerifications).values(values);
}

/** Marks an unused, unexpired token used in one statement (so it works once) and names its user. */
export async function consumeVerification(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerifications.tokenHash, tokenHash),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, now),
      ),
    )
    .returning({ userId: emailVerifications.userId });
  return row?.userId;
}

/**
 * True when `tokenHash` is a link already used, by an account now verified: a second visit (a mail
 * app's preview, a second click) is told so rather than that the link failed (decision 175). Used
 * links are kept until they expire for it; after that they are refused as unknown ones.
 */
export async function usedByVerifiedAccount(db: Db, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailVerifications.id })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(
      and(
        eq(emailVerifications.tokenHash, tokenHash),
        isNotNull(emailVerifications.usedAt),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Deletes up to `limit` verification links that have expired, used or not (through
 * `email_verifications_expires_idx`, migration 0021); resolves with how many. A used link stays till
 * then for `usedByVerifiedAccount`; a missing one is refused as an unknown one. Rows locked elsewhere
 * (a link being followed, another instance's purge) are skipped.
 */
export function deleteEndedVerifications(db: Db, limit: number): Promise<number> {
  const rows = {
    table: emailVerifications,
    id: emailVerifications.id,
    endedAt: emailVerifications.expiresAt,
  };
  return deleteEndedRows(db, rows, limit);
}

/**
 * Sign-in provider links attached while the address was never confirmed were chosen by whoever typed
 * the address (the OpenID e-mail step), not proven by its owner: a reset by mail drops them.
 */
export async function dropUnconfirmedProviderLinks(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ orcid: null, googleSub: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function insertPasswordReset(
  db: Db,
  values: { id: string; userId: string | null; emailKey: string; codeHash: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** Whose reset requests: an address's (its `resetEmailKey`) and, when it has one, its account's. */
export interface ResetOwner {
  emailKey: string | null;
  userId: string | null;
}

/** Rows of the owner: by address key, or by account (rows made before migration 0016 have no key). */
function ownedBy(owner: ResetOwner): SQL | undefined {
  const keys = [
    owner.emailKey === null ? undefined : eq(passwordResets.emailKey, owner.emailKey),
    owner.userId === null ? undefined : eq(passwordResets.userId, owner.userId),
  ].filter((condition) => condition !== undefined);
  return keys.length ? or(...keys) : undefined;
}

/**
 * Ends (expires at `now`) the owner's reset requests still open: a newer request or a successful reset
 * leaves only one code that works (decision 131). Setting the expiry, not a flag, keeps the purge's
 * reasoning (decision 107): the expiry still follows the creation.
 */
export async function endOpenPasswordResets(db: Db, owner: ResetOwner, now: Date): Promise<void> {
  const owned = ownedBy(owner);
  if (!owned) return;
  await db
    .update(passwordResets)
    .set({ expiresAt: now })
    .where(and(owned, isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)));
}

export async function lockPasswordReset(db: Db, id: string): Promise<PasswordResetRow | undefined> {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.id, id)).for('update');
  return row;
}

/**
 * Wrong codes sent for `owner`'s reset requests (address or account) made since `since`, and when
 * the first of those requests with one was made (its failures leave the window first), or null when
 * there are none.
 */
export async function countResetFailures(
  db: Db,
  owner: ResetOwner,
  since: Date,
): Promise<{ failures: number; firstFailedAt: Date | null }> {
  const owned = ownedBy(owner);
  if (!owned) return { failures: 0, firstFailedAt: null };
  const [row] = await db
    .select({
      failures: sum(passwordResets.failedAttempts),
      firstFailedAt: sql<
        string | null
      >`min(${passwordResets.createdAt}) filter (where ${passwordResets.failedAttempts} > 0)`,
    })
    .from(passwordResets)
    .where(and(owned, gte(passwordResets.createdAt, since)));
  return {
    failures: Number(row?.failures ?? 0),
    firstFailedAt: row?.firstFailedAt ? new Date(row.firstFailedAt) : null,
  };
}

export async function recordResetFailure(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
    .where(eq(passwordResets.id, id))
    .returning({ failedAttempts: passwordResets.failedAttempts });
  return row!.failedAttempts;
}

export async function markResetUsed(db: Db, id: string, now: Date): Promise<void> {
  await db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, id));
}

/**
 * Deletes up to `limit` reset requests that expired at least `keptMs` ago, used or not (found through
 * `password_resets_expires_idx`); resolves with how many. Rows locked elsewhere (a reset in progress,
 * another instance's purge) are skipped.
 */
export function deleteExpiredPasswordResets(db: Db, keptMs: number, limit: number): Promise<number> {
  const rows = { table: passwordResets, id: passwordResets.id, endedAt: passwordResets.expiresAt };
  return deleteEndedRows(db, rows, limit, sql`now() - ${`${Math.round(keptMs)} milliseconds`}::interval`);
}
