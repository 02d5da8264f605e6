import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  isReturnAfterSignup,
  type Language,
  type LoginBody,
  type ResendVerificationBody,
  type SignupBody,
  type User,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { common } from '../../lib/common.messages.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { openPasswordSession, openSession } from '../../lib/sessions.ts';
import { mailQueued, queueSignupAttemptMail, queueVerificationMail } from '../mail/mail.service.ts';
import { authMessages } from './auth.messages.ts';
import {
  consumeVerification,
  usedByVerifiedAccount,
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

/** Whether an account gets a verification link when one is asked for: active, not yet verified. */
const awaitsVerification = (user: UserRow | undefined): user is UserRow =>
  !!user && !user.emailVerifiedAt && user.isActive;

/** Signup, e-mail verification and password sign-in. */
export function authService(app: FastifyInstance) {
  const userByEmail = prepareUserByEmail(app.db);
  /**
   * A page of the app in the mail's language: the link opens it so, whatever the browser stored.
   * `next`, a course to come back to (decision 200), goes along only if it is one (`isReturnAfterSignup`,
   * checked again here whatever the caller checked): the link's address stays on this site.
   */
  const pageLink = (path: string, lang: Language, next?: string) => {
    const query = new URLSearchParams({ lang });
    if (isReturnAfterSignup(next)) query.set('next', next);
    return `${app.env.APP_URL}${path}?${query.toString()}`;
  };

  /**
   * Stores a new single-use link token (hashed) and queues its e-mail in the same transaction, in
   * `lang` (the language of the page that asked for it) or else the account's; `mailId` names the mail
   * for work that may run again (decision 151); `next`, the course the link leads back to.
   */
  async function sendVerification(
    tx: Db,
    user: UserRow,
    { lang = user.preferredLanguage, mailId, next }: { lang?: Language; mailId?: string; next?: string } = {},
  ): Promise<void> {
    const token = newLinkToken();
    await insertVerification(tx, {
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
    });
    const link = pageLink(`/verifyemail/${encodeURIComponent(token)}`, lang, next);
    await queueVerificationMail(tx, { to: user.email, lang, link, mailId });
  }

  /**
   * New address → account + verification link. Existing address (verified or not) → the account is
   * left exactly as it is and its owner is told by mail; the caller gets the same 201 answer, built
   * from what they sent with an id that names nothing, after the same password-hashing work, so the
   * answer does not reveal which addresses have accounts.
   */
  async function signup(body: SignupBody, requestLang: Language): Promise<User> {
    const passwordHash = await hashPassword(body.password);
    const details = {
      email: body.email,
      firstname: body.firstname,
      lastname: body.lastname,
      role: body.role,
      passwordHash,
      preferredLanguage: body.preferred_language ?? requestLang,
    };
    const created = await app.db.transaction(async (tx) => {
      const row = await insertUserIfNew(tx, details);
      if (row) {
        await sendVerification(tx, row, { next: body.next });
        return row;
      }
      const owner = await findUserByEmail(tx, body.email);
      if (owner) await sendSignupAttemptNotice(tx, owner);
      return null;
    });
    app.outbox.kick();
    return created ? toApiUser(created) : toApiUser({ ...details, id: randomUUID() });
  }

  async function sendSignupAttemptNotice(tx: Db, owner: UserRow): Promise<void> {
    const lang = owner.preferredLanguage;
    const verified = owner.emailVerifiedAt !== null;
    await queueSignupAttemptMail(tx, {
      to: owner.email,
      lang,
      name: verified ? owner.firstname : null,
      verified,
      loginLink: pageLink('/login', lang),
      resetLink: pageLink('/forgotpassword', lang),
    });
  }

  async function verifyEmail(token: string): Promise<void> {
    const tokenHash = sha256Hex(token);
    // One transaction: a link used by a click being committed elsewhere is seen after that commit
    // (the consume waits on its row), so the second click is told "already verified".
    const outcome = await app.db.transaction(async (tx) => {
      const userId = await consumeVerification(tx, tokenHash, new Date());
      if (userId) {
        await markEmailVerified(tx, userId);
        return 'verified';
      }
      return (await usedByVerifiedAccount(tx, tokenHash)) ? 'already' : 'invalid';
    });
    if (outcome === 'already')
      throw new AppError(400, 'EMAIL_ALREADY_VERIFIED', authMessages.alreadyVerified);
    if (outcome === 'invalid')
      throw new AppError(400, 'VERIFICATION_INVALID', authMessages.verificationInvalid);
  }

  /**
   * Always succeeds; only an existing, unverified, active account gets a new link, in the language of
   * the page it was asked from when the request names one (as the password reset's mail, decision 131),
   * leading back to `next` as the sign-up's did (decision 200). Resolves with the work that sends it,
   * for the route to do after its answer.
   */
  async function resendVerification(
    { email, next }: ResendVerificationBody,
    lang?: Language,
  ): Promise<() => Promise<void>> {
    // The one query every address costs alike; the link is made after the answer (decision 136).
    const user = await findUserByEmail(app.db, email);
    const mailId = randomUUID();
    return async () => {
      if (!awaitsVerification(user)) return;
      const sent = await app.db.transaction(async (tx) => {
        // Run again after a commit whose answer was lost: its mail is queued already (decision 151).
        if (await mailQueued(tx, mailId)) return true;
        // Read again, locked: this work may run long after the answer (tried again while the database
        // was away, decision 147), when the account may have been verified, deactivated or removed.
        const now = await findUserByEmail(tx, email, true);
        if (now?.id !== user.id || !awaitsVerification(now)) return false;
        await sendVerification(tx, now, { lang, mailId, next });
        return true;
      });
      if (sent) app.outbox.kick();
    };
  }

  /**
   * Password sign-in. Unknown e-mails cost the same scrypt time as real ones, and both failures give
   * one message; verification, activity and role are only revealed to someone with the password.
   */
  async function login(body: LoginBody, options: { adminOnly: boolean }): Promise<SignedIn> {
    const user = await userByEmail(body.email);
    const checked = user?.passwordHash ?? null; // none: an account made through Google or ORCID only
    const matches = await verifyPassword(body.password, checked ?? (await DUMMY_HASH_PROMISE));
    if (!user || checked === null || !matches)
      throw new AppError(401, 'INVALID_CREDENTIALS', authMessages.invalidCredentials);
    if (options.adminOnly && user.role !== 'SuperAdmin')
      throw new AppError(403, 'UNAUTHORIZED_ROLE', authMessages.unauthorizedRole);
    if (!user.emailVerifiedAt) throw new AppError(403, 'EMAIL_NOT_VERIFIED', authMessages.emailNotVerified);
    if (!user.isActive) throw new AppError(403, 'ACCOUNT_INACTIVE', common.accountInactive);
    // Refused if a reset changed the password since it was checked (see openPasswordSession).
    const token = await openPasswordSession(app.db, app.tokens, user.id, checked);
    if (token === null) throw new AppError(401, 'INVALID_CREDENTIALS', authMessages.invalidCredentials);
    return { access_token: token, user: toApiUser(user) };
  }

  /**
   * The signed-in user's own choice of language (the web app's language menu): the language of the
   * mails written to them when no page asks for one (decision 137). Refused as a dead session if the
   * account is gone.
   */
  async function changePreferredLanguage(userId: string, language: Language): Promise<User> {
    const row = await updateUser(app.db, userId, { preferredLanguage: language });
    if (!row) throw new AppError(401, 'TOKEN_INVALID', common.tokenInvalid);
    return toApiUser(row);
  }

  async function signIn(user: UserRow): Promise<SignedIn> {
    return { access_token: await openSession(app.db, app.tokens, user.id), user: toApiUser(user) };
  }

  return {
    signup,
    verifyEmail,
    resendVerification,
    login,
    signIn,
    changePreferredLanguage,
    sendVerification,
    sendSignupAttemptNotice,
  };
}

export type AuthService = ReturnType<typeof authService>;
