import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { recordingLog } from '../../test/recording-log.ts';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { emailOutbox } from '../../db/schema.ts';
import { createTestApp, waitFor, type TestApp, logCapture } from '../../test/test-app.ts';
import {
  startAppOverSmtp,
  startSmtpCatcher,
  stopAppOverSmtp,
  type SmtpCatcher,
} from '../../test/smtp-catcher.ts';
import { enqueueMail, flushOutbox, MAX_RETRY_WAIT_MS, STOP_WAIT_MS } from './mail.outbox.ts';
import { queuePasswordResetMail } from './mail.service.ts';
import { devMailbox } from './mail.transport.ts';

const HOUR = 3_600_000;
const mail = (to: string) => ({ to, subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' });
const expired = (to: string) => ({ ...mail(to), expiresAt: new Date(Date.now() - 1000) });
let counter = 0;
const address = () => `outbox-${(counter += 1)}-${Date.now()}@example.test`;

describe('e-mail outbox over SMTP', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => ({ t, smtp } = await startAppOverSmtp()));
  afterAll(() => stopAppOverSmtp({ t, smtp }));

  const rowFor = async (to: string) =>
    (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)))[0]!;

  it('sends a queued message once and records it as sent', async () => {
    const to = address();
    await enqueueMail(t.db, mail(to), HOUR);
    // The worker's own 5 s poll may send it first (a CI run once saw 0 + 0): runs are serialised, so
    // once both flushes are done it has been sent by one of the three, and by one only.
    const [first, second] = await Promise.all([flushOutbox(t.app), flushOutbox(t.app)]);
    expect(first + second).toBeLessThanOrEqual(1);
    const received = await smtp.waitForMail(to);
    expect(received.subject).toBe('Hello');
    expect(received.from).toBe('no-reply@localhost');
    await flushOutbox(t.app);
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
    const row = await rowFor(to);
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  it('keeps nothing when the transaction that queued it rolls back', async () => {
    const to = address();
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, mail(to), HOUR);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).toHaveLength(0);
  });

  it('records a refused send, backs off, and delivers on a later attempt', async () => {
    const to = address();
    smtp.refuseNext(1);
    await enqueueMail(t.db, mail(to), HOUR);
    await flushOutbox(t.app);
    const failed = await rowFor(to);
    expect(failed.sentAt).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain('451');
    // Backoff: about a minute after the first failure.
    const wait = failed.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);

    // Not due yet: a flush leaves it alone.
    await flushOutbox(t.app);
    expect((await rowFor(to)).attempts).toBe(1);

    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.to, to));
    await flushOutbox(t.app);
    await smtp.waitForMail(to);
    const sent = await rowFor(to);
    expect(sent.sentAt).not.toBeNull();
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
  });

  it('retries an outage longer than 28 minutes every 5 minutes at most, and then delivers', async () => {
    const to = address();
    smtp.refuseNext(9);
    await enqueueMail(t.db, mail(to), HOUR);
    const due = () =>
      t.db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(emailOutbox.to, to));
    for (let failures = 1; failures <= 9; failures += 1) {
      await flushOutbox(t.app);
      const row = await rowFor(to);
      expect(row.sentAt).toBeNull();
      expect(row.attempts).toBe(failures);
      const wait = row.nextAttemptAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(Math.min(failures * 60_000, MAX_RETRY_WAIT_MS) - 10_000);
      expect(wait).toBeLessThanOrEqual(MAX_RETRY_WAIT_MS);
      await due();
    }
    await flushOutbox(t.app);
    await smtp.waitForMail(to);
    const sent = await rowFor(to);
    expect(sent.sentAt).not.toBeNull();
    expect(sent.attempts).toBe(10);
  });

  it('never sends a message past its expiry', async () => {
    const to = address();
    await t.db.insert(emailOutbox).values(expired(to));
    await flushOutbox(t.app);
    await flushOutbox(t.app);
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(0);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    // Unsent and never tried, if the mail housekeeping has not deleted it yet.
    if (row) expect([row.sentAt, row.attempts]).toEqual([null, 0]);
  });

  it('names the language of each message in Content-Language, and its HTML opens in it (decision 137)', async () => {
    const [arabic, english, unrecorded] = [address(), address(), address()];
    await queuePasswordResetMail(t.db, { to: arabic, lang: 'ar', name: null, code: '112358' });
    await queuePasswordResetMail(t.db, { to: english, lang: 'en', name: null, code: '132134' });
    // A row queued before migration 0017 has no language: sent without the header, not with a guess.
    await enqueueMail(t.db, mail(unrecorded), HOUR);
    expect((await rowFor(arabic)).language).toBe('ar');
    await flushOutbox(t.app);
    const [ar, en, none] = [
      await smtp.waitForMail(arabic),
      await smtp.waitForMail(english),
      await smtp.waitForMail(unrecorded),
    ];
    expect(ar.parsed.headers.get('content-language')).toBe('ar');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(en.parsed.headers.get('content-language')).toBe('en');
    expect(en.html).toContain('<html lang="en" dir="ltr">');
    expect(none.parsed.headers.has('content-language')).toBe(false);
    expect(none.parsed.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('keeps no code in the table once the message is sent', async () => {
    const to = address();
    await queuePasswordResetMail(t.db, { to, lang: 'en', name: 'Omar', code: '493817' });
    expect((await rowFor(to)).text).toContain('493817');
    await flushOutbox(t.app);
    const received = await smtp.waitForMail(to);
    expect(received.text).toContain('493817');
    const row = await rowFor(to);
    expect(row.sentAt).not.toBeNull();
    expect(row.subject).toBe('Your password reset code');
    expect([row.html, row.text]).toEqual(['', '']);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(15 * 60_000);
  });
});

/** A real SMTP server that refuses every recipient for good, quoting the address as servers do. */
async function startRefusingSmtp() {
  const refused: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(recipient, _session, callback) {
      refused.push(recipient.address);
      const message = `<${recipient.address}>: Recipient address rejected: User unknown`;
      callback(Object.assign(new Error(message), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a permanent refusal (SMTP 5xx)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startRefusingSmtp>>;
  const { stream, lines } = logCapture();
  beforeAll(async () => {
    smtp = await startRefusingSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('gives the message up at once, forgets its body, and logs neither its address nor its code', async () => {
    const to = address();
    await queuePasswordResetMail(t.db, { to, lang: 'en', name: 'Omar', code: '271828' });
    await flushOutbox(t.app);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    expect(row!.sentAt).toBeNull();
    expect(row!.givenUpAt).not.toBeNull();
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toContain('550');
    expect(row!.lastError).not.toContain(to);
    expect([row!.html, row!.text]).toEqual(['', '']);

    // Not tried again, even once due.
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.to, to));
    await flushOutbox(t.app);
    expect(smtp.refused.filter((recipient) => recipient === to)).toHaveLength(1);

    const logged = lines.map((line) => JSON.parse(line) as { msg: string; outboxId?: string });
    expect(logged.filter((line) => line.outboxId === row!.id).map((line) => line.msg)).toEqual([
      'outbox: the mail server refused the message for good; not retried',
    ]);
    const all = lines.join('\n');
    expect(all).not.toContain(to.split('@')[0]);
    expect(all).not.toContain('271828');
  });
});

describe('a mail outage', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that refuses connections: grab a free one, then close it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(() => t.close());

  it('does not fail signup: the message waits in the outbox with the error', async () => {
    const email = address();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        firstname: 'Mona',
        lastname: 'Saleh',
        email,
        password: 'a good password',
        passwordConfirm: 'a good password',
        role: 'EndUser',
      },
    });
    expect(response.statusCode).toBe(201);
    await flushOutbox(t.app);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(row!.sentAt).toBeNull();
    expect(row!.attempts).toBeGreaterThanOrEqual(1);
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    // A connection error is transient: retried until the message expires.
    expect(row!.givenUpAt).toBeNull();
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * HOUR);
  });
});

describe('a failed send of a message about to expire', () => {
  let t: TestApp;
  const { stream, lines } = logCapture();
  beforeAll(async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await createTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'info' },
      { logStream: stream },
    );
  });
  afterAll(() => t.close());

  it('says it will retry only when the message lives until its next try', async () => {
    const [lasting, expiring] = [address(), address()];
    await enqueueMail(t.db, mail(lasting), HOUR);
    // Its next try would come a minute after the failure: past its expiry, so never.
    await enqueueMail(t.db, mail(expiring), 30_000);
    await flushOutbox(t.app);
    const rows = await t.db
      .select({ id: emailOutbox.id, to: emailOutbox.to, attempts: emailOutbox.attempts })
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, [lasting, expiring]));
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; level: number; outboxId?: string });
    const said = (to: string) => {
      const row = rows.find((candidate) => candidate.to === to)!;
      expect(row.attempts).toBe(1);
      return logged.filter((line) => line.outboxId === row.id).map(({ msg, level }) => [msg, level]);
    };
    // The first failure of an outage is its one warning (decision 133); it names the row.
    expect(said(lasting)).toEqual([
      ['outbox: the mail server does not take mail; mail waits and is retried', 40],
    ]);
    expect(said(expiring)).toEqual([
      ['outbox: send failed and the message expires before another try; not retried', 50],
    ]);
  });
});

/** A TCP server that accepts connections and never says a word (no SMTP greeting). */
async function startSilentServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('stopping while the mail server never answers', () => {
  it('closes within seconds, runs the close hooks after it, and the next start sends the mail', async () => {
    const silent = await startSilentServer();
    const smtp = await startSmtpCatcher();
    const t = await createTestApp({ SMTP_URL: silent.url });
    try {
      // The instances below do the work; this one's worker stays out of it.
      await t.app.outbox.stop();
      const addresses = [address(), address(), address()];
      for (const to of addresses) await enqueueMail(t.db, mail(to), HOUR);

      // As main.ts builds it: the database is closed by an onClose hook added before ready.
      const first = await buildApp({ env: t.env, db: t.db });
      let databaseClosed = false;
      first.addHook('onClose', async () => {
        databaseClosed = true;
      });
      await first.ready();
      await waitFor(() => silent.connections() > 0);
      const started = Date.now();
      await first.close();
      // Fastify gives up on a close hook after 10 s and then skips the hooks after it.
      expect(Date.now() - started).toBeLessThan(STOP_WAIT_MS + 3000);
      expect(databaseClosed).toBe(true);

      const queued = await t.db.select().from(emailOutbox).where(inArray(emailOutbox.to, addresses));
      expect(queued).toHaveLength(3);
      for (const row of queued) {
        expect(row.sentAt).toBeNull();
        expect(row.attempts).toBe(0);
        expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      }

      const next = await buildApp({ env: { ...t.env, SMTP_URL: smtp.url }, db: t.db });
      await next.ready();
      for (const to of addresses) await smtp.waitForMail(to);
      await next.close();
    } finally {
      await t.close();
      await silent.close();
      await smtp.close();
    }
  });
});

describe('the development mailbox', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mailbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('logs one line with the text and writes a parseable .eml file under DATA_DIR/outbox', async () => {
    const { log, lines } = recordingLog();
    const transport = devMailbox({ DATA_DIR: dir, MAIL_FROM: 'Courses <no-reply@localhost>' }, log);
    await transport.send({
      to: 'reader@example.test',
      subject: 'تأكيد عنوان بريدك الإلكتروني',
      html: '<p>link</p>',
      text: 'Hi\nhttp://localhost:3000/verifyemail/abc\n',
    });
    transport.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toContain('http://localhost:3000/verifyemail/abc');
    expect(lines[0]!.message).not.toContain('\n');

    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(dir, 'outbox', files[0]!)));
    expect(parsed.subject).toBe('تأكيد عنوان بريدك الإلكتروني');
    expect(parsed.text).toContain('/verifyemail/abc');
  });

  it('writes no file for an in-memory data directory', async () => {
    const { log } = recordingLog();
    const transport = devMailbox({ DATA_DIR: 'memory://', MAIL_FROM: 'x <x@localhost>' }, log);
    await expect(transport.send(mail('reader@example.test'))).resolves.toBeUndefined();
    transport.close();
    expect(existsSync('memory:')).toBe(false);
  });
});
