/**
 * A short-lived in-process cache for reference data that changes rarely (organisation settings,
 * service options, weekly hours, closures), so availability requests read only bookings from the
 * database. Entries live `ttlMs` (REFERENCE_CACHE_MS, default 15 s; 0 disables): several instances
 * agree within that time. Bookings and holds are cached only under their booking versions
 * (availability.service.ts), so a change is seen by the next request.
 */
/** Drops a full cache's expired entries, then its oldest quarter if still full (Map order is insertion order). */
export function evictExpiredThenOldest(entries: Map<string, { expires: number }>, maxEntries: number, now: number): void {
  for (const [key, entry] of entries) if (entry.expires <= now) entries.delete(key)
  if (entries.size < maxEntries) return
  let drop = Math.ceil(maxEntries / 4)
  for (const key of entries.keys()) {
    if (drop-- <= 0) break
    entries.delete(key)
  }
}

export class ReferenceCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  /** False when REFERENCE_CACHE_MS is 0: nothing is kept (availability's bookings neither). */
  get enabled(): boolean {
    return this.ttlMs > 0
  }

  get<T>(key: string, load: () => Promise<T>, ttlMs = this.ttlMs): Promise<T> {
    if (ttlMs <= 0 || this.ttlMs <= 0) return load()
    const hit = this.peek<T>(key)
    if (hit !== undefined) return hit
    const value = load()
    this.set(key, value, ttlMs)
    return value
  }

  /** The live entry of `key`, if any (never loads). */
  peek<T>(key: string): Promise<T> | undefined {
    const hit = this.entries.get(key)
    if (hit === undefined) return undefined
    if (hit.expires > Date.now()) return hit.value as Promise<T>
    this.entries.delete(key)
    return undefined
  }

  /** Keeps `value` under `key` for `ttlMs` (a rejected value is dropped); does nothing when caching is off. */
  set<T>(key: string, value: Promise<T>, ttlMs = this.ttlMs): void {
    if (ttlMs <= 0 || this.ttlMs <= 0) return
    const now = Date.now()
    if (this.entries.size >= this.maxEntries) evictExpiredThenOldest(this.entries, this.maxEntries, now)
    this.entries.set(key, { expires: now + ttlMs, value })
    // A failed load is not kept.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
  }

  clear(): void {
    this.entries.clear()
  }
}

const caches = new WeakMap<object, ReferenceCache>()
let defaultTtl = Number(process.env.REFERENCE_CACHE_MS ?? 15_000)

/** The cache of one database handle (each test database has its own). */
export function referenceCache(db: object): ReferenceCache {
  let cache = caches.get(db)
  if (!cache) {
    cache = new ReferenceCache(Number.isFinite(defaultTtl) ? defaultTtl : 15_000)
    caches.set(db, cache)
  }
  return cache
}

/** Sets the TTL of caches created from now on (buildServer applies the config). */
export function setReferenceCacheTtl(ms: number): void {
  defaultTtl = ms
}
