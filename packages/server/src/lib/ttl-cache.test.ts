import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache fills racing invalidations', () => {
  it('drops a fill of a key deleted while it loaded, keeps fills of other keys', () => {
    const cache = new TtlCache<string>(10, 60_000);
    const before = cache.generation;
    cache.delete('a');
    cache.set('a', 'stale', before);
    cache.set('b', 'fresh', before);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('fresh');
  });

  it('drops every fill in flight across a clear or a delete by value', () => {
    const cache = new TtlCache<string>(10, 60_000);
    const beforeClear = cache.generation;
    cache.clear();
    cache.set('a', 'stale', beforeClear);
    expect(cache.get('a')).toBeUndefined();

    const beforeWhere = cache.generation;
    cache.deleteWhere((value) => value === 'x');
    cache.set('b', 'stale', beforeWhere);
    expect(cache.get('b')).toBeUndefined();
  });

  it('treats more deleted keys than it can remember as a clear, never as no invalidation', () => {
    const cache = new TtlCache<string>(2, 60_000);
    const before = cache.generation;
    for (const key of ['a', 'b', 'c']) cache.delete(key);
    cache.set('a', 'stale', before);
    cache.set('z', 'also dropped', before);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('z')).toBeUndefined();
    cache.set('z', 'stored', cache.generation);
    expect(cache.get('z')).toBe('stored');
  });

  it('loads again, and stores, when a hit is not fresh enough for the caller', async () => {
    const cache = new TtlCache<string[]>(10, 60_000);
    cache.set('learner', ['c1'], cache.generation);
    const covers = (id: string) => (ids: string[]) => ids.includes(id);
    let loads = 0;
    const load = async () => (loads++, ['c1', 'c2']);
    expect(await cache.getOrLoad('learner', load, false, covers('c1'))).toEqual(['c1']);
    expect(loads).toBe(0);
    expect(await cache.getOrLoad('learner', load, false, covers('c2'))).toEqual(['c1', 'c2']);
    expect(cache.get('learner')).toEqual(['c1', 'c2']);
    expect(loads).toBe(1);
  });

  it('revises an entry untouched since the generation, else deletes it; either way a fill in flight is dropped', () => {
    const cache = new TtlCache<number>(10, 60_000);
    cache.set('a', 1, cache.generation);
    cache.set('b', 1, cache.generation);
    const before = cache.generation;
    cache.revise('a', before, (value) => value + 1);
    expect(cache.get('a')).toBe(2);
    cache.set('a', 1, before); // a fill that read the rows before the write
    expect(cache.get('a')).toBe(2);

    cache.delete('b'); // a notification between the write and its revision
    cache.set('b', 5, cache.generation); // and a fill after it
    cache.revise('b', before, (value) => value + 1);
    expect(cache.get('b')).toBeUndefined();

    cache.revise('absent', cache.generation, (value) => value + 1);
    expect(cache.get('absent')).toBeUndefined();
  });
});

describe('TtlCache bounded by weight', () => {
  const sized = () => new TtlCache<string>(10, 60_000, { weigh: (value) => value.length, max: 10 });

  it('drops the oldest entries until what it holds weighs at most the budget', () => {
    const cache = sized();
    for (const key of ['a', 'b', 'c']) cache.set(key, key.repeat(4), cache.generation);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'bbbb', 'cccc']);
    // A key stored again is the newest, at its new weight.
    cache.set('b', 'b', cache.generation);
    cache.set('d', 'dddd', cache.generation);
    cache.set('e', 'e', cache.generation);
    expect([cache.get('c'), cache.get('b'), cache.get('d'), cache.get('e')]).toEqual([
      'cccc',
      'b',
      'dddd',
      'e',
    ]);
    cache.set('f', 'ff', cache.generation);
    expect([cache.get('c'), cache.get('b'), cache.get('f')]).toEqual([undefined, 'b', 'ff']);
  });

  it('keeps nothing heavier than the budget, and frees the weight of what goes', () => {
    const cache = sized();
    cache.set('a', 'aaaaa', cache.generation);
    cache.set('big', 'x'.repeat(11), cache.generation);
    expect([cache.get('a'), cache.get('big')]).toEqual(['aaaaa', undefined]);
    cache.delete('a');
    cache.set('b', 'b'.repeat(10), cache.generation);
    expect(cache.get('b')).toBe('bbbbbbbbbb');
    cache.clear();
    cache.set('c', 'c'.repeat(6), cache.generation);
    cache.deleteWhere((value) => value.startsWith('c'));
    cache.set('d', 'd'.repeat(10), cache.generation);
    expect(cache.get('d')).toBe('dddddddddd');
    // A revised entry weighs what it has become.
    cache.revise('d', cache.generation, () => 'd');
    cache.set('e', 'e'.repeat(9), cache.generation);
    expect([cache.get('d'), cache.get('e')]).toEqual(['d', 'eeeeeeeee']);
  });
});
