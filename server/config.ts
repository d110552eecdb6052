/**
 * Server configuration: the environment decoded with one io-ts codec at start (README and
 * docs/production.md list every variable; how one variable's text is read: config/setting-codecs.ts).
 * A missing or bad value is a ConfigError whose message is one line naming the variable; no value falls
 * back silently, in any mode. `NODE_ENV=production` is a checked profile (productionProblems): public
 * address, secrets, real mail and a real card processor.
 */
import { resolve } from 'node:path'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import * as t from 'io-ts'
import { DEFAULT_BOOKING_QUEUE_MS, MAX_WAIT_MS } from './db/admission'
import {
  atLeast,
  enumOf,
  flag,
  matching,
  oneOf,
  parsePublicUrl,
  parseTrustProxy,
  setting,
  TENANT_PLACEHOLDER,
  trimmed,
  urlWithScheme,
  wholeNumber,
  type Parse,
  type TrustProxy,
} from './config/setting-codecs'

export { parsePublicUrl, parseTrustProxy, TENANT_PLACEHOLDER, type TrustProxy } from './config/setting-codecs'

const NODE_ENVS = ['development', 'test', 'production'] as const
export type NodeEnv = (typeof NODE_ENVS)[number]
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
/** MAX_EVENT_LOOP_LAG_MS's default outside tests (BENCHMARKS.md, "Shedding by the event loop's lag"). */
export const DEFAULT_MAX_EVENT_LOOP_LAG_MS = 1000
const TENANT_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/
/** What jose's setExpirationTime accepts ('7d', '12h', '30 minutes'). */
const DURATION = /^\d+(\.\d+)? ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)$/i
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

// ---------------------------------------------------------------- the schema

const numberSetting = (min: number, max?: number) => setting(t.number, wholeNumber(min, max))
const stringSetting = (parse: Parse<string>) => setting(t.string, parse)
const textSetting = stringSetting(trimmed)
const flagSetting = setting(t.boolean, flag)

/** The environment: one codec a variable, every one optional; a failure's message is the user's line after the name. */
const EnvCodec = t.type({
  NODE_ENV: setting(enumOf(NODE_ENVS), oneOf(NODE_ENVS, 'must be development, test or production', false)),
  PORT: numberSetting(0, 65535),
  HOST: textSetting,
  DATABASE_URL: stringSetting(urlWithScheme(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/clinic')),
  DATA_DIR: textSetting,
  DEFAULT_TENANT: stringSetting(matching(TENANT_NAME, 'must be a tenant short name (lower-case letters, digits and dashes)')),
  JWT_SECRET: stringSetting(atLeast(32, true)),
  JWT_EXPIRES_IN: stringSetting(matching(DURATION, "must be a duration such as '7d', '12h' or '30m'")),
  HOLD_SECONDS: numberSetting(1),
  MAX_LIVE_HOLDS: numberSetting(1),
  SWEEP_INTERVAL_MS: numberSetting(0),
  SMTP_URL: stringSetting(urlWithScheme(['smtp:', 'smtps:'], 'smtp://user:password@host:587')),
  MAIL_FROM: textSetting,
  PUBLIC_URL: stringSetting(parsePublicUrl),
  TRUST_PROXY: setting(t.union([t.boolean, t.number, t.array(t.string)]), parseTrustProxy),
  CARD_PROCESSOR: setting(enumOf(CARD_PROCESSOR_NAMES), oneOf(CARD_PROCESSOR_NAMES, `must be one of ${CARD_PROCESSOR_NAMES.join(', ')}`, true)),
  ALLOW_SANDBOX_PAYMENTS: flagSetting,
  WEB_DIR: textSetting,
  LOG_LEVEL: setting(enumOf(LOG_LEVELS), oneOf(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`, true)),
  RATE_LIMIT_MAX: numberSetting(1),
  RATE_LIMIT_WINDOW_MS: numberSetting(1),
  SEED_DEMO: flagSetting,
  REFERENCE_CACHE_MS: numberSetting(0),
  MAX_EVENT_LOOP_LAG_MS: numberSetting(0),
  BOOKING_QUEUE_MS: numberSetting(1, MAX_WAIT_MS),
  METRICS_TOKEN: stringSetting(atLeast(16, true)),
  METRICS_PORT: numberSetting(1, 65535),
  MIGRATE_ON_START: flagSetting,
  OPERATOR_KEY: stringSetting(atLeast(16, false)),
  TWILIO_ACCOUNT_SID: stringSetting(matching(/^AC[0-9a-f]{32}$/i, 'must be a Twilio account SID (AC followed by 32 hex digits)')),
  TWILIO_AUTH_TOKEN: textSetting,
  TWILIO_FROM: stringSetting(matching(/^(\+[1-9]\d{6,14}|MG[0-9a-f]{32})$/i, 'must be an E.164 number (+447700900123) or a Messaging Service SID (MG...)')),
  TWILIO_API_BASE: stringSetting(urlWithScheme(['https:', 'http:'], 'https://api.twilio.com')),
})
type Env = t.TypeOf<typeof EnvCodec>
/** Every variable loadConfig reads (.env.example lists them, with the card processors' keys). */
export const SETTING_NAMES: readonly string[] = Object.keys(EnvCodec.props)

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

/** Problems of settings that are valid one by one but not together. */
function combinationProblems(env: Env): Problem[] {
  const problems = env.NODE_ENV === 'production' ? productionProblems(env) : []
  const twilioSet = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].filter(Boolean).length
  if (twilioSet > 0 && twilioSet < 3) problems.push({ variable: 'TWILIO_ACCOUNT_SID', message: 'TWILIO_AUTH_TOKEN and TWILIO_FROM go together: set all three or none' })
  return problems
}

function shown(variable: string, value: unknown): string {
  if (typeof value !== 'string' || SECRET_VARIABLES.has(variable)) return ''
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, '?')
  return ` (got '${clean.length > 60 ? `${clean.slice(0, 60)}…` : clean}')`
}

function configError(problems: readonly Problem[], raw: NodeJS.ProcessEnv): ConfigError {
  // A refusal has at least one problem; the default only keeps the types honest.
  const [first = { variable: 'environment', message: 'is not valid' }, ...others] = problems
  const also = others.length > 0 ? `; also check ${[...new Set(others.map((p) => p.variable))].join(', ')}` : ''
  const message = `${first.variable} ${first.message}${shown(first.variable, raw[first.variable])}${also}.`
  return new ConfigError([...new Set(problems.map((p) => p.variable))], message)
}

/** The variable a decoding error is about (its key in the environment) and what is wrong with it. */
const problemOf = (error: t.ValidationError): Problem => ({ variable: error.context[1]?.key ?? 'environment', message: error.message ?? 'is not valid' })

/**
 * The configuration of this process, or a ConfigError (one line, naming every wrong variable) when it
 * cannot run: the values one by one first, then what they require together.
 */
export function decodeConfig(raw: NodeJS.ProcessEnv = process.env): E.Either<ConfigError, ServerConfig> {
  return pipe(
    EnvCodec.decode(raw),
    E.mapLeft((errors) => errors.map(problemOf)),
    E.chain((env) => {
      const problems = combinationProblems(env)
      return problems.length > 0 ? E.left(problems) : E.right(env)
    }),
    E.bimap((problems) => configError(problems, raw), fromEnv),
  )
}

/** The configuration of this process; throws a ConfigError (one line, naming the variable) when it cannot run. */
export function loadConfig(raw: NodeJS.ProcessEnv = process.env): ServerConfig {
  const config = decodeConfig(raw)
  if (E.isLeft(config)) throw config.left
  return config.right
}

/** The settings read, with the defaults of those unset. */
function fromEnv(env: Env): ServerConfig {
  const nodeEnv: NodeEnv = env.NODE_ENV ?? 'development'
  const production = nodeEnv === 'production'
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
