/**
 * A short-lived in-process cache for reference data that changes rarely (organisation settings,
 * service options, weekly hours, closures), so availability requests read only bookings from the
 * database. Entries live `ttlMs` (REFERENCE_CACHE_MS, default 15 s; 0 disables): several instances
 * agree within that time. Bookings and holds are never cached.
 */
export class ReferenceCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  get<T>(key: string, load: () => Promise<T>, ttlMs = this.ttlMs): Promise<T> {
    if (ttlMs <= 0 || this.ttlMs <= 0) return load()
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.expires > now) return hit.value as Promise<T>
    if (this.entries.size >= this.maxEntries) this.entries.clear()
    const value = load()
    this.entries.set(key, { expires: now + ttlMs, value })
    // A failed load is not kept.
    value.catch(() => this.entries.delete(key))
    return value
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
