/**
 * buildServer(config): the Fastify app (the server's composition root). The API lives under /api,
 * the built SPA (dist/web) everywhere else with an index.html fallback.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify'
import { tenantFromHost } from '../src/domain/tenant'
import { fastifyTrustProxy, type ServerConfig } from './config'
import { DatabaseBusy, isSaturated } from './db/admission'
import { EventLoopLag, loopOverloaded, MIN_IN_FLIGHT } from './http/event-loop-lag'
import { HEALTH_PATH } from './routes/health.routes'
import { isDatabaseUnavailable, migrate, openDatabase, withStartupLock, type Database, type DatabaseStart } from './db/database'
import { refusePendingMigrations } from './db/pending-migrations'
import { commerceDeps } from './commerce/commerce.module'
import { PaymentReconciler } from './commerce/payment-reconciler'
import { processorCspSources } from './commerce/processor-config'
import { compression, webStatic } from './http/web-delivery.plugin'
import { firstViewPage, sendPage } from './http/first-view-page'
import { leadPage } from './http/lead-page'
import { catalogueVersion } from './catalogue/catalogue-cache'
import { addSecurityHeaders } from './http/security-headers'
import type { ServerDeps } from './deps'
import { loggingOptions, observability } from './observability/observability'
import { databaseRateLimitStore } from './http/rate-limit-store'
import { apiRoutes, rootRoutes } from './routes'
import { seedDatabase } from './seed'
import { HoldSweeper } from './booking/hold-sweeper'
import { jwtService, resolveJwtSecret } from './accounts/jwt.service'
import { MailSender } from './notifications/mail.service'
import { NotificationsService, smsPortOf } from './notifications/notifications.service'
import { drainSms } from './notifications/sms.sender'
import { drainWebhooks } from './integrations/webhook.sender'
import { WaitlistRunner } from './waitlist/waitlist-runner'
import { setReferenceCacheTtl } from './catalogue/reference-cache'
import { loadOrganisation } from './organisation/organisation.service'
import { embedHostsOf, frameAncestors, withFrameAncestors } from './http/embed-hosts'

export interface BuildOptions {
  /** An open, migrated database (tests); otherwise opened from the config, migrated and seeded. */
  database?: Database
  /** How the database opened from the config starts (not with `database`): the test servers' snapshot. */
  start?: DatabaseStart
  clock?: () => Date
  /** Where the JSON log lines go (tests read them); stdout otherwise. */
  logStream?: { write(line: string): void }
}

const TENANT_HEADER = 'x-tenant'

/** '/api/v1/clinics?x=1' is '/api/clinics?x=1': integrators call the versioned paths, the web app the others. */
export function withoutApiVersion(url: string): string {
  return /^\/api\/v1(?=[/?]|$)/.test(url) ? `/api${url.slice('/api/v1'.length)}` : url
}
export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.'
/** Retry-After of a request shed because the database is busy (seconds): the queue drains in well under it. */
export const BUSY_RETRY_AFTER = '1'
const TENANT_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/

/**
 * Content-Security-Policy fit for the React SPA, the sandbox card page in a same-origin iframe and map
 * tiles; cspDirectives() adds the card processor's card form (Stripe.js, Square's SDK) when one is in use.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // The organisation's tag manager (gtmId) loads from Google.
  scriptSrc: ["'self'", 'https://www.googletagmanager.com'],
  styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
  fontSrc: ["'self'", 'data:', 'https://fonts.gstatic.com'],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', 'https:'],
  connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
  frameSrc: ["'self'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
}

export function cspDirectives(env: NodeJS.ProcessEnv = process.env): typeof CSP_DIRECTIVES {
  const extra = processorCspSources(env)
  return {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...extra.script],
    styleSrc: [...CSP_DIRECTIVES.styleSrc, ...extra.style],
    connectSrc: [...CSP_DIRECTIVES.connectSrc, ...extra.connect],
    frameSrc: [...CSP_DIRECTIVES.frameSrc, ...extra.frame],
  }
}

function tenantOf(request: FastifyRequest, config: ServerConfig): string {
  const header = request.headers[TENANT_HEADER]
  const fromHeader = typeof header === 'string' ? header.trim().toLowerCase() : ''
  if (fromHeader) return fromHeader
  return tenantFromHost(request.headers.host, config.defaultTenant)
}

/** Fastify's own test: no transfer encoding and no (or a zero) content length. */
function isEmptyBody(headers: FastifyRequest['raw']['headers']): boolean {
  const length = headers['content-length']
  return headers['transfer-encoding'] === undefined && (length === undefined || length === '0')
}

const BUILDING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>Starting…</title></head><body style="font-family:sans-serif;padding:2rem">
<h1>The app is being built</h1><p>The API is up at <a href="/api/public/organisations">/api</a>. This page reloads by itself in a few seconds.</p></body></html>`

export async function buildServer(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  setReferenceCacheTtl(config.referenceCacheMs)
  const app = Fastify({
    ...loggingOptions(config, options.logStream),
    // X-Forwarded-* only from the proxies TRUST_PROXY names: otherwise any client picks its own IP (rate limits).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 5 * 1024 * 1024,
    // Path parameters carry emails (forgot-password) up to 254 characters, and tokens; 100 gave a 414.
    routerOptions: { maxParamLength: 1024 },
    // Version 1 of the API (the OpenAPI document's base) is the unversioned API the web app calls.
    rewriteUrl: (request) => withoutApiVersion(request.url ?? '/'),
  })

  const ownsDatabase = !options.database
  const start = options.start ?? {}
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      loadDataDir: start.loadDataDir,
      bookingQueueMs: config.bookingQueueMs,
      onConnectionLost: (err) => app.log.warn({ err }, 'database connection lost'),
    }))
  if (ownsDatabase) {
    // Instances started together on an empty database: one migrates and seeds, the others wait.
    await withStartupLock(database, async () => {
      // An in-memory database starts empty: nothing but this start could migrate it.
      if (config.migrateOnStart || (!config.databaseUrl && config.dataDir === 'memory://')) await migrate(database.db)
      else await refusePendingMigrations(database.db)
      if (config.seedDemo) await seedDatabase(database.db, { tenant: config.defaultTenant, log: app.log })
      await start.migrated?.(database)
    }).catch(async (error: unknown) => {
      await database.close().catch(() => undefined)
      throw error
    })
  }
  const db = database.db
  const jwt = jwtService(await resolveJwtSecret(db, config.jwtSecret), config.jwtExpiresIn)
  const clock = options.clock ?? (() => new Date())
  const sms = smsPortOf(config, app.log)
  const notifications = new NotificationsService(db, { config, clock, log: app.log, smsEnabled: sms !== undefined })
  // Before each mail drain: notices become outbox rows, then the texts among them go out. The webhook
  // deliveries go beside the mail, so that an endpoint slow to answer holds up no mail (a disabled
  // endpoint's mail to the admins goes out at the end of the same drain).
  const waitlist = new WaitlistRunner(db, { config, clock, log: app.log, smsEnabled: sms !== undefined })
  const prepare = async () => {
    // Freed times become offers (their mail and texts outbox rows) before the drain sends them.
    await waitlist.run()
    await notifications.renderPending()
    if (sms) await drainSms(db, sms, clock, app.log)
  }
  const alongside = () => drainWebhooks(db, clock, app.log)
  const mail = new MailSender(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log, clock, prepare, alongside })
  const deps: ServerDeps = { config, database, db, jwt, mail, notifications, clock, smsEnabled: sms !== undefined }
  app.decorate('deps', deps)
  // Added before any plugin so that it runs after theirs (onClose hooks run in reverse order of
  // adding): a plugin still holding a connection (the live-events LISTEN client) would otherwise keep
  // the PostgreSQL pool from ending, and the process from exiting.
  let timer: NodeJS.Timeout | undefined
  // The periodic work under way (sweeps, reminders): the close waits for it before the database goes.
  const periodic = new Set<Promise<unknown>>()
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    // In order: the requests are answered (Fastify), the background work they and the timer started
    // ends, the mail goes out, then the database closes (it used to close under the mail drains).
    await Promise.all([...periodic])
    await mail.close()
    if (ownsDatabase) await database.close()
  })
  app.decorateRequest('tenant', '')
  // Draining (SIGTERM): a request in flight when the close began is answered with 'Connection: close',
  // else its keep-alive connection would hold the close (and the exit) for keepAliveTimeout.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  // Hooks on every request take `done` rather than being async: a promise per hook and request adds up.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })

  addSecurityHeaders(app, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives() },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'sameorigin' },
  })
  // The event loop's lag, for shedding when the loop itself is saturated (PGlite's WASM runs on it).
  const loop = config.maxEventLoopLagMs > 0 ? new EventLoopLag().start() : undefined
  if (loop) app.addHook('onClose', async () => loop.stop())
  const loopBound = { maxLagMs: config.maxEventLoopLagMs, minInFlight: MIN_IN_FLIGHT }
  // API answers carry tokens and personal data: no cache keeps them unless a route says otherwise.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      reply.header('cache-control', 'no-store')
      // Too many requests already wait for a database connection, or the loop is so late that a new one
      // would wait seconds: refuse this one at once (issue 31). Liveness answers whatever the load.
      if (request.url !== HEALTH_PATH && (isSaturated(database) || (loop !== undefined && loopOverloaded(loop.figures(), loopBound)))) {
        reply.status(503).header('retry-after', BUSY_RETRY_AFTER).send({ statusCode: 503, message: DATABASE_UNAVAILABLE })
        return
      }
      // 'close' comes once the answer is sent or the client went away: the count never drifts.
      if (loop) reply.raw.once('close', loop.begin())
    }
    done()
  })
  await app.register(rateLimit, {
    global: false,
    // Counters in the database: every instance on one PostgreSQL shares the limits.
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (error instanceof DatabaseBusy) {
      // The bounded queue in front of the database is full: shed the request now, not after a long wait.
      request.log.warn('database busy: request shed')
      return reply.status(503).header('retry-after', BUSY_RETRY_AFTER).send({ statusCode: 503, message: DATABASE_UNAVAILABLE })
    }
    if (statusCode >= 500 && isDatabaseUnavailable(error)) {
      // The database server is away (restart, failover): a clear answer to retry, not a crash or a 500.
      request.log.warn({ err: error }, 'database unavailable')
      return reply.status(503).header('retry-after', '5').send({ statusCode: 503, message: DATABASE_UNAVAILABLE })
    }
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'unexpected error')
      return reply.status(500).send({ statusCode: 500, message: 'Internal Server Error' })
    }
    return reply.status(statusCode).send({ statusCode, message: error.message })
  })

  await observability(app, deps)
  await app.register(compression)

  // The API: tenant from X-Tenant or the host, then the route modules.
  const knownTenants = new Set<string>()
  await app.register(
    async (api) => {
      api.addHook('onRequest', (request, reply, done) => {
        const tenant = tenantOf(request, config)
        // A request without a body is bodiless whatever Content-Type it names (axios's node adapter
        // sends a form type on a bodiless PUT or POST): Fastify would answer 415, or 400 for JSON.
        const headers = request.raw.headers
        if (headers['content-type'] !== undefined && isEmptyBody(headers)) delete headers['content-type']
        if (knownTenants.has(tenant)) {
          request.tenant = tenant
          return done()
        }
        db.selectFrom('tenants')
          .select('id')
          .where('id', '=', tenant)
          .executeTakeFirst()
          .then((row) => {
            if (!row) {
              // Echo only what can be a tenant name: never a long or hostile header back into the answer.
              const named = TENANT_NAME.test(tenant) ? ` '${tenant}'` : ''
              // Answered here: `done` is not called (the request goes no further).
              reply.status(404).send({ statusCode: 404, message: `Unknown organisation${named}.` })
              return
            }
            knownTenants.add(tenant)
            request.tenant = tenant
            done()
          }, done)
      })
      for (const module of apiRoutes) await api.register(module, deps)
      // The path as it was sent (originalUrl: /api/v1/... before withoutApiVersion).
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ statusCode: 404, message: `Route ${request.method} ${request.originalUrl} not found` }),
      )
    },
    { prefix: '/api' },
  )
  for (const module of rootRoutes) await app.register(module, deps)

  // The web app: files of dist/web, index.html for any other GET (client-side routes).
  await app.register(webStatic, { webDir: config.webDir, serve: existsSync(config.webDir) })
  const appPage = firstViewPage(app, config.webDir, {
    version: async (request) => {
      const tenant = tenantOf(request, config)
      // Only a tenant the API has found has its version read (the reader keeps an entry a tenant, and
      // a page's Host is anyone's to make up); another's page is built once under 'unknown' (its build
      // asks the API, which finds the tenant if there is one: the next page reads the version).
      return knownTenants.has(tenant) ? `${tenant}\n${await catalogueVersion(database, tenant)}` : `${tenant}\nunknown`
    },
  })
  const leadFormPage = leadPage(app, config.webDir)
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ statusCode: 404, message: `Route ${request.method} ${request.url} not found` })
    }
    const path = request.url.split('?')[0]
    if (existsSync(join(config.webDir, 'index.html'))) {
      const file = join(config.webDir, path)
      if (path !== '/' && !path.includes('..') && existsSync(file) && !file.endsWith('/')) {
        return reply.sendFile(path.slice(1), { maxAge: path.startsWith('/assets/') ? 31_536_000_000 : 0 })
      }
      const lead = path === '/lead' || path.startsWith('/lead/')
      // The lead form and (for the sites the tenant lists) the booking flow are embeddable in other sites.
      const hosts = embedHostsOf((await loadOrganisation(db, tenantOf(request, config)).catch(() => undefined))?.settings)
      if (lead || hosts.length > 0) {
        reply.removeHeader('x-frame-options')
        reply.header('content-security-policy', withFrameAncestors(String(reply.getHeader('content-security-policy')), frameAncestors(hosts, lead ? 'lead' : 'app')))
      }
      // its own page (lead.html): the lead form alone, without the app's JavaScript, the form in its HTML (issue 28)
      if (lead && existsSync(join(config.webDir, 'lead.html'))) {
        const page = await leadFormPage(request)
        if (page !== undefined) return sendPage(request, reply.header('cache-control', 'no-cache'), page)
        return reply.header('cache-control', 'no-cache').sendFile('lead.html')
      }
      // The app's page with the organisation and the clinics inside (issue 28: the first view waits for no request).
      const page = await appPage(request)
      if (page !== undefined) return sendPage(request, reply.header('cache-control', 'no-cache'), page)
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    return reply.status(503).header('retry-after', '5').type('text/html; charset=utf-8').send(BUILDING_PAGE)
  })

  const sweeper = new HoldSweeper(db, app.log, clock)
  const reconciler = new PaymentReconciler(commerceDeps(deps), app.log)
  if (config.sweepIntervalMs > 0) {
    const track = (work: Promise<unknown>) => {
      periodic.add(work)
      void work.finally(() => periodic.delete(work))
    }
    timer = setInterval(() => {
      track(sweeper.sweep().catch((err) => app.log.error({ err }, 'hold sweep failed')))
      track(reconciler.run().catch((err) => app.log.error({ err }, 'payment reconciliation failed')))
      track(
        notifications
          .planReminders()
          .then(() => mail.flush())
          .catch((err) => app.log.error({ err }, 'reminders or mail flush failed')),
      )
    }, config.sweepIntervalMs)
    timer.unref()
  }
  return app
}
