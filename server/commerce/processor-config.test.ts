import { describe, expect, it } from 'vitest'
import { loadProcessorConfig, processorCspSources, ProcessorConfigError, publicProcessorConfig } from './processor-config'

const stripeEnv = { CARD_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'sk_test_secret', STRIPE_PUBLISHABLE_KEY: 'pk_test_public', STRIPE_WEBHOOK_SECRET: 'whsec_x' }
const squareEnv = {
  CARD_PROCESSOR: 'square',
  SQUARE_ACCESS_TOKEN: 'EAAA-secret',
  SQUARE_APPLICATION_ID: 'sandbox-sq0idb-app',
  SQUARE_LOCATION_ID: 'L1',
  SQUARE_WEBHOOK_SIGNATURE_KEY: 'sig-secret',
}

describe('card processor configuration', () => {
  it('defaults to the sandbox', () => {
    expect(loadProcessorConfig({})).toEqual({ name: 'sandbox' })
  })

  it('reads Stripe keys and an API base override', () => {
    const config = loadProcessorConfig({ ...stripeEnv, STRIPE_API_BASE: 'http://127.0.0.1:12111' })
    expect(config).toMatchObject({ name: 'stripe', secretKey: 'sk_test_secret', publishableKey: 'pk_test_public', webhookSecret: 'whsec_x' })
    expect(config.name === 'stripe' && config.apiBase?.port).toBe('12111')
  })

  it.each(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'])('stops with one line naming a missing %s', (key) => {
    const env: Record<string, string> = { ...stripeEnv }
    delete env[key]
    expect(() => loadProcessorConfig(env)).toThrow(new ProcessorConfigError(`${key} is required when CARD_PROCESSOR=stripe.`))
  })

  it.each(['SQUARE_ACCESS_TOKEN', 'SQUARE_APPLICATION_ID', 'SQUARE_LOCATION_ID', 'SQUARE_WEBHOOK_SIGNATURE_KEY'])('stops with one line naming a missing %s', (key) => {
    const env: Record<string, string> = { ...squareEnv }
    delete env[key]
    expect(() => loadProcessorConfig(env)).toThrow(`${key} is required when CARD_PROCESSOR=square.`)
  })

  it('refuses an unknown processor, a bad base URL and a publishable key in the secret', () => {
    expect(() => loadProcessorConfig({ CARD_PROCESSOR: 'paypal' })).toThrow("Unknown CARD_PROCESSOR 'paypal' (known: sandbox, stripe, square).")
    expect(() => loadProcessorConfig({ ...stripeEnv, STRIPE_API_BASE: 'ftp://x' })).toThrow('STRIPE_API_BASE must be an http(s) URL.')
    expect(() => loadProcessorConfig({ ...stripeEnv, STRIPE_SECRET_KEY: 'pk_live_oops' })).toThrow(/publishable key/)
    expect(() => loadProcessorConfig({ ...squareEnv, SQUARE_ENVIRONMENT: 'staging' })).toThrow(/SQUARE_ENVIRONMENT/)
  })

  it('gives the client only what is public', () => {
    const stripe = JSON.stringify(publicProcessorConfig(loadProcessorConfig(stripeEnv)))
    expect(stripe).toContain('pk_test_public')
    expect(stripe).not.toContain('sk_test_secret')
    expect(stripe).not.toContain('whsec_x')
    const square = JSON.stringify(publicProcessorConfig(loadProcessorConfig(squareEnv)))
    expect(square).toContain('sandbox-sq0idb-app')
    expect(square).not.toContain('EAAA-secret')
    expect(square).not.toContain('sig-secret')
  })

  it("lets the browser load only the card form of the processor in use (CSP sources)", () => {
    expect(processorCspSources({})).toEqual({ script: [], frame: [], connect: [], style: [] })
    expect(processorCspSources({ CARD_PROCESSOR: 'sandbox' }).script).toEqual([])
    const stripe = processorCspSources({ CARD_PROCESSOR: 'Stripe' })
    expect(stripe.script).toEqual(['https://js.stripe.com'])
    expect(stripe.frame).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com'])
    expect(stripe.connect).toEqual(['https://api.stripe.com'])
    const square = processorCspSources({ CARD_PROCESSOR: 'square' })
    expect(square.script).toEqual(['https://*.squarecdn.com'])
    expect(square.frame).toContain('https://connect.squareup.com')
    expect(JSON.stringify(square)).not.toContain('stripe')
  })
})
