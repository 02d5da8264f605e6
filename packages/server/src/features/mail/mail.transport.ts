import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Env } from '../../env.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Every message is written by the server, not by a person (RFC 3834): out-of-office replies and
 * other automatic answers are not sent back to it.
 */
const AUTOMATIC = { 'Auto-Submitted': 'auto-generated' };

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
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM) : devMailbox(env, log);
}

export function smtpTransport(url: string, from: string): MailTransport {
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
      await transporter.sendMail({ from, ...mail, headers: AUTOMATIC, signal: stopping.signal });
    },
    close: () => {
      stopping.abort();
      transporter.close();
    },
  };
}

/**
 * Development without a mail server: each message is logged on one line (with its text, so the
 * verification link or reset code can be copied) and written as an .eml file under DATA_DIR/outbox.
 */
export function devMailbox(env: Pick<Env, 'DATA_DIR' | 'MAIL_FROM'>, log: FastifyBaseLogger): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = env.DATA_DIR === 'memory://' ? null : path.join(env.DATA_DIR, 'outbox');
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      const info = await composer.sendMail({ from: env.MAIL_FROM, ...mail, headers: AUTOMATIC });
      let file: string | null = null;
      if (folder) {
        await mkdir(folder, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        file = path.join(folder, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
        await writeFile(file, info.message as Buffer);
      }
      const oneLine = mail.text.replace(/\s*\n\s*/g, ' | ').trim();
      log.info({ to: mail.to, file }, `dev mailbox: "${mail.subject}" to ${mail.to}: ${oneLine}`);
    },
    close: () => composer.close(),
  };
}
