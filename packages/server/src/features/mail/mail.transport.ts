import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Language } from '@app/shared';
import type { Env } from '../../env.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The language it is written in; null only for a row queued before it was kept (migration 0017). */
  language?: Language | null;
}

/**
 * The headers of every message. It is written by the server, not by a person (RFC 3834): out-of-office
 * replies and other automatic answers are not sent back to it. `Content-Language` (RFC 3282) names
 * its language, for mail clients that offer translation, pick a voice or a spelling checker; a message
 * whose language was not recorded says nothing rather than guess.
 */
function headersOf(mail: OutgoingMail): Record<string, string> {
  return {
    'Auto-Submitted': 'auto-generated',
    ...(mail.language ? { 'Content-Language': mail.language } : {}),
  };
}

/** What names the sender. */
type Sender = Pick<Env, 'MAIL_FROM' | 'MAIL_FROM_NAME_AR'>;

/**
 * The From of a message in `language`: MAIL_FROM; for an Arabic one, MAIL_FROM's address under
 * MAIL_FROM_NAME_AR when that is set, so an Arabic reader's inbox names the sender in Arabic
 * (decision 137). nodemailer encodes the name (RFC 2047).
 */
export function fromFor(
  sender: Sender,
  language?: Language | null,
): string | { name: string; address: string } {
  const name = language === 'ar' ? sender.MAIL_FROM_NAME_AR : undefined;
  const address = name ? senderAddress(sender.MAIL_FROM) : undefined;
  return name && address ? { name, address } : sender.MAIL_FROM;
}

/** The address of a sender written `Name <address>` or `address`, as nodemailer reads it. */
const senderAddress = (from: string): string | undefined =>
  addressparser(from, { flatten: true })[0]?.address;

/** What nodemailer sends: the message from its sender, its language travelling as a header. */
function message(sender: Sender, mail: OutgoingMail) {
  const { language: _language, ...rest } = mail;
  return { from: fromFor(sender, mail.language), ...rest, headers: headersOf(mail) };
}

/** Where mail really goes. The outbox worker only knows this interface. */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  /** Resolves once the message is accepted; rejects with the reason otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  /** Stops: a send in progress is aborted (it rejects at once, its connection dropped), later ones too. */
  close(): void;
}

/** SMTP_URL → SMTP; otherwise the development mailbox (log line + .eml file). */
export function createMailTransport(env: Env, log: FastifyBaseLogger): MailTransport {
  if (!env.SMTP_URL) {
    if (env.NODE_ENV === 'production') log.warn(NO_MAIL_SERVER_IN_PRODUCTION);
    return devMailbox(env, log);
  }
  warnOfLocalSender(env.MAIL_FROM, log);
  return smtpTransport(env.SMTP_URL, env);
}

/** The domain of a sender written `Name <address>` or `address`, lower case. */
export const senderDomain = (from: string): string =>
  (senderAddress(from) ?? from).trim().split('@').pop()!.toLowerCase();

/**
 * Real mail from `…@localhost` (MAIL_FROM left at its development default): most mail servers refuse
 * or bin such a sender, and nodemailer names each `Message-ID` after it. Said once, at start-up, in
 * words an operator can act on; the line names the sender, never the mail server (SMTP_URL may hold a
 * password).
 */
function warnOfLocalSender(from: string, log: FastifyBaseLogger): void {
  if (senderDomain(from) !== 'localhost') return;
  log.warn(
    { mailFrom: from },
    'mail: SMTP_URL is set but MAIL_FROM sends from localhost (its default); most mail servers refuse such a sender. Set MAIL_FROM to an address of your own domain, e.g. "Open Science Courses <no-reply@example.org>"',
  );
}

export function smtpTransport(url: string, sender: Sender): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // Fail a stuck server within seconds; the outbox retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  // A server that accepts connections and never answers holds a send for the greeting timeout; a
  // stopping server does not wait for that (decision 105).
  const stopping = new AbortController();
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ ...message(sender, mail), signal: stopping.signal });
    },
    close: () => {
      stopping.abort();
      transporter.close();
    },
  };
}

export const NO_MAIL_SERVER_IN_PRODUCTION =
  'mail: NODE_ENV is production but SMTP_URL is not set: no mail leaves this server (each one is written under DATA_DIR/outbox, or dropped with DATA_DIR=memory://; its text, links and codes are not logged). Set SMTP_URL to send mail.';

/**
 * Development without a mail server: each message is logged on one line (with its text, so the
 * verification link or reset code can be copied) and written as an .eml file under DATA_DIR/outbox.
 * In production the line names the mail and its file only: its links and codes are secrets, and a
 * production log is read by more people than the one account they were for.
 */
export function devMailbox(
  env: Pick<Env, 'DATA_DIR'> & Partial<Pick<Env, 'NODE_ENV'>> & Sender,
  log: FastifyBaseLogger,
): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = env.DATA_DIR === 'memory://' ? null : path.join(env.DATA_DIR, 'outbox');
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      const info = await composer.sendMail(message(env, mail));
      let file: string | null = null;
      if (folder) {
        await mkdir(folder, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        file = path.join(folder, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
        await writeFile(file, info.message as Buffer);
      }
      const said = `dev mailbox: "${mail.subject}" to ${mail.to}`;
      if (env.NODE_ENV === 'production') return log.info({ to: mail.to, file }, said);
      const oneLine = mail.text.replace(/\s*\n\s*/g, ' | ').trim();
      log.info({ to: mail.to, file }, `${said}: ${oneLine}`);
    },
    close: () => composer.close(),
  };
}
