/**
 * Server configuration: the environment parsed with one zod schema at start (README and
 * docs/production.md list every variable). A missing or bad value is a ConfigError whose message is
 * one line naming the variable; no value falls back silently, in any mode. `NODE_ENV=production` is a
 * checked profile (productionProblems): public address, secrets, real mail and a real card processor.
 */
import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { z } from 'zod'
import { tenantFromHost } from '../src/domain/tenant'
import { DEFAULT_BOOKING_QUEUE_MS, MAX_WAIT_MS } from './db/admission'

export type NodeEnv = 'development' | 'production' | 'test'
/** Fastify's trustProxy: off, every hop, a number of hops, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | number | string[]
export const CARD_PROCESSOR_NAMES = ['sandbox', 'stripe', 'square'] as const
export type CardProcessorName = (typeof CARD_PROCESSOR_NAMES)[number]

export interface ServerConfig {
  env: NodeEnv
  port: number
  host: string
  /** PostgreSQL server; when unset the embedded PGlite is used. */
  databaseUrl?: string
  /** PGlite data directory ('memory://' keeps data in memory). */
  dataDir: string
  defaultTenant: string
  /** HS256 secret of the customer JWTs; when unset (not in production) one is generated and stored in the database. */
  jwtSecret?: string
  /** Lifetime of a login token, e.g. '7d'. */
  jwtExpiresIn: string
  /** How long a pending booking holds its slot (spec: 5 minutes). */
  holdSeconds: number
  /** Unpaid holds one customer may keep at once (429 beyond): enough for any real basket, too few to block a calendar. */
  maxLiveHolds: number
  /** Interval of the expired-hold sweeper and the mail outbox sender. */
  sweepIntervalMs: number
  /** smtp://user:pass@host:port: send the outbox with nodemailer; unset: keep it for the dev mailbox. */
  smtpUrl?: string
  mailFrom: string
  /**
   * The public origin that every link in a mail or in /public/links is built from, never from request
   * headers. PUBLIC_URL, else http://localhost:PORT (not in production). May hold `{tenant}` as the
   * first label of its host (https://{tenant}.clinic.example.co.uk): see publicOrigin().
   */
  publicUrl: string
  /** Which proxies' X-Forwarded-* headers are believed (request.ip, protocol, host); false: none. */
  trustProxy: TrustProxy
  /** The card processor adapter (server/commerce); only the sandbox is built so far. */
  cardProcessor: CardProcessorName
  /** The sandbox processor takes no real payments: in production it runs only when this is set. */
  allowSandboxPayments: boolean
  /** The built web app. */
  webDir: string
  logLevel: string
  /** Requests per window per client on login, register and forgot-password. */
  rateLimitMax: number
  rateLimitWindowMs: number
  /** Seed the demo tenant on start when it is missing (never in production). */
  seedDemo: boolean
  /** How long reference data (hours, closures, service options, settings) is cached in memory; 0 disables. */
  referenceCacheMs: number
  /**
   * New API requests are refused (503, Retry-After) while the event loop is later than this (ms) with
   * many requests in flight (server/http/event-loop-lag.ts); 0 disables. Off by default in tests.
   */
  maxEventLoopLagMs: number
  /**
   * A booking, hold or move is refused at once (503, Retry-After) when those queued in front of it would
   * take longer than this (ms) at the mean time of one (server/db/admission.ts). At most MAX_WAIT_MS
   * (10 s), the longest an admitted one waits: a larger value could not take effect.
   */
  bookingQueueMs: number
  /** Bearer token that /api/metrics requires (docs/operations.md). */
  metricsToken?: string
  /** Serve the metrics on this port only, not on the public one. */
  metricsPort?: number
  /** Apply pending migrations on start (default outside production); in production a pending one stops the start. */
  migrateOnStart: boolean
  /** Sent as X-Operator-Key to create tenants (POST /api/admin/tenants); unset: tenant creation is off. */
  operatorKey?: string
  /**
   * Texts through Twilio (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM; TWILIO_API_BASE for a
   * mock or proxy). Unset: texts are logged (recipient and kind) in development and test, off in production.
   */
  twilio?: { accountSid: string; authToken: string; from: string; apiBase?: string }
}

/** A configuration that cannot run: `message` is one line naming every wrong variable. */
export class ConfigError extends Error {
  constructor(
    readonly variables: readonly string[],
    message: string,
  ) {
    super(message)
    this.name = 'ConfigError'
  }
}

/** Never echoed back in a message (credentials). */
const SECRET_VARIABLES = new Set(['JWT_SECRET', 'DATABASE_URL', 'SMTP_URL', 'METRICS_TOKEN', 'OPERATOR_KEY', 'TWILIO_AUTH_TOKEN'])
export const TENANT_PLACEHOLDER = '{tenant}'
/** MAX_EVENT_LOOP_LAG_MS's default outside tests (BENCHMARKS.md, "Shedding by the event loop's lag"). */
export const DEFAULT_MAX_EVENT_LOOP_LAG_MS = 1000
const TENANT_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/
/** What jose's setExpirationTime accepts ('7d', '12h', '30 minutes'). */
const DURATION = /^\d+(\.\d+)? ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)$/i
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

// ---------------------------------------------------------------- value parsers

/** A variable set to '' (or spaces) counts as unset: `PORT=` in a compose file means "the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional())

function wholeNumber(min: number, max?: number) {
  const rule = max === undefined ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { error: rule })
    .transform(Number)
    .refine((n) => n >= min && (max === undefined || n <= max), { error: rule })
}

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false'], { error: 'must be true or false' }))
  .transform((v) => v === 'true')

/** The problem with a PUBLIC_URL value, or its normalised form (origin without a trailing slash). */
export function parsePublicUrl(value: string): { ok: true; url: string } | { ok: false; problem: string } {
  const usage = 'must be an http(s) origin such as https://clinic.example.com'
  const sentinel = 'tenant-placeholder'
  const probe = value.trim().split(TENANT_PLACEHOLDER).join(sentinel)
  let url: URL
  try {
    url = new URL(probe)
  } catch {
    return { ok: false, problem: usage }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: usage }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || probe.endsWith('?') || probe.endsWith('#')) {
    return { ok: false, problem: `${usage} (scheme, host and port only: no path, query or credentials)` }
  }
  if (value.includes(TENANT_PLACEHOLDER)) {
    // The tenant comes back from the host only as the first label of four or five (spec section 1).
    const firstLabel = url.hostname.split('.')[0]
    if (firstLabel !== sentinel || value.split(TENANT_PLACEHOLDER).length !== 2 || tenantFromHost(url.hostname, '') !== sentinel) {
      return { ok: false, problem: `may hold ${TENANT_PLACEHOLDER} only as the first label of a host of four or five labels (https://{tenant}.clinic.example.co.uk)` }
    }
  }
  return { ok: true, url: url.origin.split(sentinel).join(TENANT_PLACEHOLDER) }
}

const publicUrl = z.string().transform((value, ctx) => {
  const parsed = parsePublicUrl(value)
  if (parsed.ok) return parsed.url
  ctx.addIssue({ code: 'custom', message: parsed.problem })
  return z.NEVER
})

/** TRUST_PROXY: true, false, a hop count, or a comma list of addresses, CIDRs and proxy-addr's range names. */
export function parseTrustProxy(value: string): { ok: true; value: TrustProxy } | { ok: false; problem: string } {
  const text = value.trim().toLowerCase()
  if (text === 'true') return { ok: true, value: true }
  if (text === 'false') return { ok: true, value: false }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    return hops === 0 ? { ok: true, value: false } : { ok: true, value: hops }
  }
  const entries = text.split(',').map((e) => e.trim())
  for (const entry of entries) {
    if (PROXY_RANGES.has(entry)) continue
    const [address, bits, extra] = entry.split('/')
    const family = isIP(address ?? '')
    const maxBits = family === 4 ? 32 : 128
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      return { ok: false, problem: 'must be true, false, a number of proxy hops, or a comma list of proxy addresses or CIDR ranges (10.0.0.0/8)' }
    }
  }
  return { ok: true, value: entries }
}

const trustProxy = z.string().transform((value, ctx) => {
  const parsed = parseTrustProxy(value)
  if (parsed.ok) return parsed.value
  ctx.addIssue({ code: 'custom', message: parsed.problem })
  return z.NEVER
})

const urlWithScheme = (schemes: readonly string[], example: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return schemes.includes(new URL(v).protocol)
        } catch {
          return false
        }
      },
      { error: `must be a ${schemes.map((s) => `${s}//`).join(' or ')} address (${example})` },
    )

// ---------------------------------------------------------------- the schema

const EnvSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'test', 'production'], { error: 'must be development, test or production' })),
  PORT: optional(wholeNumber(0, 65535)),
  HOST: optional(z.string().trim()),
  DATABASE_URL: optional(urlWithScheme(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/clinic')),
  DATA_DIR: optional(z.string().trim()),
  DEFAULT_TENANT: optional(z.string().trim().regex(TENANT_NAME, { error: 'must be a tenant short name (lower-case letters, digits and dashes)' })),
  JWT_SECRET: optional(z.string().min(32, { error: (issue) => `must be at least 32 characters (it has ${String((issue.input as string).length)})` })),
  JWT_EXPIRES_IN: optional(z.string().trim().regex(DURATION, { error: "must be a duration such as '7d', '12h' or '30m'" })),
  HOLD_SECONDS: optional(wholeNumber(1)),
  MAX_LIVE_HOLDS: optional(wholeNumber(1)),
  SWEEP_INTERVAL_MS: optional(wholeNumber(0)),
  SMTP_URL: optional(urlWithScheme(['smtp:', 'smtps:'], 'smtp://user:password@host:587')),
  MAIL_FROM: optional(z.string().trim()),
  PUBLIC_URL: optional(publicUrl),
  TRUST_PROXY: optional(trustProxy),
  CARD_PROCESSOR: optional(
    z.string().trim().toLowerCase().pipe(z.enum(CARD_PROCESSOR_NAMES, { error: `must be one of ${CARD_PROCESSOR_NAMES.join(', ')}` })),
  ),
  ALLOW_SANDBOX_PAYMENTS: optional(flag),
  WEB_DIR: optional(z.string().trim()),
  LOG_LEVEL: optional(z.string().trim().toLowerCase().pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }))),
  RATE_LIMIT_MAX: optional(wholeNumber(1)),
  RATE_LIMIT_WINDOW_MS: optional(wholeNumber(1)),
  SEED_DEMO: optional(flag),
  REFERENCE_CACHE_MS: optional(wholeNumber(0)),
  MAX_EVENT_LOOP_LAG_MS: optional(wholeNumber(0)),
  BOOKING_QUEUE_MS: optional(wholeNumber(1, MAX_WAIT_MS)),
  METRICS_TOKEN: optional(z.string().min(16, { error: (issue) => `must be at least 16 characters (it has ${String((issue.input as string).length)})` })),
  METRICS_PORT: optional(wholeNumber(1, 65535)),
  MIGRATE_ON_START: optional(flag),
  OPERATOR_KEY: optional(z.string().min(16, { error: 'must be at least 16 characters' })),
  TWILIO_ACCOUNT_SID: optional(z.string().trim().regex(/^AC[0-9a-f]{32}$/i, { error: 'must be a Twilio account SID (AC followed by 32 hex digits)' })),
  TWILIO_AUTH_TOKEN: optional(z.string().trim().min(1)),
  TWILIO_FROM: optional(z.string().trim().regex(/^(\+[1-9]\d{6,14}|MG[0-9a-f]{32})$/i, { error: 'must be an E.164 number (+447700900123) or a Messaging Service SID (MG...)' })),
  TWILIO_API_BASE: optional(urlWithScheme(['https:', 'http:'], 'https://api.twilio.com')),
})
type Env = z.infer<typeof EnvSchema>
/** Every variable loadConfig reads (.env.example lists them, with the card processors' keys). */
export const SETTING_NAMES: readonly string[] = Object.keys(EnvSchema.shape)

interface Problem {
  variable: string
  message: string
}

/** What production mode requires beyond valid values (docs/production.md). */
function productionProblems(env: Env): Problem[] {
  const problems: Problem[] = []
  if (!env.PUBLIC_URL) problems.push({ variable: 'PUBLIC_URL', message: 'is required in production: the public https address of the app, the only origin links in mails are built from' })
  if (!env.JWT_SECRET) problems.push({ variable: 'JWT_SECRET', message: 'is required in production: at least 32 random characters (openssl rand -base64 48)' })
  if (!env.SMTP_URL) problems.push({ variable: 'SMTP_URL', message: 'is required in production: smtp://user:password@host:587 (mail is never only logged there)' })
  if ((env.CARD_PROCESSOR ?? 'sandbox') === 'sandbox' && env.ALLOW_SANDBOX_PAYMENTS !== true) {
    problems.push({
      variable: 'CARD_PROCESSOR',
      message: 'is the sandbox, which takes no real payments: set CARD_PROCESSOR=stripe or square, or ALLOW_SANDBOX_PAYMENTS=true to run the sandbox in production',
    })
  }
  return problems
}

function shown(variable: string, value: unknown): string {
  if (typeof value !== 'string' || SECRET_VARIABLES.has(variable)) return ''
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, '?')
  return ` (got '${clean.length > 60 ? `${clean.slice(0, 60)}…` : clean}')`
}

function configError(problems: Problem[], raw: NodeJS.ProcessEnv): ConfigError {
  const [first, ...others] = problems
  const also = others.length > 0 ? `; also check ${[...new Set(others.map((p) => p.variable))].join(', ')}` : ''
  const message = `${first.variable} ${first.message}${shown(first.variable, raw[first.variable])}${also}.`
  return new ConfigError([...new Set(problems.map((p) => p.variable))], message)
}

/** The configuration of this process; throws a ConfigError (one line, naming the variable) when it cannot run. */
export function loadConfig(raw: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(raw)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? 'environment'), message: issue.message }))
    throw configError(problems, raw)
  }
  const env = parsed.data
  const nodeEnv: NodeEnv = env.NODE_ENV ?? 'development'
  const production = nodeEnv === 'production'
  const problems = production ? productionProblems(env) : []
  const twilioSet = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].filter(Boolean).length
  if (twilioSet > 0 && twilioSet < 3) problems.push({ variable: 'TWILIO_ACCOUNT_SID', message: 'TWILIO_AUTH_TOKEN and TWILIO_FROM go together: set all three or none' })
  if (problems.length > 0) throw configError(problems, raw)
  const port = env.PORT ?? 3000
  return {
    env: nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR ?? resolve('data'),
    defaultTenant: env.DEFAULT_TENANT ?? 'demo',
    jwtSecret: env.JWT_SECRET,
    jwtExpiresIn: env.JWT_EXPIRES_IN ?? '7d',
    holdSeconds: env.HOLD_SECONDS ?? 300,
    maxLiveHolds: env.MAX_LIVE_HOLDS ?? 10,
    sweepIntervalMs: env.SWEEP_INTERVAL_MS ?? 15_000,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'Clinic Online Booking <no-reply@clinic.local>',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    trustProxy: env.TRUST_PROXY ?? false,
    cardProcessor: env.CARD_PROCESSOR ?? 'sandbox',
    allowSandboxPayments: env.ALLOW_SANDBOX_PAYMENTS ?? false,
    webDir: env.WEB_DIR ?? resolve('dist/web'),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    rateLimitMax: env.RATE_LIMIT_MAX ?? 10,
    rateLimitWindowMs: env.RATE_LIMIT_WINDOW_MS ?? 60_000,
    // Production never holds the demo tenant and its published password, whatever SEED_DEMO says.
    seedDemo: production ? false : (env.SEED_DEMO ?? true),
    referenceCacheMs: env.REFERENCE_CACHE_MS ?? 15_000,
    // In-process tests run on a loaded machine's loop with many requests at once: shedding there would fail them.
    maxEventLoopLagMs: env.MAX_EVENT_LOOP_LAG_MS ?? (nodeEnv === 'test' ? 0 : DEFAULT_MAX_EVENT_LOOP_LAG_MS),
    bookingQueueMs: env.BOOKING_QUEUE_MS ?? DEFAULT_BOOKING_QUEUE_MS,
    metricsToken: env.METRICS_TOKEN,
    metricsPort: env.METRICS_PORT,
    // Production upgrades migrate as a step of their own (docs/operations.md, "Upgrade").
    migrateOnStart: env.MIGRATE_ON_START ?? !production,
    operatorKey: env.OPERATOR_KEY,
    ...(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
      ? { twilio: { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, ...(env.TWILIO_API_BASE ? { apiBase: env.TWILIO_API_BASE } : {}) } }
      : {}),
  }
}

/**
 * Fastify's trustProxy for a TrustProxy setting. A hop count becomes a function: Fastify 5 reads a bare
 * number as "trust nobody" (a direct client could claim any number of hops), so a count is honoured
 * only as what the operator declares: the app is reachable through exactly that many proxies.
 */
export function fastifyTrustProxy(setting: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting
  return (_address, hop) => hop < setting
}

/** The public origin for a tenant's links: PUBLIC_URL with `{tenant}` filled in (tenant names are validated). */
export function publicOrigin(config: Pick<ServerConfig, 'publicUrl'>, tenant: string): string {
  return config.publicUrl.split(TENANT_PLACEHOLDER).join(tenant)
}

/** A configuration for tests: in-memory, quiet, short sweeps. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', ...(process.env.TEST_LOG_LEVEL ? { LOG_LEVEL: process.env.TEST_LOG_LEVEL } : {}) }),
    dataDir: 'memory://',
    jwtSecret: 'test-secret-of-at-least-32-characters!!',
    rateLimitMax: 10_000,
    sweepIntervalMs: 0,
    // Suites book many slots with one customer; the cap has its own test (hold-cap.routes.test.ts).
    maxLiveHolds: 10_000,
    ...overrides,
  }
}
