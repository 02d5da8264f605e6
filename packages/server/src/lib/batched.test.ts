import { describe, expect, it } from 'vitest';
import { batched, type BatchedOptions } from './batched.ts';

describe('batched', () => {
  it('flushes a lone call at once and gathers the calls made meanwhile into the next flush', async () => {
    const flushed: number[][] = [];
    const double = batched(async (items: readonly number[]) => {
      flushed.push([...items]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return items.map((item) => item * 2);
    });
    const first = double(1);
    expect(flushed).toEqual([[1]]);
    const rest = [double(2), double(3), double(4)];
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8]);
    expect(flushed).toEqual([[1], [2, 3, 4]]);
  });

  it('never flushes more than max items at once', async () => {
    const sizes: number[] = [];
    const echo = batched(
      async (items: readonly number[]) => {
        sizes.push(items.length);
        await Promise.resolve();
        return [...items];
      },
      { max: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map(echo))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([1, 2, 2]);
  });

  it('when a flush of several fails, flushes each alone: only the bad call fails', async () => {
    const flushed: number[][] = [];
    const strict = batched(async (items: readonly number[]) => {
      flushed.push([...items]);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (items.includes(13)) throw new Error('unlucky');
      return [...items];
    });
    const calls = [strict(1), strict(12), strict(13), strict(14)];
    const settled = await Promise.allSettled(calls);
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(flushed).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
  });
  describe('a driver that sends a statement on the next tick (as pg-pool does)', () => {
    async function order(options: BatchedOptions): Promise<string[]> {
      const events: string[] = [];
      const echo = batched(async (items: readonly number[]) => {
        await new Promise((resolve) => process.nextTick(resolve));
        events.push(`sent ${items.join(',')}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return [...items];
      }, options);
      const answered = (value: number) => events.push(`answered ${value}`);
      await Promise.all([echo(1).then(answered), echo(2).then(answered), echo(3).then(answered)]);
      return events;
    }

    it('with answerNextTurn, sends the next flush before answering the callers of the last (decision 212)', async () => {
      expect(await order({ answerNextTurn: true })).toEqual([
        'sent 1',
        'sent 2,3',
        'answered 1',
        'answered 2',
        'answered 3',
      ]);
    });

    it('by default (PGlite, which runs a statement within the turn), answers them first', async () => {
      expect(await order({})).toEqual(['sent 1', 'answered 1', 'sent 2,3', 'answered 2', 'answered 3']);
    });
  });
});
