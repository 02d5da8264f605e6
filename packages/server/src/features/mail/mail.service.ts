import type { Db } from '../../db/client.ts';
import type { MailKind } from '../../db/schema.ts';
import { endUnsentMail, enqueueMail } from './mail.outbox.ts';
import {
  courseReturnedMail,
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
 * notice about a sign-up attempt is news for a few days; a course sent back waits for its author
 * (decision 206), so its notice is worth a week.
 */
export const MAIL_LIFETIME_MS = {
  passwordReset: 15 * 60 * 1000,
  verification: 24 * 3600 * 1000,
  signupAttempt: 3 * 24 * 3600 * 1000,
  courseReturned: 7 * 24 * 3600 * 1000,
} as const satisfies Record<MailKind, number>;

/**
 * A queueing function for one template: the recipient, plus what that template needs; `mailId`, when
 * given, is the message's id, for work that may run again to find it with `mailQueued` (decision 151).
 */
const queueing =
  <Content extends object>(template: (content: Content) => MailContent, kind: MailKind) =>
  async (db: Db, input: { to: string; mailId?: string } & Content): Promise<void> => {
    const mail = { id: input.mailId, to: input.to, kind, ...template(input) };
    await enqueueMail(db, mail, MAIL_LIFETIME_MS[kind]);
  };

export const queueVerificationMail = queueing(verificationMail, 'verification');
export const queuePasswordResetMail = queueing(passwordResetMail, 'passwordReset');
export const queueSignupAttemptMail = queueing(signupAttemptMail, 'signupAttempt');
/** To a course's owner: an administrator sent the course back with a note (decision 206). */
export const queueCourseReturnedMail = queueing(courseReturnedMail, 'courseReturned');

/**
 * Ends the reset mails to `to` still waiting to be sent (after a failed send): a newer request has
 * just ended their codes (decision 131), and a mail whose code cannot work is not sent (decision 137).
 * Resolves with how many.
 */
export const endUnsentPasswordResetMails = (db: Db, to: string): Promise<number> =>
  endUnsentMail(db, 'passwordReset', to);

/**
 * Whether the message queued with this `mailId` is in the outbox: work that queues a mail and may run
 * again after a commit whose answer was lost (decision 151) checks it first, so it queues no second copy.
 */
export { isQueued as mailQueued } from './mail.outbox.ts';
