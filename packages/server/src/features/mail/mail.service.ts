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

/** A queueing function for one template: the recipient, plus what that template needs. */
const queueing =
  <Content extends object>(template: (content: Content) => MailContent) =>
  async (db: Db, input: { to: string } & Content): Promise<void> => {
    await enqueueMail(db, { to: input.to, ...template(input) });
  };

export const queueVerificationMail = queueing(verificationMail);
export const queuePasswordResetMail = queueing(passwordResetMail);
export const queueSignupAttemptMail = queueing(signupAttemptMail);
