/**
 * Card processor settings from the environment (CARD_PROCESSOR and each processor's keys), kept out
 * of server/config.ts so the processors stay one module. A missing key throws one line naming it.
 * `publicProcessorConfig` is the only form that may leave the server (no secret in it).
 */

export type ProcessorConfig =
  | { name: 'sandbox' }
  | {
      name: 'stripe'
      secretKey: string
      publishableKey: string
      webhookSecret: string
      /** http(s)://host:port of a Stripe-compatible API (tests, a local mock); default: Stripe's. */
      apiBase?: URL
    }
  | {
      name: 'square'
      accessToken: string
      applicationId: string
      locationId: string
      webhookSignatureKey: string
      /** The URL Square posts webhooks to, exactly as subscribed: part of what Square signs. */
      webhookUrl?: string
      environment: 'sandbox' | 'production'
      /** Base URL of a Square-compatible API (tests, a local mock); default: Square's for the environment. */
      apiBase?: string
    }

export const PROCESSOR_NAMES = ['sandbox', 'stripe', 'square'] as const

/** Where the client completes a payment with the processor's card form (followed by the transaction id). */
export const PAYMENT_PATHS = { stripe: '/pay/stripe', square: '/pay/square' } as const

export class ProcessorConfigError extends Error {
  override name = 'ProcessorConfigError'
}

function required(env: NodeJS.ProcessEnv, key: string, processor: string): string {
  const value = env[key]?.trim()
  if (!value) throw new ProcessorConfigError(`${key} is required when CARD_PROCESSOR=${processor}.`)
  return value
}

function apiBase(env: NodeJS.ProcessEnv, key: string): URL | undefined {
  const value = env[key]?.trim()
  if (!value) return undefined
  try {
    const url = new URL(value)
    if (url.protocol === 'http:' || url.protocol === 'https:') return url
  } catch {
    // reported below
  }
  throw new ProcessorConfigError(`${key} must be an http(s) URL.`)
}

export function loadProcessorConfig(env: NodeJS.ProcessEnv = process.env): ProcessorConfig {
  const name = (env.CARD_PROCESSOR ?? 'sandbox').trim().toLowerCase() || 'sandbox'
  switch (name) {
    case 'sandbox':
      return { name }
    case 'stripe': {
      const secretKey = required(env, 'STRIPE_SECRET_KEY', name)
      if (secretKey.startsWith('pk_')) throw new ProcessorConfigError('STRIPE_SECRET_KEY holds a publishable key (pk_...): use the secret key (sk_... or rk_...).')
      const base = apiBase(env, 'STRIPE_API_BASE')
      return {
        name,
        secretKey,
        publishableKey: required(env, 'STRIPE_PUBLISHABLE_KEY', name),
        webhookSecret: required(env, 'STRIPE_WEBHOOK_SECRET', name),
        ...(base ? { apiBase: base } : {}),
      }
    }
    case 'square': {
      const environment = (env.SQUARE_ENVIRONMENT ?? 'sandbox').trim().toLowerCase()
      if (environment !== 'sandbox' && environment !== 'production') throw new ProcessorConfigError(`SQUARE_ENVIRONMENT must be 'sandbox' or 'production'.`)
      const base = apiBase(env, 'SQUARE_API_BASE')
      const webhookUrl = env.SQUARE_WEBHOOK_URL?.trim()
      return {
        name,
        accessToken: required(env, 'SQUARE_ACCESS_TOKEN', name),
        applicationId: required(env, 'SQUARE_APPLICATION_ID', name),
        locationId: required(env, 'SQUARE_LOCATION_ID', name),
        webhookSignatureKey: required(env, 'SQUARE_WEBHOOK_SIGNATURE_KEY', name),
        environment,
        ...(webhookUrl ? { webhookUrl } : {}),
        ...(base ? { apiBase: base.toString().replace(/\/$/, '') } : {}),
      }
    }
    default:
      throw new ProcessorConfigError(`Unknown CARD_PROCESSOR '${name}' (known: ${PROCESSOR_NAMES.join(', ')}).`)
  }
}

/** What the client may know: the processor's name and, for Stripe, the publishable key. */
export function publicProcessorConfig(config: ProcessorConfig): { processor: string; publishableKey?: string; applicationId?: string; locationId?: string; environment?: string } {
  switch (config.name) {
    case 'stripe':
      return { processor: 'stripe', publishableKey: config.publishableKey }
    case 'square':
      return { processor: 'square', applicationId: config.applicationId, locationId: config.locationId, environment: config.environment }
    default:
      return { processor: config.name }
  }
}

/**
 * What the browser may load for the processor's card form (Content-Security-Policy sources): Stripe.js
 * and its Payment Element frames, or Square's Web Payments SDK. Only for the processor in use; by
 * name, so a missing key is reported by the start, not here.
 */
export function processorCspSources(env: NodeJS.ProcessEnv = process.env): { script: string[]; frame: string[]; connect: string[]; style: string[] } {
  switch ((env.CARD_PROCESSOR ?? '').trim().toLowerCase()) {
    case 'stripe':
      return { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'], style: [] }
    case 'square': {
      const square = ['https://*.squarecdn.com', 'https://connect.squareup.com', 'https://connect.squareupsandbox.com', 'https://pci-connect.squareup.com', 'https://pci-connect.squareupsandbox.com']
      return { script: ['https://*.squarecdn.com'], frame: square, connect: square, style: ['https://*.squarecdn.com'] }
    }
    default:
      return { script: [], frame: [], connect: [], style: [] }
  }
}
