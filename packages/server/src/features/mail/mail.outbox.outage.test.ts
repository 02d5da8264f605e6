import { inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.ts';
import { type TestApp, logCapture } from '../../test/test-app.ts';
import { startAppOverSmtp, stopAppOverSmtp, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import { enqueueMail, flushOutbox } from './mail.outbox.ts';

const HOUR = 3_600_000;
describe('a mail server that refuses mail for a while', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  const log = logCapture();
  const logged = () => log.logged().filter((line) => line.msg.startsWith('outbox'));
  beforeAll(
    async () => ({ t, smtp } = await startAppOverSmtp({ LOG_LEVEL: 'info' }, { logStream: log.stream })),
  );
  afterAll(() => stopAppOverSmtp({ t, smtp }));

  it('is one warning with how many mails wait, however many sends fail, and one line once mail goes out', async () => {
    const to = [1, 2, 3, 4].map((n) => `outage-${n}-${Date.now()}@example.test`);
    for (const address of to)
      await enqueueMail(t.db, { to: address, subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' }, HOUR);
    smtp.refuseNext(8); // two attempts of each (451, temporary)
    const dueNow = () =>
      t.db
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(inArray(emailOutbox.to, to));
    await flushOutbox(t.app);
    await dueNow();
    await flushOutbox(t.app);
    await dueNow();
    expect(await flushOutbox(t.app)).toBe(4);
    const unsent = await t.db.select().from(emailOutbox).where(isNull(emailOutbox.sentAt));
    expect(unsent.filter((row) => to.includes(row.to))).toEqual([]);

    const said = logged();
    expect(said.map(({ msg, level }) => [msg, level])).toEqual([
      ['outbox: the mail server does not take mail; mail waits and is retried', 40],
      ['outbox: mail goes out again', 30],
    ]);
    expect(said[0]).toMatchObject({ waiting: 4, responseCode: 451 });
    expect(said[1]).toMatchObject({ failures: 8, awayMs: expect.any(Number) as unknown });
    expect(log.lines.join('\n')).not.toContain('outage-1');
  });
});
