import type { Db } from '../../db/client.ts';
import { enqueueMail } from './mail.outbox.ts';
import { passwordResetMail, signupAttemptMail, verificationMail } from './mail.templates.ts';

/**
 * The mail feature's surface for other features: each function renders one message in the
 * recipient's language and queues it in the caller's transaction (the outbox sends it once that
 * transaction commits). Templates, the outbox and the transports stay private to this feature.
 */

type To = { to: string };

export async function queueVerificationMail(
  db: Db,
  input: To & Parameters<typeof verificationMail>[0],
): Promise<void> {
  const { to, ...content } = input;
  await enqueueMail(db, { to, ...verificationMail(content) });
}

export async function queuePasswordResetMail(
  db: Db,
  input: To & Parameters<typeof passwordResetMail>[0],
): Promise<void> {
  const { to, ...content } = input;
  await enqueueMail(db, { to, ...passwordResetMail(content) });
}

export async function queueSignupAttemptMail(
  db: Db,
  input: To & Parameters<typeof signupAttemptMail>[0],
): Promise<void> {
  const { to, ...content } = input;
  await enqueueMail(db, { to, ...signupAttemptMail(content) });
}
