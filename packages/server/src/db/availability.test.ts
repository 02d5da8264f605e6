import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, outageSummary, quietWarning } from './availability.ts';

/** Real error shapes: node-postgres DatabaseError fields, Node socket errors, drizzle's wrapper. */
const pgError = (code: string, severity = 'ERROR') => Object.assign(new Error('x'), { code, severity });
const wrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: select * from users where email = $1\nparams: a@b.c'), { cause });

describe('isDatabaseUnavailable', () => {
  it('recognises lost or refused connections, also inside drizzle errors', () => {
    for (const error of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      pgError('57P01', 'FATAL'),
      pgError('08006'),
      pgError('55000', 'FATAL'),
      pgError('53100'),
      pgError('53200'),
      pgError('53300', 'FATAL'),
      pgError('57014'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ])
      expect([isDatabaseUnavailable(error), isDatabaseUnavailable(wrapped(error))]).toEqual([true, true]);
  });

  it('leaves errors of our own statements alone (they stay 500 or are mapped elsewhere)', () => {
    for (const error of [
      pgError('23505'),
      pgError('42601'),
      pgError('22P05'),
      new Error('boom'),
      null,
      'text',
    ])
      expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});

describe('outageSummary and quietWarning', () => {
  it('names the cause without the SQL or its parameters', () => {
    const summary = outageSummary(
      wrapped(Object.assign(new Error('terminating connection'), { code: '57P01' })),
    );
    expect(summary).toEqual({ code: '57P01', cause: 'terminating connection' });
    expect(JSON.stringify(outageSummary(wrapped(undefined)))).not.toContain('select');
  });

  it('logs once per quiet period and says how many it held back', () => {
    const lines: object[] = [];
    const log = { warn: (object: object) => lines.push(object) };
    const warn = quietWarning('down', 1000);
    for (let now = 0; now < 1000; now += 100) warn(log, new Error('Connection terminated'), now);
    warn(log, new Error('Connection terminated'), 1500);
    expect(lines).toEqual([{ cause: 'Connection terminated' }, { cause: 'Connection terminated', held: 9 }]);
  });
});
