import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { revokeAllSessions } from '../../lib/sessions.ts';
import {
  dropUnconfirmedProviderLinks,
  findUserByEmail,
  insertUserIfNew,
  updateUser,
} from './auth.repository.ts';

export type EnsureAdminResult = 'created' | 'updated' | 'unchanged' | 'skipped';

/**
 * Start-up bootstrap: when ADMIN_EMAIL and ADMIN_PASSWORD are set, that account exists as a verified,
 * active SuperAdmin whose password is ADMIN_PASSWORD. Idempotent: a second run changes nothing.
 */
export async function ensureAdmin(
  db: Db,
  env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
): Promise<EnsureAdminResult> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return 'skipped';
  const email = env.ADMIN_EMAIL.trim().toLowerCase();
  const password = env.ADMIN_PASSWORD;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const passwordChanged = !(await verifyPassword(password, existing.passwordHash));
    const upToDate =
      !passwordChanged &&
      existing.role === 'SuperAdmin' &&
      existing.isActive &&
      existing.emailVerifiedAt !== null;
    if (upToDate) return 'unchanged';
    const passwordHash = passwordChanged ? await hashPassword(password) : existing.passwordHash;
    const unverified = existing.emailVerifiedAt === null;
    await db.transaction(async (tx) => {
      // An account nobody proved the address of may carry a Google or ORCID link made by whoever
      // typed that address (`POST /auth/oidc/email`): promoted with it, the link's owner would sign in
      // as the administrator. The operator's word (ADMIN_EMAIL) proves the address, not the link;
      // dropped as a password reset drops it.
      if (unverified) await dropUnconfirmedProviderLinks(tx, existing.id);
      await updateUser(tx, existing.id, {
        role: 'SuperAdmin',
        isActive: true,
        emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
        passwordHash,
      });
      // A rotated admin password should also end the sessions opened with the old one, and an account
      // made an administrator from an unproven one every session it had.
      if (passwordChanged || unverified) await revokeAllSessions(tx, existing.id);
    });
    return 'updated';
  }
  const created = await insertUserIfNew(db, {
    email,
    firstname: 'Admin',
    lastname: 'Admin',
    role: 'SuperAdmin',
    passwordHash: await hashPassword(password),
    emailVerifiedAt: new Date(),
  });
  // Another instance starting at the same moment created it first; run once more to converge.
  return created ? 'created' : ensureAdmin(db, env);
}
