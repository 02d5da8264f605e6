import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import { enqueueMail, flushOutbox, MAX_SEND_ATTEMPTS } from './mail.outbox.ts';
import { devMailbox } from './mail.transport.ts';

const mail = (to: string) => ({ to, subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' });
let counter = 0;
const address = () => `outbox-${(counter += 1)}-${Date.now()}@example.test`;

describe('e-mail outbox over SMTP', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const rowFor = async (to: string) =>
    (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)))[0]!;

  it('sends a queued message once and records it as sent', async () => {
    const to = address();
    await enqueueMail(t.db, mail(to));
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
        await enqueueMail(tx, mail(to));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).toHaveLength(0);
  });

  it('records a refused send, backs off, and delivers on a later attempt', async () => {
    const to = address();
    smtp.refuseNext(1);
    await enqueueMail(t.db, mail(to));
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

  it(`gives up after ${MAX_SEND_ATTEMPTS} attempts`, async () => {
    const to = address();
    await t.db.insert(emailOutbox).values({ ...mail(to), attempts: MAX_SEND_ATTEMPTS, lastError: 'boom' });
    await flushOutbox(t.app);
    const row = await rowFor(to);
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(MAX_SEND_ATTEMPTS);
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
  });
});

describe('the development mailbox', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mailbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('logs one line with the text and writes a parseable .eml file under DATA_DIR/outbox', async () => {
    const lines: string[] = [];
    const log = {
      info: (_data: unknown, message: string) => lines.push(message),
    } as unknown as FastifyBaseLogger;
    const transport = devMailbox({ DATA_DIR: dir, MAIL_FROM: 'Courses <no-reply@localhost>' }, log);
    await transport.send({
      to: 'reader@example.test',
      subject: 'تأكيد عنوان بريدك الإلكتروني',
      html: '<p>link</p>',
      text: 'Hi\nhttp://localhost:3000/verifyemail/abc\n',
    });
    transport.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('http://localhost:3000/verifyemail/abc');
    expect(lines[0]).not.toContain('\n');

    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(dir, 'outbox', files[0]!)));
    expect(parsed.subject).toBe('تأكيد عنوان بريدك الإلكتروني');
    expect(parsed.text).toContain('/verifyemail/abc');
  });

  it('writes no file for an in-memory data directory', async () => {
    const log = { info: () => undefined } as unknown as FastifyBaseLogger;
    const transport = devMailbox({ DATA_DIR: 'memory://', MAIL_FROM: 'x <x@localhost>' }, log);
    await expect(transport.send(mail('reader@example.test'))).resolves.toBeUndefined();
    transport.close();
    expect(existsSync('memory:')).toBe(false);
  });
});
