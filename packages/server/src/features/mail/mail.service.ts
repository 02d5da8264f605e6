import type { Db } from '../../db/client.ts';
import { enqueueMail } from './mail.outbox.ts';
import {
  passwordResetMail,
  signupAttemptMail,
  verificationMail,
  type MailContent,
} from './mail.templates.ts';

/**
 * The mail feature's surface for other features: each function renders one message in the
 * recipient's language and queues it in the caller's transaction (the outbox sends it once that
 * transaction commits). Templates, the outbox and the transports stay private to this feature.
 */

/**
 * How long each message is worth sending: its outbox row expires then, is never sent after and is
 * deleted (decision 105). A code or link is no use once it has expired, so these are the auth
 * feature's `RESET_TTL_SECONDS` and `VERIFICATION_TTL_MS` (mail.service.test.ts holds them equal); a
 * notice about a sign-up attempt is news for a few days.
 */
export const MAIL_LIFETIME_MS = {
  passwordReset: 15 * 60 * 1000,
  verification: 24 * 3600 * 1000,
  signupAttempt: 3 * 24 * 3600 * 1000,
} as const;

/** A queueing function for one template: the recipient, plus what that template needs. */
const queueing =
  <Content extends object>(template: (content: Content) => MailContent, lifetimeMs: number) =>
  async (db: Db, input: { to: string } & Content): Promise<void> => {
    await enqueueMail(db, { to: input.to, ...template(input) }, lifetimeMs);
  };

export const queueVerificationMail = queueing(verificationMail, MAIL_LIFETIME_MS.verification);
export const queuePasswordResetMail = queueing(passwordResetMail, MAIL_LIFETIME_MS.passwordReset);
export const queueSignupAttemptMail = queueing(signupAttemptMail, MAIL_LIFETIME_MS.signupAttempt);
