/** .env.example (the settings of the image and of compose.yaml) lists every setting, each with its default. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig, SETTING_NAMES } from './config'
import { loadProcessorConfig } from './commerce/processor-config'

const root = resolve(import.meta.dirname, '..')
const example = new Map(
  readFileSync(resolve(root, '.env.example'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
)
/** The card processors' keys, as processor-config.ts reads them. */
const processorKeys = [...readFileSync(resolve(root, 'server/commerce/processor-config.ts'), 'utf8').matchAll(/'((?:STRIPE|SQUARE)_[A-Z_]+)'|env\.((?:STRIPE|SQUARE)_[A-Z_]+)/g)].map((m) => m[1] ?? m[2])
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://clinic.example.com', JWT_SECRET: 'a-production-secret-of-32-chars!!', SMTP_URL: 'smtp://127.0.0.1:587', ALLOW_SANDBOX_PAYMENTS: 'true' }

describe('.env.example', () => {
  it('lists every setting of the server and of the card processors', () => {
    expect(processorKeys).toEqual(expect.arrayContaining(['STRIPE_SECRET_KEY', 'SQUARE_ENVIRONMENT']))
    for (const name of [...SETTING_NAMES, ...processorKeys]) expect(example.has(name), name).toBe(true)
    for (const name of example.keys()) expect([...SETTING_NAMES, ...processorKeys], name).toContain(name)
  })

  it('each value written out is the default (the production profile for NODE_ENV and MIGRATE_ON_START)', () => {
    expect(example.get('NODE_ENV')).toBe('production')
    for (const [name, value] of example) {
      if (value === '' || name === 'NODE_ENV' || processorKeys.includes(name)) continue
      const base = name === 'MIGRATE_ON_START' ? PRODUCTION : {}
      expect(loadConfig({ ...base, [name]: value }), name).toEqual(loadConfig(base))
    }
    const square = { CARD_PROCESSOR: 'square', SQUARE_ACCESS_TOKEN: 't', SQUARE_APPLICATION_ID: 'a', SQUARE_LOCATION_ID: 'l', SQUARE_WEBHOOK_SIGNATURE_KEY: 'k' }
    expect(loadProcessorConfig({ ...square, SQUARE_ENVIRONMENT: example.get('SQUARE_ENVIRONMENT') })).toEqual(loadProcessorConfig(square))
  })

  it('as written, with the production requirements filled in, starts', () => {
    const written = Object.fromEntries(example)
    expect(loadConfig({ ...written, ...PRODUCTION })).toMatchObject({ env: 'production', migrateOnStart: false, cardProcessor: 'sandbox' })
    expect(loadProcessorConfig(written)).toEqual({ name: 'sandbox' })
  })
})
