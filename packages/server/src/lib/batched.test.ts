import { describe, expect, it } from 'vitest';
import { batched } from './batched.ts';

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
    const echo = batched(async (items: readonly number[]) => {
      sizes.push(items.length);
      await Promise.resolve();
      return [...items];
    }, 2);
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
});
