/** Server configuration from the environment (README configuration table). */
import { resolve } from 'node:path'

export interface ServerConfig {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  /** PostgreSQL server; when unset the embedded PGlite is used. */
  databaseUrl?: string
  /** PGlite data directory ('memory://' keeps data in memory). */
  dataDir: string
  defaultTenant: string
  /** HS256 secret of the customer JWTs; when unset one is generated and stored in the database. */
  jwtSecret?: string
  /** Lifetime of a login token, e.g. '7d'. */
  jwtExpiresIn: string
  /** How long a pending booking holds its slot (spec: 5 minutes). */
  holdSeconds: number
  /** Unpaid holds one customer may keep at once (429 beyond): enough for any real basket, too few to block a calendar. */
  maxLiveHolds: number
  /** Interval of the expired-hold sweeper and the mail outbox sender. */
  sweepIntervalMs: number
  /** smtp://user:pass@host:port: send the outbox with nodemailer; unset: log it (dev mailbox). */
  smtpUrl?: string
  mailFrom: string
  /** Public origin for links in mails (https://clinic.example.com); default: the request's origin. */
  publicUrl?: string
  /** The built web app. */
  webDir: string
  logLevel: string
  /** Requests per window per client on login, register and forgot-password. */
  rateLimitMax: number
  rateLimitWindowMs: number
  /** Seed the demo tenant on start when it is missing. */
  seedDemo: boolean
  /** How long reference data (hours, closures, service options, settings) is cached in memory; 0 disables. */
  referenceCacheMs: number
  /** Bearer token that /api/metrics requires (docs/operations.md). */
  metricsToken?: string
  /** Serve the metrics on this port only, not on the public one. */
  metricsPort?: number
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value)
  return Number.isFinite(n) ? n : fallback
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development'
  return {
    env: nodeEnv,
    port: int(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || resolve('data'),
    defaultTenant: env.DEFAULT_TENANT || 'demo',
    jwtSecret: env.JWT_SECRET || undefined,
    jwtExpiresIn: env.JWT_EXPIRES_IN || '7d',
    holdSeconds: int(env.HOLD_SECONDS, 300),
    maxLiveHolds: int(env.MAX_LIVE_HOLDS, 10),
    sweepIntervalMs: int(env.SWEEP_INTERVAL_MS, 15_000),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Clinic Online Booking <no-reply@clinic.local>',
    publicUrl: env.PUBLIC_URL || undefined,
    webDir: env.WEB_DIR || resolve('dist/web'),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    rateLimitMax: int(env.RATE_LIMIT_MAX, 10),
    rateLimitWindowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000),
    seedDemo: env.SEED_DEMO !== 'false',
    referenceCacheMs: int(env.REFERENCE_CACHE_MS, 15_000),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT ? int(env.METRICS_PORT, 0) : undefined,
  }
}

/** A configuration for tests: in-memory, quiet, short sweeps. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test' }),
    dataDir: 'memory://',
    jwtSecret: 'test-secret-of-at-least-32-characters!!',
    rateLimitMax: 10_000,
    sweepIntervalMs: 0,
    // Suites book many slots with one customer; the cap has its own test (hold-cap.routes.test.ts).
    maxLiveHolds: 10_000,
    ...overrides,
  }
}
