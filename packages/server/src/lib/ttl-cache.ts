/**
 * A bounded in-process cache with a time-to-live, for the caches of decision 019.
 *
 * `generation` closes the fill race: a reader notes it before its database query and stores the result
 * only if no invalidation happened meanwhile (else a lookup that started before a logout could put the
 * revoked session back after the notification had already evicted it).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private gen = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get generation(): number {
    return this.gen;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores unless an invalidation happened since `generation` was read. */
  set(key: string, value: V, generation: number): void {
    if (generation !== this.gen) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }

  /** The cached value, else `load()`'s (stored unless invalidated meanwhile); `bypass` skips the cache. */
  async getOrLoad(key: string, load: () => Promise<V>, bypass = false): Promise<V> {
    if (bypass) return load();
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const generation = this.gen;
    const value = await load();
    this.set(key, value, generation);
    return value;
  }

  delete(key: string): void {
    this.gen++;
    this.entries.delete(key);
  }

  /** Deletes every entry whose value matches (rare events only: it scans). */
  deleteWhere(match: (value: V) => boolean): void {
    this.gen++;
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
  }

  /** Deletes every entry whose key starts with `prefix` (a scan: for keys like `<user>:<course>`). */
  deleteKeysStartingWith(prefix: string): void {
    this.gen++;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  clear(): void {
    this.gen++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
