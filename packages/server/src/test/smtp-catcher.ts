import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from './test-app.ts';

export interface CaughtMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

export interface SmtpCatcher {
  /** smtp://127.0.0.1:<port>, for the app's SMTP_URL. */
  url: string;
  /** Every message received so far, in order. */
  mails: CaughtMail[];
  /**
   * The first message to `to` (matching `predicate`) that no earlier call returned, waiting for it
   * to arrive if needed.
   */
  waitForMail(to: string, predicate?: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** The next `count` messages are refused with a temporary SMTP error (451), to exercise retries. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on an ephemeral 127.0.0.1 port that parses what it receives. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const listeners = new Set<() => void>();
  let refuse = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuse > 0) {
        refuse -= 1;
        const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          for (const notify of listeners) notify();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  function waitForMail(
    to: string,
    predicate: (mail: CaughtMail) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<CaughtMail> {
    const address = to.toLowerCase();
    const find = () => mails.find((mail) => !taken.has(mail) && mail.to.includes(address) && predicate(mail));
    return new Promise((resolve, reject) => {
      const check = () => {
        const mail = find();
        if (!mail) return;
        taken.add(mail);
        listeners.delete(check);
        clearTimeout(timer);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${mails.length})`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail,
    refuseNext: (count) => {
      refuse = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A test app whose mail goes to an SMTP catcher of its own. */
export interface AppOverSmtp {
  t: TestApp;
  smtp: SmtpCatcher;
}

/**
 * Starts an SMTP catcher, then a test app sending to it (`env` and `options` as `createTestApp`'s).
 * For a describe block: `beforeAll(async () => ({ t, smtp } = await startAppOverSmtp()))`, and
 * `afterAll(() => stopAppOverSmtp({ t, smtp }))`.
 */
export async function startAppOverSmtp(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<AppOverSmtp> {
  const smtp = await startSmtpCatcher();
  return { t: await createTestApp({ SMTP_URL: smtp.url, ...env }, options), smtp };
}

/** The app first (its outbox may still be talking to the catcher), then the catcher. */
export async function stopAppOverSmtp({ t, smtp }: AppOverSmtp): Promise<void> {
  await t.close();
  await smtp.close();
}
