import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logCapture } from '../test/test-app.ts';
import { AfterAnswers } from './after-answer.ts';

/** A failure of the work done after an answer is logged: an error, or an outage's warning. */
describe('AfterAnswers', () => {
  async function answerThenFail(failure: Error) {
    const { stream, logged } = logCapture();
    const app = Fastify({ logger: { level: 'info', stream } });
    const after = new AfterAnswers();
    app.get('/', async (_request, reply) => {
      after.run(reply, () => Promise.reject(failure));
      return { ok: true };
    });
    expect((await app.inject({ method: 'GET', url: '/' })).json()).toEqual({ ok: true });
    await after.settle();
    await app.close();
    return logged().filter((line) => line.msg.startsWith('work after the answer failed'));
  }

  it('logs a failure as an error', async () => {
    const lines = await answerThenFail(new Error('a bug'));
    expect(lines.map((line) => [line.level, line.msg])).toEqual([[50, 'work after the answer failed']]);
  });

  it('logs the database away as a warning with its code, never the SQL', async () => {
    const refused = Object.assign(new Error('Failed query: insert into email_outbox ... params: a@b.c'), {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    });
    const lines = await answerThenFail(refused);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'work after the answer failed: the database is unavailable',
      code: 'ECONNREFUSED',
    });
    expect(JSON.stringify(lines)).not.toMatch(/insert into|a@b\.c/);
  });
});
