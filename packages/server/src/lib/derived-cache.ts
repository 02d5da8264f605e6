/**
 * Values made from other caches' values, each kept while those are the very same objects
 * (decision 149). The caches it draws on are exact (every change evicts or replaces their entries,
 * never edits one in place), so a value made by a pure function of their entries is exact for as
 * long as each entry it was made from is still the one they hold: no notification of its own, no
 * time-to-live. Bounded; the oldest made goes first.
 */
export class DerivedCache<V> {
  private readonly entries = new Map<string, { from: readonly unknown[]; value: V }>();

  constructor(private readonly maxEntries: number) {}

  /**
   * The value kept for `key` if it was made from these very objects (`from`, compared with `===`),
   * else `make()`'s, kept in its place; `bypass` makes it and keeps nothing (the caches it draws on
   * are bypassed too then, and their fresh objects would never match).
   */
  getOrMake(key: string, from: readonly unknown[], make: () => V, bypass = false): V {
    if (bypass) return make();
    const entry = this.entries.get(key);
    if (entry && entry.from.length === from.length && entry.from.every((source, i) => source === from[i]))
      return entry.value;
    const value = make();
    // A remade key moves to the end, so the bound drops what was made longest ago.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { from, value });
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
