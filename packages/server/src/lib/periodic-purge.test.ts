import { describe, expect, it } from 'vitest';
import { PeriodicPurge, PURGE_BATCH_SIZE, type Purge } from './periodic-purge.ts';
import { recordingLog } from '../test/recording-log.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A purge that answers `counts` in turn (then 0) and records the limits it was given. */
function scripted(...counts: number[]) {
  const limits: number[] = [];
  const purge: Purge = async (limit) => {
    limits.push(limit);
    return counts.shift() ?? 0;
  };
  return { purge, limits };
}

/** A lost connection as node-postgres reports it, carrying SQL as drizzle's wrapper does. */
const outage = () =>
  Object.assign(new Error('Failed query: delete from "sessions" where "id" in ($1)'), {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  });

describe('a periodic purge (decision 107)', () => {
  it(`gives every purge a limit of ${PURGE_BATCH_SIZE} and answers what each deleted`, async () => {
    const sessions = scripted(3);
    const resets = scripted(0);
    const { log } = recordingLog();
    const job = new PeriodicPurge('test', { sessions: sessions.purge, resets: resets.purge }, log);
    expect(await job.runOnce()).toEqual({ sessions: 3, resets: 0 });
    expect([...sessions.limits, ...resets.limits]).toEqual([PURGE_BATCH_SIZE, PURGE_BATCH_SIZE]);
  });

  it('runs a pass at start, then each interval; soon again after a full batch', async () => {
    const passes = scripted(PURGE_BATCH_SIZE, PURGE_BATCH_SIZE, 7);
    const { log } = recordingLog();
    const job = new PeriodicPurge('test', { rows: passes.purge }, log, {
      intervalMs: 60_000,
      backlogIntervalMs: 10,
    });
    job.start();
    expect(job.active).toBe(true);
    // Two full batches, then the rest of the backlog: three passes in quick succession ...
    const until = Date.now() + 5_000;
    while (passes.limits.length < 3 && Date.now() < until) await sleep(5);
    expect(passes.limits).toHaveLength(3);
    // ... and then none until the interval.
    await sleep(100);
    expect(passes.limits).toHaveLength(3);
    await job.stop();
  });

  it('skips a pass quietly while the database is away and goes on after it', async () => {
    let away = true;
    let calls = 0;
    const flaky: Purge = async () => {
      calls += 1;
      if (away) throw outage();
      return 2;
    };
    const other = scripted(1, 1, 1);
    const { log, lines } = recordingLog();
    const job = new PeriodicPurge('test', { sessions: flaky, resets: other.purge }, log, { intervalMs: 10 });
    job.start();
    while (calls < 3) await sleep(5);
    // Every pass failed; the other purge still ran; one warning, with the code and no SQL.
    expect(other.limits.length).toBeGreaterThanOrEqual(2);
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    const warnings = lines.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toBe('test: skipped while the database is unavailable');
    expect(JSON.stringify(warnings)).not.toContain('delete from');
    expect(warnings[0]!.fields).toMatchObject({ code: 'ECONNREFUSED' });

    away = false;
    expect(await job.runOnce()).toEqual({ sessions: 2, resets: expect.any(Number) as number });
    expect(job.active).toBe(true);
    await job.stop();
  });

  it('logs any other failure as an error with the table, and keeps going', async () => {
    const broken: Purge = () => Promise.reject(new Error('a bug'));
    const { log, lines } = recordingLog();
    const job = new PeriodicPurge('test', { sessions: broken, resets: scripted(4).purge }, log);
    expect(await job.runOnce()).toEqual({ sessions: 0, resets: 4 });
    expect(lines.filter((line) => line.level === 'error')).toEqual([
      {
        level: 'error',
        fields: { err: expect.any(Error) as Error, table: 'sessions' },
        message: 'test: purge failed',
      },
    ]);
  });

  it('stops: waits for the pass in flight, schedules no other, and deletes nothing after', async () => {
    let release = () => {};
    let calls = 0;
    const slow: Purge = async () => {
      calls += 1;
      await new Promise<void>((resolve) => (release = resolve));
      return 1;
    };
    const { log } = recordingLog();
    const job = new PeriodicPurge('test', { rows: slow }, log, { intervalMs: 10 });
    job.start();
    while (calls < 1) await sleep(5);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await sleep(20);
    expect(stopped).toBe(false); // the pass in flight is awaited
    release();
    await stopping;
    expect(job.active).toBe(false);
    await sleep(50);
    expect(calls).toBe(1);
    expect(await job.runOnce()).toEqual({ rows: 0 });
    expect(calls).toBe(1);
  });

  it('stops within its wait even when the pass in flight never ends', async () => {
    const hung: Purge = () => new Promise<number>(() => {});
    const { log, lines } = recordingLog();
    const job = new PeriodicPurge('test', { rows: hung }, log, { stopWaitMs: 50 });
    job.start();
    await sleep(10);
    const started = Date.now();
    await job.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(lines.map((line) => line.message)).toContain('test: stopped without waiting for its pass');
  });
});
