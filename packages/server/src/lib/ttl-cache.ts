/**
 * A bounded in-process cache with a time-to-live, for the caches of decision 019.
 *
 * `generation` closes the fill race: a reader notes it before its database query and stores the result
 * only if no invalidation of THAT key happened meanwhile (else a lookup that started before a logout
 * could put the revoked session back after the notification had already evicted it). Invalidations are
 * tracked per key, so one learner's quiz submission does not throw away every other learner's fill in
 * flight: under write load a cache-wide counter would keep the per-learner caches nearly empty.
 *
 * Bounded by its number of entries and, given a `budget`, by the total weight of what it holds (entries
 * whose size varies by orders of magnitude: decision 208's lists of cursors): past either bound the
 * oldest entries go first. An entry heavier than the whole budget is not kept. Evicting is only ever
 * forgetting, so it leaves the cache exact.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number; weight: number }>();
  /** The sum of the entries' weights. */
  private held = 0;
  private gen = 0;
  /** Generation at which each key was last deleted (bounded: overflowing it counts as a clear). */
  private readonly deletedAt = new Map<string, number>();
  /** Generation of the last invalidation that may have touched any key. */
  private clearedAt = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly budget?: { weigh: (value: V) => number; max: number },
  ) {}

  get generation(): number {
    return this.gen;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.drop(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores unless this key was invalidated since `generation` was read. */
  set(key: string, value: V, generation: number): void {
    if (this.invalidatedSince(key, generation)) return;
    this.put(key, value, Date.now() + this.ttlMs);
  }

  /** Stores as the newest entry, dropping the oldest ones past the bounds. */
  private put(key: string, value: V, expiresAt: number): void {
    this.drop(key);
    const weight = this.budget?.weigh(value) ?? 0;
    const max = this.budget?.max ?? Infinity;
    if (weight > max) return;
    // Maps iterate in insertion order: the first key is the oldest entry.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < this.maxEntries && this.held + weight <= max) break;
      this.drop(oldest);
    }
    this.entries.set(key, { value, expiresAt, weight });
    this.held += weight;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.weight;
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
    if (entry && entry.expiresAt > Date.now()) this.put(key, revise(entry.value), entry.expiresAt);
  }

  /** Whether `key` may have been invalidated since `generation` was read. */
  private invalidatedSince(key: string, generation: number): boolean {
    return this.clearedAt > generation || (this.deletedAt.get(key) ?? 0) > generation;
  }

  delete(key: string): void {
    this.gen++;
    this.drop(key);
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
    for (const [key, entry] of this.entries) if (match(entry.value)) this.drop(key);
  }

  clear(): void {
    this.gen++;
    this.clearedAt = this.gen;
    this.deletedAt.clear();
    this.entries.clear();
    this.held = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
