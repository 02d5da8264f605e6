import { describe, expect, it } from 'vitest';
import { DerivedCache } from './derived-cache.ts';

describe('DerivedCache (decision 149)', () => {
  const counted = () => {
    let made = 0;
    return { make: () => `value ${++made}`, made: () => made };
  };

  it('keeps a value while it is asked from the very same objects', () => {
    const cache = new DerivedCache<string>(10);
    const page = { rows: [] };
    const enrolled = new Set(['a']);
    const { make, made } = counted();
    expect(cache.getOrMake('learner|page', [page, enrolled], make)).toBe('value 1');
    expect(cache.getOrMake('learner|page', [page, enrolled], make)).toBe('value 1');
    expect(made()).toBe(1);
  });

  it('makes it again when any object it came from is another one, even an equal one, and keeps the new one', () => {
    const cache = new DerivedCache<string>(10);
    const page = { rows: [] };
    const { make, made } = counted();
    cache.getOrMake('k', [page, new Set(['a'])], make);
    const replaced = new Set(['a']); // what an evicted entry's reload gives: equal, not the same
    expect(cache.getOrMake('k', [page, replaced], make)).toBe('value 2');
    expect(cache.getOrMake('k', [page, replaced], make)).toBe('value 2');
    expect(cache.getOrMake('k', [{ rows: [] }, replaced], make)).toBe('value 3');
    expect(cache.getOrMake('k', [page], make)).toBe('value 4'); // fewer sources: not the same
    expect(made()).toBe(4);
  });

  it('keys are separate: one learner’s value is never another’s', () => {
    const cache = new DerivedCache<string>(10);
    const from = [{}];
    const { make } = counted();
    expect(cache.getOrMake('one', from, make)).toBe('value 1');
    expect(cache.getOrMake('two', from, make)).toBe('value 2');
    expect(cache.getOrMake('one', from, make)).toBe('value 1');
  });

  it('is bounded: the value made longest ago goes first', () => {
    const cache = new DerivedCache<string>(2);
    const from = [{}];
    const remadeFrom = [{}];
    const { make, made } = counted();
    cache.getOrMake('a', from, make); // value 1
    cache.getOrMake('b', from, make); // value 2
    cache.getOrMake('a', remadeFrom, make); // value 3: 'a' remade, now the newest
    cache.getOrMake('c', from, make); // value 4: 'b' goes
    expect(cache.size).toBe(2);
    expect(cache.getOrMake('a', remadeFrom, make)).toBe('value 3');
    expect(cache.getOrMake('c', from, make)).toBe('value 4');
    expect(made()).toBe(4);
    expect(cache.getOrMake('b', from, make)).toBe('value 5');
  });

  it('bypassed: made each time and nothing kept; clear() forgets everything', () => {
    const cache = new DerivedCache<string>(10);
    const from = [{}];
    const { make, made } = counted();
    cache.getOrMake('k', from, make, true);
    cache.getOrMake('k', from, make, true);
    expect(made()).toBe(2);
    expect(cache.size).toBe(0);
    cache.getOrMake('k', from, make);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.getOrMake('k', from, make)).toBe('value 4');
  });
});
