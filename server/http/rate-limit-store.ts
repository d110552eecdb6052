/**
 * A store for @fastify/rate-limit that keeps the counters in the database, so that every server
 * instance on one PostgreSQL counts the same requests (the plugin's default store counts per process).
 * One fixed window per limited route and client: a single atomic upsert starts the window or counts
 * in it, whatever the number of instances; the database's clock decides the window.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { sql } from 'kysely'
import type { Db } from '../db/schema'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** What the plugin passes to the constructor and to child(): its merged settings, with the route's options as routeInfo. */
interface RouteOptions {
  routeInfo?: { method?: string | string[]; url?: string }
}

/** Counts a request of `client` on `route`; the count in the current window and the ms left in it. */
export async function countHit(db: Db, route: string, client: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const result = await sql<{ hits: number; ttl_ms: number }>`
    INSERT INTO rate_limits AS r (route, client, hits, window_ends)
    VALUES (${route}, ${client}, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (route, client) DO UPDATE SET
      hits = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.hits + 1 END,
      window_ends = CASE WHEN r.window_ends <= now() THEN excluded.window_ends ELSE r.window_ends END
    RETURNING hits, greatest(0, extract(epoch FROM r.window_ends - now()) * 1000)::float8 AS ttl_ms`.execute(db)
  const row = result.rows[0]!
  if (row.hits === 1) {
    // A window starts: drop the counters of windows that have ended (indexed; keeps the table small).
    await db.deleteFrom('rate_limits').where('window_ends', '<', sql<Date>`now()`).execute()
  }
  return { current: row.hits, ttl: Math.ceil(Number(row.ttl_ms)) }
}

async function readHits(db: Db, route: string, client: string): Promise<{ current: number; ttl: number }> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', sql<number>`greatest(0, extract(epoch FROM window_ends - now()) * 1000)::float8`.as('ttl_ms')])
    .where('route', '=', route)
    .where('client', '=', client)
    .where('window_ends', '>', sql<Date>`now()`)
    .executeTakeFirst()
  return row ? { current: row.hits, ttl: Math.ceil(Number(row.ttl_ms)) } : { current: 0, ttl: 0 }
}

/** The `store` option of @fastify/rate-limit: the plugin constructs it, then a child per limited route. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const routeName = (options: unknown) => {
    const { routeInfo } = (options ?? {}) as RouteOptions
    const method = routeInfo?.method
    return `${Array.isArray(method) ? method.join(',') : (method ?? '*')} ${routeInfo?.url ?? '*'}`
  }
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly route: string
    constructor(options?: unknown) {
      this.route = routeName(options)
    }
    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(db, this.route, key, timeWindow).then((r) => callback(null, r), (error: Error) => callback(error))
    }
    read(key: string, callback: Callback): void {
      readHits(db, this.route, key).then((r) => callback(null, r), (error: Error) => callback(error))
    }
    child(routeOptions: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions)
    }
  }
  return DatabaseRateLimitStore
}
