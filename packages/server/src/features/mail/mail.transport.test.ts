import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../env.ts';
import { startAppOverSmtp, stopAppOverSmtp, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import { createTestApp, logCapture, type TestApp } from '../../test/test-app.ts';
import { flushOutbox } from './mail.outbox.ts';
import { queuePasswordResetMail } from './mail.service.ts';
import { fromFor, NO_MAIL_SERVER_IN_PRODUCTION, senderDomain } from './mail.transport.ts';

const WARNING = /^mail: SMTP_URL is set but MAIL_FROM sends from localhost/;

/** Starts an app with `env` and returns the warnings it logged while starting. */
async function startUpWarnings(env: Record<string, string>) {
  const log = logCapture();
  const t = await createTestApp({ LOG_LEVEL: 'info', ...env }, { logStream: log.stream });
  await t.close();
  return { warnings: log.logged().filter((line) => line.level === 40), all: log.lines.join('\n') };
}

// Nothing is queued, so no connection is made: the address only has to look like a mail server's.
const SMTP_URL = 'smtp://mailer:s3cret-Passw0rd@127.0.0.1:2525';

describe('the start-up warning about the sender (decision 137)', () => {
  it('is logged once when real mail would go from MAIL_FROM at localhost, naming no password', async () => {
    const { warnings, all } = await startUpWarnings({ SMTP_URL });
    expect(warnings.filter((line) => WARNING.test(line.msg))).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ mailFrom: 'Open Science Courses <no-reply@localhost>' });
    expect(all).not.toContain('s3cret-Passw0rd');
    expect(all).not.toContain('mailer');
  });

  it('is not logged for a sender of a real domain, nor without a mail server (the dev mailbox)', async () => {
    const configurations: Record<string, string>[] = [
      { SMTP_URL, MAIL_FROM: 'Courses <no-reply@courses.example.org>' },
      {},
    ];
    for (const env of configurations) {
      const { warnings } = await startUpWarnings(env);
      expect(warnings.filter((line) => WARNING.test(line.msg))).toEqual([]);
    }
  });

  it('reads the domain of a sender with or without a display name', () => {
    expect(senderDomain('Open Science Courses <no-reply@LocalHost>')).toBe('localhost');
    expect(senderDomain('no-reply@courses.example.org')).toBe('courses.example.org');
    expect(senderDomain('"Courses <a@b>" <x@example.org> ')).toBe('example.org');
  });
});

describe('the sender of an Arabic mail (MAIL_FROM_NAME_AR, decision 137)', () => {
  const MAIL_FROM = 'Open Science Courses <no-reply@courses.example.org>';
  const ARABIC_NAME = 'دورات العلوم المفتوحة';
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(
    async () => ({ t, smtp } = await startAppOverSmtp({ MAIL_FROM, MAIL_FROM_NAME_AR: ARABIC_NAME })),
  );
  afterAll(() => stopAppOverSmtp({ t, smtp }));

  it("is MAIL_FROM's address under the Arabic name; an English mail keeps MAIL_FROM", async () => {
    const [arabic, english] = ['sender-ar@example.test', 'sender-en@example.test'];
    await queuePasswordResetMail(t.db, { to: arabic, lang: 'ar', name: null, code: '314159' });
    await queuePasswordResetMail(t.db, { to: english, lang: 'en', name: null, code: '271828' });
    await flushOutbox(t.app);
    const fromOf = async (to: string) => (await smtp.waitForMail(to)).parsed.from?.value[0];
    expect(await fromOf(arabic)).toEqual({ name: ARABIC_NAME, address: 'no-reply@courses.example.org' });
    expect(await fromOf(english)).toEqual({
      name: 'Open Science Courses',
      address: 'no-reply@courses.example.org',
    });
  });

  it('is MAIL_FROM on every mail when the Arabic name is not set, and the setting is one line', () => {
    expect(fromFor({ MAIL_FROM }, 'ar')).toBe(MAIL_FROM);
    expect(fromFor({ MAIL_FROM, MAIL_FROM_NAME_AR: ARABIC_NAME }, null)).toBe(MAIL_FROM);
    expect(() =>
      loadEnv({ DATA_DIR: 'memory://', MAIL_FROM_NAME_AR: 'دورات\r\nBcc: x@evil.example' }),
    ).toThrow(ConfigError);
  });
});

describe('the dev mailbox (no SMTP_URL)', () => {
  /** The log of an app that sent one reset mail with `code`, started with `env`. */
  async function logOfOneMail(env: Record<string, string>, code: string) {
    const log = logCapture();
    const t = await createTestApp({ LOG_LEVEL: 'info', ...env }, { logStream: log.stream });
    try {
      await queuePasswordResetMail(t.db, { to: 'mailbox@example.test', lang: 'en', name: null, code });
      await flushOutbox(t.app);
    } finally {
      await t.close();
    }
    return log.logged();
  }

  it('logs the text of each mail in development, where copying its link or code is its job', async () => {
    const lines = await logOfOneMail({}, '314159');
    expect(lines.find((line) => line.msg.startsWith('dev mailbox: '))?.msg).toContain('314159');
    expect(lines.filter((line) => line.msg === NO_MAIL_SERVER_IN_PRODUCTION)).toEqual([]);
  });

  it('in production, says at start-up that no mail leaves, and logs no mail text, link or code', async () => {
    const lines = await logOfOneMail({ NODE_ENV: 'production' }, '271828');
    expect(
      lines.filter((line) => line.level === 40 && line.msg === NO_MAIL_SERVER_IN_PRODUCTION),
    ).toHaveLength(1);
    expect(lines.find((line) => line.msg.startsWith('dev mailbox: '))?.msg).toBe(
      'dev mailbox: "Your password reset code" to mailbox@example.test',
    );
    expect(JSON.stringify(lines)).not.toContain('271828');
  });
});
