import type { FastifyInstance } from 'fastify';
import type { Language, LoginBody, SignupBody, User } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { common } from '../../lib/common.messages.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { openSession } from '../../lib/sessions.ts';
import { enqueueMail } from '../mail/mail.outbox.ts';
import { verificationMail } from '../mail/mail.templates.ts';
import { authMessages } from './auth.messages.ts';
import {
  consumeVerification,
  deleteUnusedVerifications,
  findUserByEmail,
  insertUserIfNew,
  insertVerification,
  markEmailVerified,
  prepareUserByEmail,
  toApiUser,
  updateUser,
  type UserRow,
} from './auth.repository.ts';
import { newLinkToken, sha256Hex } from './auth.secrets.ts';

export const VERIFICATION_TTL_MS = 24 * 3600 * 1000;

export interface SignedIn {
  access_token: string;
  user: User;
}

/** Signup, e-mail verification and password sign-in. */
export function authService(app: FastifyInstance) {
  const userByEmail = prepareUserByEmail(app.db);

  /** Stores a new single-use link token (hashed) and queues its e-mail in the same transaction. */
  async function sendVerification(tx: Db, user: UserRow): Promise<void> {
    const token = newLinkToken();
    await insertVerification(tx, {
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
    });
    const link = `${app.env.APP_URL}/verifyemail/${encodeURIComponent(token)}`;
    const mail = verificationMail({ lang: user.preferredLanguage, name: user.firstname, link });
    await enqueueMail(tx, { to: user.email, ...mail });
  }

  /**
   * New address → account + link. Unverified address → the account takes this signup's details and a
   * fresh link replaces the old ones (the answer is the same, so it reveals nothing). Verified → 409.
   */
  async function signup(body: SignupBody, requestLang: Language): Promise<User> {
    const passwordHash = await hashPassword(body.password);
    const details = {
      firstname: body.firstname,
      lastname: body.lastname,
      role: body.role,
      passwordHash,
      preferredLanguage: body.preferred_language ?? requestLang,
    };
    const user = await app.db.transaction(async (tx) => {
      let row = await insertUserIfNew(tx, { email: body.email, ...details });
      if (!row) {
        const existing = (await findUserByEmail(tx, body.email, true))!;
        if (existing.emailVerifiedAt) throw new AppError(409, 'EMAIL_TAKEN', authMessages.emailTaken);
        // Whoever registered the address first cannot keep a password the mailbox owner never chose:
        // the latest signup's details win and only its link stays valid.
        // Nor a sign-in provider link they attached (an ORCID iD added at the e-mail step).
        row = await updateUser(tx, existing.id, { ...details, orcid: null });
        await deleteUnusedVerifications(tx, row.id);
      }
      await sendVerification(tx, row);
      return row;
    });
    app.outbox.kick();
    return toApiUser(user);
  }

  async function verifyEmail(token: string): Promise<void> {
    const verified = await app.db.transaction(async (tx) => {
      const userId = await consumeVerification(tx, sha256Hex(token), new Date());
      if (userId) await markEmailVerified(tx, userId);
      return Boolean(userId);
    });
    if (!verified) throw new AppError(400, 'VERIFICATION_INVALID', authMessages.verificationInvalid);
  }

  /** Always succeeds; only an existing, unverified, active account gets a new link. */
  async function resendVerification(email: string): Promise<void> {
    const queued = await app.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user || user.emailVerifiedAt || !user.isActive) return false;
      await sendVerification(tx, user);
      return true;
    });
    if (queued) app.outbox.kick();
  }

  /**
   * Password sign-in. Unknown e-mails cost the same scrypt time as real ones, and both failures give
   * one message; verification, activity and role are only revealed to someone with the password.
   */
  async function login(body: LoginBody, options: { adminOnly: boolean }): Promise<SignedIn> {
    const user = await userByEmail(body.email);
    const matches = await verifyPassword(body.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!user || !matches) throw new AppError(401, 'INVALID_CREDENTIALS', authMessages.invalidCredentials);
    if (options.adminOnly && user.role !== 'SuperAdmin')
      throw new AppError(403, 'UNAUTHORIZED_ROLE', authMessages.unauthorizedRole);
    if (!user.emailVerifiedAt) throw new AppError(403, 'EMAIL_NOT_VERIFIED', authMessages.emailNotVerified);
    if (!user.isActive) throw new AppError(403, 'ACCOUNT_INACTIVE', common.accountInactive);
    return signIn(user);
  }

  async function signIn(user: UserRow): Promise<SignedIn> {
    return { access_token: await openSession(app.db, app.tokens, user.id), user: toApiUser(user) };
  }

  return { signup, verifyEmail, resendVerification, login, signIn, sendVerification };
}

export type AuthService = ReturnType<typeof authService>;
