/**
 * GET /api/health and GET /api/ready, for load balancers and orchestrators (docs/production.md).
 * Registered at the root, outside the /api tenant hook and outside src/contract: they speak of the
 * process, not of a tenant, and are no call of the spec.
 * - /api/health (liveness): the process answers; it touches nothing else.
 * - /api/ready (readiness): the database answers a real query and every migration this code knows has
 *   run; otherwise 503 with the failing check named, so that the balancer sends no traffic here.
 */
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { migrations } from '../db/migrations'
import type { Db } from '../db/schema'
import type { ServerDeps } from '../deps'

export const HEALTH_PATH = '/api/health'
export const READY_PATH = '/api/ready'
/** A database that does not answer within this is as good as down for a balancer. */
const READY_TIMEOUT_MS = 5_000

export interface Check {
  status: 'ok' | 'failed'
  message?: string
}

export interface Readiness {
  status: 'ready' | 'unavailable'
  checks: { database: Check; migrations: Check }
}

class TimedOut extends Error {}

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms / 1000} s`)), ms)
  })
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** The readiness checks; `log` receives the underlying errors (the answer names only the check). */
export async function readiness(db: Db, log: { warn(obj: object, msg: string): void }): Promise<Readiness> {
  let database: Check
  try {
    await within(sql`SELECT 1`.execute(db), READY_TIMEOUT_MS)
    database = { status: 'ok' }
  } catch (err) {
    log.warn({ err }, 'readiness: database check failed')
    database = { status: 'failed', message: err instanceof TimedOut ? `the database gave ${err.message}` : 'the database cannot be reached' }
  }
  let migrationsCheck: Check
  if (database.status === 'failed') {
    migrationsCheck = { status: 'failed', message: 'not checked: the database cannot be reached' }
  } else {
    try {
      // Unqualified: the table of the connection's search_path (a test schema, or public).
      const applied = await within(sql<{ name: string }>`SELECT name FROM ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db), READY_TIMEOUT_MS)
      const done = new Set(applied.rows.map((r) => r.name))
      const pending = Object.keys(migrations).filter((name) => !done.has(name))
      migrationsCheck = pending.length === 0 ? { status: 'ok' } : { status: 'failed', message: `pending: ${pending.join(', ')}` }
    } catch (err) {
      log.warn({ err }, 'readiness: migrations check failed')
      migrationsCheck = { status: 'failed', message: 'the migration table cannot be read' }
    }
  }
  const checks = { database, migrations: migrationsCheck }
  return { status: Object.values(checks).every((c) => c.status === 'ok') ? 'ready' : 'unavailable', checks }
}

export async function healthRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  app.get(HEALTH_PATH, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }))

  app.get(READY_PATH, async (request, reply) => {
    const result = await readiness(deps.db, request.log)
    return reply
      .status(result.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(result)
  })
}
