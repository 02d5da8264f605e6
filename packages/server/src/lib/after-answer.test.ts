import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { logCapture } from '../test/test-app.ts';
import { AfterAnswers } from './after-answer.ts';

const refused = () =>
  Object.assign(new Error('Failed query: insert into email_outbox ... params: a@b.c'), {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  });

/** Waits short enough for a test: 20, 40, 80 ms…, given up after 1 s. */
const QUICK = { firstWaitMs: 20, longestWaitMs: 80, giveUpAfterMs: 1000 };

/**
 * The work done after an answer: a failure is logged; one because the database is away is tried again
 * (decision 147), until it works, the retry gives up, or the app closes.
 */
describe('AfterAnswers', () => {
  /** Answers one request with `work` registered, and resolves with the lines the work's failures logged. */
  async function answerThen(
    work: () => Promise<void>,
    after = new AfterAnswers(QUICK),
    whenAnswered = () => after.settle(),
  ) {
    const { stream, logged } = logCapture();
    const app = Fastify({ logger: { level: 'info', stream } });
    app.get('/', async (_request, reply) => {
      after.run(reply, work);
      return { ok: true };
    });
    expect((await app.inject({ method: 'GET', url: '/' })).json()).toEqual({ ok: true });
    await whenAnswered();
    await app.close();
    return logged().filter((line) => line.msg.startsWith('work after the answer'));
  }

  /** Work failing with `failures` in turn, then succeeding; `attempts` counts its runs. */
  function failingFirst(...failures: Error[]) {
    const work = Object.assign(
      async () => {
        work.attempts++;
        const failure = failures.shift();
        if (failure) throw failure;
      },
      { attempts: 0 },
    );
    return work;
  }

  /** Closes `after` once `work`'s first attempt has failed (it then waits a minute). */
  async function closeOnceWaiting(after: AfterAnswers, work: { attempts: number }) {
    await vi.waitFor(() => expect(work.attempts).toBe(1));
    await after.close();
  }

  it('logs a failure as an error, and does not try again', async () => {
    const work = failingFirst(new Error('a bug'));
    const lines = await answerThen(work);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([[50, 'work after the answer failed']]);
    expect(work.attempts).toBe(1);
  });

  it('tries again while the database is away, warning once, and logs nothing more once it worked', async () => {
    const work = failingFirst(refused(), refused(), refused());
    const lines = await answerThen(work);
    expect(work.attempts).toBe(4);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'work after the answer waits: the database is unavailable; it is tried again',
      code: 'ECONNREFUSED',
    });
    expect(JSON.stringify(lines)).not.toMatch(/insert into|a@b\.c/);
  });

  it('gives up once its time is over, with one line for the work lost, never the SQL', async () => {
    const work = failingFirst(...Array.from({ length: 100 }, refused));
    const lines = await answerThen(work, new AfterAnswers({ ...QUICK, giveUpAfterMs: 100 }));
    // Tried again after 20 ms, and after 40 ms more if the timers were on time: a third wait (80 ms)
    // would end after the 100 ms.
    expect(work.attempts).toBeGreaterThanOrEqual(2);
    expect(work.attempts).toBeLessThanOrEqual(3);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [40, 'work after the answer waits: the database is unavailable; it is tried again'],
      [40, 'work after the answer lost: the database stayed unavailable'],
    ]);
    expect(lines[1]).toMatchObject({ attempts: work.attempts, code: 'ECONNREFUSED' });
    expect(JSON.stringify(lines)).not.toMatch(/insert into|a@b\.c/);
  });

  it('tries once more at once when the app closes, and gives up if the database is still away', async () => {
    const work = failingFirst(...Array.from({ length: 100 }, refused));
    const after = new AfterAnswers({ firstWaitMs: 60_000, longestWaitMs: 60_000, giveUpAfterMs: 600_000 });
    const began = Date.now();
    const lines = await answerThen(work, after, () => closeOnceWaiting(after, work));
    expect(Date.now() - began).toBeLessThan(10_000); // not the minute's wait
    expect(work.attempts).toBe(2);
    expect(lines.map((line) => line.msg)).toEqual([
      'work after the answer waits: the database is unavailable; it is tried again',
      'work after the answer lost: the database stayed unavailable',
    ]);
  });

  it('does the work at the close if the database is back by then', async () => {
    const work = failingFirst(refused());
    const after = new AfterAnswers({ firstWaitMs: 60_000, longestWaitMs: 60_000, giveUpAfterMs: 600_000 });
    const lines = await answerThen(work, after, () => closeOnceWaiting(after, work));
    expect(work.attempts).toBe(2);
    expect(lines.map((line) => line.msg)).toEqual([
      'work after the answer waits: the database is unavailable; it is tried again',
    ]);
  });
});
