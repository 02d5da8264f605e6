import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Language, ResetPasswordBody } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { revokeAllSessions } from '../../lib/sessions.ts';
import { endUnsentPasswordResetMails, mailQueued, queuePasswordResetMail } from '../mail/mail.service.ts';
import { authMessages } from './auth.messages.ts';
import {
  countResetFailures,
  deleteExpiredPasswordResets,
  endOpenPasswordResets,
  findUserByEmail,
  insertPasswordReset,
  lockPasswordReset,
  dropUnconfirmedProviderLinks,
  markEmailVerified,
  markResetUsed,
  recordResetFailure,
  updateUser,
  type PasswordResetRow,
} from './auth.repository.ts';
import { hashResetCode, newResetCode, resetEmailKey, sameHash } from './auth.secrets.ts';

export const RESET_TTL_SECONDS = 15 * 60;
/** Wrong codes one reset request survives; the next attempt finds it dead. */
export const RESET_MAX_ATTEMPTS = 5;
/**
 * Wrong codes per address (and per account) across all its requests in the window. Without it, asking
 * for a new code every few seconds would give an attacker unlimited guesses at a 6-digit code. Counted
 * by address whether or not it has an account, so the answers do not tell which (decision 131).
 */
export const RESET_ACCOUNT_MAX_FAILURES = 10;
export const RESET_ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

type Outcome =
  | { kind: 'done' }
  | { kind: 'dead' }
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'wrong'; remaining: number };

/** Whether a reset request's code can still be used: not used, not expired, not guessed at too often. */
function stillWorks(request: PasswordResetRow | undefined, now: Date): request is PasswordResetRow {
  return (
    !!request && !request.usedAt && request.expiresAt > now && request.failedAttempts < RESET_MAX_ATTEMPTS
  );
}

/** Forgot password (6-digit e-mailed code + a token naming the request) and reset. */
export function passwordResetService(app: FastifyInstance) {
  /**
   * Creates a reset request whether or not the address has an account, so the answer (and its token)
   * reveal nothing; only a real account gets a code, by e-mail, in `lang` (the language of the page
   * that asked) or, when the request named none, the account's. The address's older requests still
   * open are ended, known account or not, so only the newest code works (decision 131), and so are
   * their mails not sent yet (decision 137). Resolves with the token and the work that queues the
   * mail, for the route to do after its answer.
   */
  async function requestReset(
    email: string,
    lang?: Language,
  ): Promise<{ accessToken: string; afterAnswer: () => Promise<void> }> {
    const id = randomUUID();
    const code = newResetCode();
    // What every address costs alike: the account's lookup, ending the open requests and storing this
    // one. The mail, for an account only, is queued after the answer (decision 136).
    const user = await app.db.transaction(async (tx) => {
      const now = new Date();
      const owner = await findUserByEmail(tx, email);
      const emailKey = resetEmailKey(app.env.JWT_SECRET, email);
      await endOpenPasswordResets(tx, { emailKey, userId: owner?.id ?? null }, now);
      // Their mails too, if still waiting after a failed send: their codes no longer work (decision
      // 137). For every address, with or without an account, as the statement above.
      const withdrawn = await endUnsentPasswordResetMails(tx, email);
      if (withdrawn > 0)
        app.log.debug({ withdrawn }, 'password reset: unsent mail of an ended request not sent');
      await insertPasswordReset(tx, {
        id,
        userId: owner?.id ?? null,
        emailKey,
        codeHash: owner ? hashResetCode(app.env.JWT_SECRET, id, code) : null,
        expiresAt: new Date(now.getTime() + RESET_TTL_SECONDS * 1000),
      });
      return owner;
    });
    const mailId = randomUUID();
    const afterAnswer = async () => {
      if (!user) return;
      // Only while the request still works: this can run late (tried again while the database is
      // away, decision 147), after a newer request or a reset ended it, and a mail whose code cannot
      // work is not sent (decision 137). The row's lock orders this with a newer request's ending of
      // it, which then finds this mail and ends it too. Run again after a commit whose answer was
      // lost, it finds its mail queued already and queues no second copy (decision 151).
      const queued = await app.db.transaction(async (tx) => {
        if (!stillWorks(await lockPasswordReset(tx, id), new Date())) return false;
        if (await mailQueued(tx, mailId)) return true;
        await queuePasswordResetMail(tx, {
          mailId,
          to: user.email,
          lang: lang ?? user.preferredLanguage,
          // Greeted by name only if the mailbox's owner gave it (see the mail's GREETING).
          name: user.emailVerifiedAt ? user.firstname : null,
          code,
        });
        return true;
      });
      if (queued) app.outbox.kick();
    };
    // `sub` is the request id too: a user id in the (readable) JWT would reveal that the account exists.
    const accessToken = app.tokens.sign({ sub: id, sid: id, typ: 'password_reset' }, RESET_TTL_SECONDS);
    return { accessToken, afterAnswer };
  }

  async function resetPassword(token: string | null, body: ResetPasswordBody): Promise<void> {
    const claims = token ? app.tokens.verify(token, 'password_reset') : null;
    if (!claims) throw new AppError(401, 'TOKEN_INVALID', authMessages.resetTokenInvalid);
    // Hashed before the transaction: scrypt is slow and an embedded database serialises transactions.
    const passwordHash = await hashPassword(body.new_password);

    const outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
      const now = new Date();
      const request = await lockPasswordReset(tx, claims.sid);
      if (!stillWorks(request, now)) return { kind: 'dead' };
      // By address for every request (a row made before migration 0016 has no address key: by account).
      const owner = { emailKey: request.emailKey, userId: request.userId };
      const since = new Date(now.getTime() - RESET_ACCOUNT_WINDOW_MS);
      const { failures: recent, firstFailedAt } = await countResetFailures(tx, owner, since);
      if (recent >= RESET_ACCOUNT_MAX_FAILURES) {
        // Said as what it is, with the soonest a try could work (decision 178): "expired, request a
        // new code" sent the reader to ask for codes that could not work either.
        const until = (firstFailedAt ?? now).getTime() + RESET_ACCOUNT_WINDOW_MS;
        return { kind: 'locked', retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
      }

      const expected = request.codeHash;
      const given = hashResetCode(app.env.JWT_SECRET, request.id, body.password_reset_code);
      if (!request.userId || !expected || !sameHash(given, expected)) {
        const failures = await recordResetFailure(tx, request.id);
        return { kind: 'wrong', remaining: Math.max(0, RESET_MAX_ATTEMPTS - failures) };
      }
      await updateUser(tx, request.userId, { passwordHash });
      // The code arrived by e-mail, which proves the address as well as a verification link does.
      await dropUnconfirmedProviderLinks(tx, request.userId);
      await markEmailVerified(tx, request.userId);
      await markResetUsed(tx, request.id, now);
      await endOpenPasswordResets(tx, owner, now); // every other request of the address or account
      await revokeAllSessions(tx, request.userId);
      return { kind: 'done' };
    });

    if (outcome.kind === 'dead') throw new AppError(400, 'RESET_EXPIRED', authMessages.resetExpired);
    if (outcome.kind === 'locked') {
      const { retryAfterSeconds } = outcome;
      throw new AppError(429, 'RESET_LOCKED', authMessages.resetLocked, {}, { retryAfterSeconds });
    }
    if (outcome.kind === 'wrong' && outcome.remaining === 0)
      throw new AppError(400, 'RESET_CODE_INVALID', authMessages.resetCodeInvalidLast);
    if (outcome.kind === 'wrong')
      throw new AppError(400, 'RESET_CODE_INVALID', authMessages.resetCodeInvalid, {
        remaining: outcome.remaining,
      });
  }

  return { requestReset, resetPassword };
}

/**
 * The housekeeping's purge of dead reset requests (decision 107): up to `limit` rows whose request
 * expired a whole RESET_ACCOUNT_WINDOW_MS ago, whether used, given up or never matched to an account
 * (`POST /auth/forgotpassword` stores a row for any address). Such a row can no longer reset anything,
 * and it was created before the window (its expiry follows its creation), so its failures no longer
 * count towards the account's limit: deleting it changes no answer. Resolves with how many.
 */
export function purgeDeadPasswordResets(db: Db, limit: number): Promise<number> {
  return deleteExpiredPasswordResets(db, RESET_ACCOUNT_WINDOW_MS, limit);
}
