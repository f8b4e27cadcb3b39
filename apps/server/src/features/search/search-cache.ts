/** How long an answer is reused: every page and every user of the same filters within this sees one answer. */
export const SEARCH_CACHE_TTL_MS = 30_000;
/**
 * How long the data version read from the database is trusted: within this, one process asks for
 * it once, however many searches it answers; a load shows in searches at most this late.
 */
export const DATA_VERSION_CHECK_MS = 1_000;
/** Answers kept; the oldest is dropped first. A count is a few dozen bytes, a page of 100 rows about 40 kB. */
export const SEARCH_CACHE_MAX_ENTRIES = 1_000;

type Entry = { value: Promise<unknown>; expiresAt: number };

/**
 * Short-lived answers of read-only search statements (capped counts, pages of people), shared by
 * every request of the process. The people database changes by bulk loads, not per request; the
 * callers put its data version (migration 0300) in the key, so an answer is reused only while the
 * data it was computed from is unchanged. An answer being computed is shared too: fifty users
 * opening the same new search wait on one query instead of queuing fifty on the database. A
 * failed answer is not kept. The key must name everything the answer depends on: callers use the
 * compiled statement and its parameters, so a statement whose conditions name a team is kept per
 * team. Callers must not change an answer they get: the next caller gets the same object.
 */
export class SearchCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #versionCheckMs: number;
  #version: { value: Promise<string>; readAt: number } | null = null;

  constructor(options: { ttlMs?: number; maxEntries?: number; versionCheckMs?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? SEARCH_CACHE_TTL_MS;
    this.#maxEntries = options.maxEntries ?? SEARCH_CACHE_MAX_ENTRIES;
    this.#versionCheckMs = options.versionCheckMs ?? DATA_VERSION_CHECK_MS;
    this.#now = options.now ?? (() => Date.now());
  }

  /** The data version `read` gives, read again once DATA_VERSION_CHECK_MS have passed (once for concurrent callers). */
  dataVersion(read: () => Promise<string>): Promise<string> {
    const kept = this.#version;
    const age = kept ? this.#now() - kept.readAt : Number.POSITIVE_INFINITY;
    // A negative age is a clock set back: read again rather than trust the old read longer.
    if (kept && age >= 0 && age < this.#versionCheckMs) return kept.value;
    const entry = { value: read(), readAt: this.#now() };
    this.#version = entry;
    entry.value.catch(() => {
      if (this.#version === entry) this.#version = null;
    });
    return entry.value;
  }

  get size() {
    return this.#entries.size;
  }

  /** The answer kept under `key` while fresh, else the one `compute` gives (computed once for concurrent callers). */
  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.#entries.get(key);
    if (kept && kept.expiresAt > this.#now()) return kept.value as Promise<T>;
    if (kept) this.#entries.delete(key);

    // Until it settles, the entry lives as long as the query takes; its time to live starts when the answer is known.
    const value = compute();
    const entry: Entry = { value, expiresAt: Number.POSITIVE_INFINITY };
    this.#entries.set(key, entry);
    this.#dropOldest();
    value.then(
      () => {
        entry.expiresAt = this.#now() + this.#ttlMs;
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return value;
  }

  #dropOldest() {
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) return;
      this.#entries.delete(key);
    }
  }
}

const caches = new WeakMap<object, SearchCache>();

/** The cache of one database (one Kysely instance): tests on separate databases never share answers. */
export function searchCacheOf(db: object): SearchCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SearchCache()));
  return cache;
}
