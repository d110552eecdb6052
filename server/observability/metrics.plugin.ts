/**
 * Prometheus metrics of one server: HTTP requests by route pattern and status, holds, outbox and
 * database pool (read at scrape time), plus the process-wide ones of metrics.ts.
 *
 * Where /api/metrics is served (docs/operations.md, "Protecting /api/metrics"):
 * - METRICS_PORT set: on that port only (GET /metrics or /api/metrics), 404 on the public port;
 * - METRICS_TOKEN set: only with `Authorization: Bearer <token>` (401 otherwise), on either port;
 * - neither: open in development and test, 404 in production.
 */
import { timingSafeEqual } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import client from 'prom-client'
import { sql } from 'kysely'
import { pgliteQueue } from '../db/pglite-dialect'
import type { ServerDeps } from '../deps'
import { processRegistry } from './metrics'

/** The route pattern of a request ('/api/appointments/:id'), never the raw URL (ids, tokens). */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched'
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

function appRegistry(deps: ServerDeps, log: FastifyInstance['log']): { registry: client.Registry; httpObserve: (request: FastifyRequest, reply: FastifyReply) => void } {
  const registry = new client.Registry()
  const registers = [registry]
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  })
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const db = deps.db
  /** A scrape still answers when the database does not: the gauges are left empty then. */
  const safely = async (what: string, read: () => Promise<void>): Promise<void> => {
    try {
      await read()
    } catch (err) {
      log.warn({ err, metric: what }, 'metric not collected')
    }
  }
  const holdsActive = new client.Gauge({
    name: 'clinic_holds_active',
    help: 'Pending bookings whose hold has not expired yet, by tenant.',
    labelNames: ['tenant'] as const,
    registers,
    collect: () =>
      safely('clinic_holds_active', async () => {
        const rows = await sql<{ tenant_id: string; n: string }>`
          SELECT tenant_id, count(*) AS n FROM appointments
          WHERE status = 'Pending' AND hold_expires_at > now() GROUP BY tenant_id`.execute(db)
        holdsActive.reset()
        for (const row of rows.rows) holdsActive.set({ tenant: row.tenant_id }, Number(row.n))
      }),
  })
  const outbox = { depth: 0, age: 0 }
  // Both outbox gauges share one query per scrape (prom-client collects all metrics at once).
  let outboxRead: Promise<void> | undefined
  const readOutbox = () => (outboxRead ??= readOutboxNow().finally(() => (outboxRead = undefined)))
  const readOutboxNow = () =>
    safely('clinic_outbox', async () => {
      const row = await sql<{ n: string; oldest: Date | string | null }>`
        SELECT count(*) AS n, min(created_at) AS oldest FROM outbox WHERE sent_at IS NULL`.execute(db)
      const first = row.rows[0]
      outbox.depth = Number(first?.n ?? 0)
      outbox.age = first?.oldest ? Math.max(0, (Date.now() - new Date(first.oldest).getTime()) / 1000) : 0
    })
  const outboxDepth = new client.Gauge({
    name: 'clinic_outbox_depth',
    help: 'Messages in the outbox not sent yet.',
    registers,
    collect: async () => {
      await readOutbox()
      outboxDepth.set(outbox.depth)
    },
  })
  const outboxAge = new client.Gauge({
    name: 'clinic_outbox_oldest_age_seconds',
    help: 'Age of the oldest message not sent yet (0 when the outbox is empty).',
    registers,
    collect: async () => {
      await readOutbox()
      outboxAge.set(outbox.age)
    },
  })
  const pool = new client.Gauge({
    name: 'clinic_db_pool_connections',
    help: 'Database connections by state: size (the most there can be), in_use, waiting (queries queued for one).',
    labelNames: ['state'] as const,
    registers,
    collect: () => {
      const database = deps.database
      if (database.pool) {
        const p = database.pool
        pool.set({ state: 'size' }, p.options.max ?? 10)
        pool.set({ state: 'in_use' }, p.totalCount - p.idleCount)
        pool.set({ state: 'waiting' }, p.waitingCount)
      } else if (database.lite) {
        const q = pgliteQueue(database.lite)
        pool.set({ state: 'size' }, 1)
        pool.set({ state: 'in_use' }, q.inUse)
        pool.set({ state: 'waiting' }, q.waiting)
      }
    },
  })
  return {
    registry,
    httpObserve(request, reply) {
      const labels = { method: request.method, route: routeOf(request), status_code: String(reply.statusCode) }
      requests.inc(labels)
      duration.observe(labels, reply.elapsedTime / 1000)
    },
  }
}

/** The exposition text of both registries. */
async function exposition(registry: client.Registry): Promise<string> {
  const [own, shared] = await Promise.all([registry.metrics(), processRegistry.metrics()])
  return `${own}\n${shared}`
}

export async function metricsPlugin(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const { config } = deps
  const { registry, httpObserve } = appRegistry(deps, app.log)
  app.addHook('onResponse', (request, reply, done) => {
    httpObserve(request, reply)
    done()
  })

  const serveMetrics = async (request: FastifyRequest, reply: FastifyReply) => {
    if (config.metricsToken) {
      const header = request.headers.authorization ?? ''
      const match = /^Bearer\s+(.+)$/i.exec(header.trim())
      if (!match || !sameSecret(match[1], config.metricsToken)) {
        return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ statusCode: 401, message: 'Unauthorized' })
      }
    }
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await exposition(registry))
  }
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({ statusCode: 404, message: `Route ${request.method} ${request.url} not found` })

  if (config.metricsPort !== undefined) {
    // Its own listener, never behind the public load balancer; started and stopped with the app.
    const metricsApp = Fastify({ logger: false })
    metricsApp.get('/metrics', serveMetrics)
    metricsApp.get('/api/metrics', serveMetrics)
    app.decorate('metricsServer', metricsApp)
    // onReady is awaited (onListen is not): the port is bound once the app is ready.
    app.addHook('onReady', async () => {
      await metricsApp.listen({ port: config.metricsPort, host: config.host })
      app.log.info({ port: metricsAddress(metricsApp) }, 'metrics listening')
    })
    app.addHook('onClose', async () => {
      await metricsApp.close()
    })
    app.get('/api/metrics', notFound)
    return
  }
  const open = config.metricsToken !== undefined || config.env !== 'production'
  app.get('/api/metrics', open ? serveMetrics : notFound)
}

function metricsAddress(metricsApp: FastifyInstance): number | undefined {
  const address = metricsApp.server.address()
  return typeof address === 'object' && address ? address.port : undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener when METRICS_PORT is set. */
    metricsServer?: FastifyInstance
  }
}
