import { describe, expect, it } from 'vitest'
import { ConfigError, fastifyTrustProxy, loadConfig, publicOrigin, testConfig } from './config'
import { startFailureMessage } from './start-failure'

/** Everything production requires, valid. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://clinic.example.com',
  JWT_SECRET: 'a-production-secret-of-32-chars!!',
  SMTP_URL: 'smtp://mailer:secret@smtp.example.com:587',
  ALLOW_SANDBOX_PAYMENTS: 'true',
}

function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`)
}

describe('loadConfig: values are parsed, never silently replaced', () => {
  it('gives the defaults for an empty environment (development)', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      cardProcessor: 'sandbox',
      allowSandboxPayments: false,
      seedDemo: true,
      holdSeconds: 300,
      bookingQueueMs: 2_000,
    })
  })

  it('treats a blank value as unset', () => {
    expect(loadConfig({ PORT: '', HOLD_SECONDS: '  ' })).toMatchObject({ port: 3000, holdSeconds: 300 })
  })

  it('refuses PORT=abc with one line naming PORT', () => {
    const error = failure({ PORT: 'abc' })
    expect(error.variables).toEqual(['PORT'])
    expect(error.message).toBe("PORT must be a whole number from 0 to 65535 (got 'abc').")
    expect(error.message).not.toContain('\n')
  })

  it.each([
    ['PORT', '70000'],
    ['PORT', '30.5'],
    ['HOLD_SECONDS', '0'],
    ['HOLD_SECONDS', 'five'],
    ['MAX_LIVE_HOLDS', '-1'],
    ['SWEEP_INTERVAL_MS', '1e3'],
    ['RATE_LIMIT_MAX', '0'],
    ['RATE_LIMIT_WINDOW_MS', 'soon'],
    ['REFERENCE_CACHE_MS', 'x'],
    ['SEED_DEMO', 'no'],
    ['ALLOW_SANDBOX_PAYMENTS', 'yes'],
    ['CARD_PROCESSOR', 'paypal'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_EXPIRES_IN', 'a week'],
    ['DEFAULT_TENANT', 'Not A Tenant'],
    ['DATABASE_URL', 'mysql://db/clinic'],
    ['SMTP_URL', 'smtp.example.com'],
    ['PUBLIC_URL', 'clinic.example.com'],
    ['TRUST_PROXY', 'yes please'],
    ['BOOKING_QUEUE_MS', '0'],
    // Past the 10 s an admitted booking waits at most: it could not take effect.
    ['BOOKING_QUEUE_MS', '10001'],
  ])('refuses %s=%s, naming the variable', (variable, value) => {
    const error = failure({ [variable]: value })
    expect(error.variables).toEqual([variable])
    expect(error.message.startsWith(`${variable} `)).toBe(true)
  })

  it('never echoes a secret value back', () => {
    expect(failure({ JWT_SECRET: 'hunter2' }).message).toBe('JWT_SECRET must be at least 32 characters (it has 7).')
    expect(failure({ DATABASE_URL: 'mysql://root:s3cret@db/clinic' }).message).not.toContain('s3cret')
    expect(failure({ SMTP_URL: 'mailer:s3cret@smtp' }).message).not.toContain('s3cret')
  })

  it('refuses a METRICS_TOKEN under 16 characters, as OPERATOR_KEY, naming it without its value', () => {
    const error = failure({ METRICS_TOKEN: 'abc' })
    expect(error.variables).toEqual(['METRICS_TOKEN'])
    expect(error.message).toBe('METRICS_TOKEN must be at least 16 characters (it has 3).')
    expect(loadConfig({ METRICS_TOKEN: 'a-scrape-token-16' }).metricsToken).toBe('a-scrape-token-16')
  })

  it('names every wrong variable in the one line', () => {
    const error = failure({ PORT: 'abc', HOLD_SECONDS: 'x', SEED_DEMO: 'maybe' })
    expect(error.variables).toEqual(['PORT', 'HOLD_SECONDS', 'SEED_DEMO'])
    expect(error.message).toMatch(/^PORT .*; also check HOLD_SECONDS, SEED_DEMO\.$/)
  })

  it('reads the numbers, flags and names it is given', () => {
    const config = loadConfig({ PORT: '8080', HOLD_SECONDS: '60', SEED_DEMO: 'FALSE', CARD_PROCESSOR: 'Stripe', LOG_LEVEL: 'warn', BOOKING_QUEUE_MS: '500' })
    expect(config).toMatchObject({ port: 8080, holdSeconds: 60, seedDemo: false, cardProcessor: 'stripe', logLevel: 'warn', publicUrl: 'http://localhost:8080', bookingQueueMs: 500 })
  })
})

describe('what the line says, and what is read', () => {
  it('trims what it reads, but counts a secret as written', () => {
    expect(loadConfig({ PORT: ' 8080 ', DEFAULT_TENANT: ' acme ', LOG_LEVEL: ' DEBUG ', HOST: ' 127.0.0.1 ' })).toMatchObject({ port: 8080, defaultTenant: 'acme', logLevel: 'debug', host: '127.0.0.1' })
    expect(failure({ JWT_SECRET: `  ${'x'.repeat(29)}` }).message).toBe('JWT_SECRET must be at least 32 characters (it has 31).')
    expect(loadConfig({ JWT_SECRET: ` ${'x'.repeat(31)}` }).jwtSecret).toBe(` ${'x'.repeat(31)}`)
  })

  it('shows a bad value cleaned of control characters and cut at 60 characters', () => {
    expect(failure({ SEED_DEMO: 'a\u0000b' }).message).toBe("SEED_DEMO must be true or false (got 'a?b').")
    expect(failure({ LOG_LEVEL: 'x'.repeat(70) }).message).toBe(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got '${'x'.repeat(60)}…').`)
  })

  it('names OPERATOR_KEY without its value or its length', () => {
    expect(failure({ OPERATOR_KEY: 'short' }).message).toBe('OPERATOR_KEY must be at least 16 characters.')
  })

  it('refuses bad values before it checks what production requires', () => {
    const error = failure({ NODE_ENV: 'production', PORT: 'abc' })
    expect(error.variables).toEqual(['PORT'])
    expect(failure({ ...PRODUCTION, JWT_SECRET: '' }).message).toMatch(/^JWT_SECRET is required in production/)
  })

  it('takes the Twilio settings all three or none', () => {
    const sid = `AC${'a'.repeat(32)}`
    expect(failure({ TWILIO_ACCOUNT_SID: sid }).message).toBe(`TWILIO_ACCOUNT_SID TWILIO_AUTH_TOKEN and TWILIO_FROM go together: set all three or none (got '${sid}').`)
    expect(loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+447700900123' }).twilio).toEqual({ accountSid: sid, authToken: 'token', from: '+447700900123' })
    expect(loadConfig({}).twilio).toBeUndefined()
  })

  it('is quiet and never sheds in tests unless told', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ logLevel: 'silent', maxEventLoopLagMs: 0 })
    expect(loadConfig({})).toMatchObject({ logLevel: 'info', maxEventLoopLagMs: 1000 })
  })
})

describe('NODE_ENV', () => {
  it.each(['development', 'test', 'production'])('accepts %s', (value) => {
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: value }).env).toBe(value)
  })

  it.each(['staging', 'Production', 'prod', 'dev'])('refuses %s (an unknown mode would otherwise run as development, dev mailbox and all)', (value) => {
    const error = failure({ NODE_ENV: value })
    expect(error.message).toBe(`NODE_ENV must be development, test or production (got '${value}').`)
  })
})

describe('the production profile', () => {
  it('starts with everything it requires', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ env: 'production', publicUrl: 'https://clinic.example.com', cardProcessor: 'sandbox', allowSandboxPayments: true })
  })

  it.each(['PUBLIC_URL', 'JWT_SECRET', 'SMTP_URL'])('requires %s', (variable) => {
    const env: Record<string, string> = { ...PRODUCTION }
    delete env[variable]
    const error = failure(env)
    expect(error.variables).toEqual([variable])
    expect(error.message).toMatch(new RegExp(`^${variable} is required in production`))
  })

  it('refuses the sandbox card processor unless ALLOW_SANDBOX_PAYMENTS=true', () => {
    const { ALLOW_SANDBOX_PAYMENTS: _allow, ...env } = PRODUCTION
    expect(failure(env).variables).toEqual(['CARD_PROCESSOR'])
    expect(failure({ ...env, CARD_PROCESSOR: 'sandbox' }).message).toMatch(/^CARD_PROCESSOR is the sandbox, which takes no real payments/)
    expect(failure({ ...env, ALLOW_SANDBOX_PAYMENTS: 'false' }).variables).toEqual(['CARD_PROCESSOR'])
    expect(loadConfig({ ...env, CARD_PROCESSOR: 'stripe' }).cardProcessor).toBe('stripe')
    expect(loadConfig({ ...env, CARD_PROCESSOR: 'square' }).cardProcessor).toBe('square')
  })

  it('refuses a JWT_SECRET under 32 characters', () => {
    expect(failure({ ...PRODUCTION, JWT_SECRET: 'x'.repeat(31) }).variables).toEqual(['JWT_SECRET'])
    expect(loadConfig({ ...PRODUCTION, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32))
  })

  it('never seeds the demo tenant, whatever SEED_DEMO says', () => {
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false)
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' }).seedDemo).toBe(false)
    expect(loadConfig({ SEED_DEMO: 'true' }).seedDemo).toBe(true)
  })

  it('does not migrate on start unless MIGRATE_ON_START=true; elsewhere it does unless told not to', () => {
    expect(loadConfig(PRODUCTION).migrateOnStart).toBe(false)
    expect(loadConfig({ ...PRODUCTION, MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true)
    expect(loadConfig({}).migrateOnStart).toBe(true)
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false)
    expect(() => loadConfig({ MIGRATE_ON_START: 'yes' })).toThrow("MIGRATE_ON_START must be true or false (got 'yes').")
  })

  it('lists every missing requirement in one line', () => {
    const error = failure({ NODE_ENV: 'production' })
    expect(error.variables).toEqual(['PUBLIC_URL', 'JWT_SECRET', 'SMTP_URL', 'CARD_PROCESSOR'])
    expect(error.message).not.toContain('\n')
  })
})

describe('PUBLIC_URL', () => {
  it.each([
    ['https://clinic.example.com', 'https://clinic.example.com'],
    ['https://clinic.example.com/', 'https://clinic.example.com'],
    ['HTTPS://Clinic.Example.com:8443', 'https://clinic.example.com:8443'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['https://{tenant}.clinic.example.co.uk', 'https://{tenant}.clinic.example.co.uk'],
  ])('accepts %s as %s', (value, url) => {
    expect(loadConfig({ PUBLIC_URL: value }).publicUrl).toBe(url)
  })

  it.each([
    'ftp://clinic.example.com',
    'https://clinic.example.com/app',
    'https://clinic.example.com?x=1',
    'https://user:pass@clinic.example.com',
    'https://{tenant}.example.com',
    'https://www.{tenant}.example.co.uk',
    'not a url',
  ])('refuses %s', (value) => {
    expect(failure({ PUBLIC_URL: value }).variables).toEqual(['PUBLIC_URL'])
  })

  it('fills in the tenant for its links', () => {
    expect(publicOrigin(loadConfig({ PUBLIC_URL: 'https://{tenant}.clinic.example.co.uk' }), 'acme')).toBe('https://acme.clinic.example.co.uk')
    expect(publicOrigin(loadConfig({ PUBLIC_URL: 'https://clinic.example.com' }), 'acme')).toBe('https://clinic.example.com')
  })
})

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['127.0.0.1, 10.0.0.0/8 ,::1, fd00::/8', ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads %s as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected)
  })

  it.each(['10.0.0.0/33', '300.1.1.1', 'proxy.example.com', '10.0.0.1/8/1', '::1/129'])('refuses %s', (value) => {
    expect(failure({ TRUST_PROXY: value }).variables).toEqual(['TRUST_PROXY'])
  })

  it('turns a hop count into a trust function Fastify honours (it reads a bare number as "nobody")', () => {
    const trust = fastifyTrustProxy(2)
    expect(typeof trust).toBe('function')
    const fn = trust as (address: string, hop: number) => boolean
    expect([0, 1, 2].map((hop) => fn('10.0.0.1', hop))).toEqual([true, true, false])
    expect(fastifyTrustProxy(false)).toBe(false)
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8'])
  })
})

describe('testConfig', () => {
  it('is a quiet in-memory test configuration that overrides apply to', () => {
    expect(testConfig()).toMatchObject({ env: 'test', dataDir: 'memory://', logLevel: 'silent', sweepIntervalMs: 0 })
    expect(testConfig({ env: 'development', holdSeconds: 5 })).toMatchObject({ env: 'development', holdSeconds: 5 })
  })
})

describe('startFailureMessage', () => {
  it('gives the configuration line as the one line of a failed start', () => {
    expect(startFailureMessage(failure({ PORT: 'abc' }), { dataDir: 'data' })).toBe(
      "The server could not start: PORT must be a whole number from 0 to 65535 (got 'abc').",
    )
  })
})
