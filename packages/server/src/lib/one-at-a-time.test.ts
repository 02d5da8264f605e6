import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.ts';

describe('oneAtATime', () => {
  it('runs tasks one after another, in order, letting other work in between two', async () => {
    const queue = oneAtATime();
    const events: string[] = [];
    let running = 0;
    // Each task holds the thread, as a PDF rendering does; work that arrives meanwhile (a request)
    // must not wait for the whole burst.
    const task = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      events.push(`start ${name}`);
      if (name === 'a') setImmediate(() => events.push('other work'));
      const until = Date.now() + 3;
      while (Date.now() < until);
      events.push(`end ${name}`);
      running--;
      return name;
    };
    expect(await Promise.all(['a', 'b', 'c'].map((name) => queue(task(name))))).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'other work', 'start b', 'end b', 'start c', 'end c']);
  });

  it('fails only the caller of a failed task', async () => {
    const queue = oneAtATime();
    const failed = queue(() => Promise.reject(new Error('broken')));
    const next = queue(() => Promise.resolve('fine'));
    await expect(failed).rejects.toThrow('broken');
    expect(await next).toBe('fine');
  });
});
