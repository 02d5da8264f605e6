/**
 * A bounded in-process cache with a time-to-live, for the caches of decision 019.
 *
 * `generation` closes the fill race: a reader notes it before its database query and stores the result
 * only if no invalidation of THAT key happened meanwhile (else a lookup that started before a logout
 * could put the revoked session back after the notification had already evicted it). Invalidations are
 * tracked per key, so one learner's quiz submission does not throw away every other learner's fill in
 * flight: under write load a cache-wide counter would keep the per-learner caches nearly empty.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private gen = 0;
  /** Generation at which each key was last deleted (bounded: overflowing it counts as a clear). */
  private readonly deletedAt = new Map<string, number>();
  /** Generation of the last invalidation that may have touched any key. */
  private clearedAt = 0;

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

  /** Stores unless this key was invalidated since `generation` was read. */
  set(key: string, value: V, generation: number): void {
    if (this.invalidatedSince(key, generation)) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }

  /**
   * The cached value, else `load()`'s (stored unless invalidated meanwhile); `bypass` skips the cache;
   * a hit that is not `fresh` for this caller is loaded again.
   */
  async getOrLoad(
    key: string,
    load: () => Promise<V>,
    bypass = false,
    fresh: (value: V) => boolean = () => true,
  ): Promise<V> {
    if (bypass) return load();
    const hit = this.get(key);
    if (hit !== undefined && fresh(hit)) return hit;
    const generation = this.gen;
    const value = await load();
    this.set(key, value, generation);
    return value;
  }

  /**
   * A write this process has just committed, applied in place (decision 061): the entry becomes
   * `revise(entry)` if it is still exact (nothing invalidated this key since `generation`, read before
   * the write), else it is deleted. Either way it counts as an invalidation of the key, so a fill that
   * read the rows before the write cannot store them afterwards.
   */
  revise(key: string, generation: number, revise: (value: V) => V): void {
    const entry = this.invalidatedSince(key, generation) ? undefined : this.entries.get(key);
    this.delete(key);
    // The entry keeps its expiry: the TTL still bounds how old its other parts may be.
    if (entry && entry.expiresAt > Date.now()) {
      this.entries.set(key, { value: revise(entry.value), expiresAt: entry.expiresAt });
    }
  }

  /** Whether `key` may have been invalidated since `generation` was read. */
  private invalidatedSince(key: string, generation: number): boolean {
    return this.clearedAt > generation || (this.deletedAt.get(key) ?? 0) > generation;
  }

  delete(key: string): void {
    this.gen++;
    this.entries.delete(key);
    this.deletedAt.set(key, this.gen);
    if (this.deletedAt.size > this.maxEntries) {
      this.deletedAt.clear();
      this.clearedAt = this.gen;
    }
  }

  /** Deletes every entry whose value matches (rare events only: it scans). */
  deleteWhere(match: (value: V) => boolean): void {
    this.gen++;
    this.clearedAt = this.gen; // which keys matched is unknown to a fill in flight
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.gen++;
    this.clearedAt = this.gen;
    this.deletedAt.clear();
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
