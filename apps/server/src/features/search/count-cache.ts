/** A capped count: `total` is exact unless `isLowerBound` says the count stopped at the cap. */
export type Count = { total: number; isLowerBound: boolean };

/** How long a count is reused: every page and every user of the same filters within this sees one count. */
export const COUNT_CACHE_TTL_MS = 30_000;
/** Distinct counts kept; the oldest is dropped first. A count is a few dozen bytes. */
export const COUNT_CACHE_MAX_ENTRIES = 5_000;

type Entry = { value: Promise<Count>; expiresAt: number };

/**
 * Short-lived counts by key, shared by every request of the process. A count being computed is
 * shared too, so fifty users opening the same new search wait on one count instead of queuing
 * fifty on the database. A failed count is not kept. The key must name everything the count
 * depends on (the caller uses the compiled statement and its parameters, so a count whose
 * conditions name a team is kept per team).
 */
export class CountCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? COUNT_CACHE_TTL_MS;
    this.#maxEntries = options.maxEntries ?? COUNT_CACHE_MAX_ENTRIES;
    this.#now = options.now ?? Date.now;
  }

  get size() {
    return this.#entries.size;
  }

  /** The count kept under `key` while fresh, else the one `compute` answers (computed once for concurrent callers). */
  get(key: string, compute: () => Promise<Count>): Promise<Count> {
    const now = this.#now();
    const kept = this.#entries.get(key);
    if (kept && kept.expiresAt > now) return kept.value;
    if (kept) this.#entries.delete(key);

    // Until it settles, the entry lives as long as the count takes; its time to live starts when it is known.
    const entry: Entry = { value: compute(), expiresAt: Number.POSITIVE_INFINITY };
    this.#entries.set(key, entry);
    this.#dropOldest();
    entry.value.then(
      () => {
        entry.expiresAt = this.#now() + this.#ttlMs;
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return entry.value;
  }

  #dropOldest() {
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) return;
      this.#entries.delete(key);
    }
  }
}

const caches = new WeakMap<object, CountCache>();

/** The cache of one database (one Kysely instance): tests on separate databases never share counts. */
export function countCacheOf(db: object): CountCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new CountCache()));
  return cache;
}
