import { loadScript } from './load-script'

/** Stripe.js v3: always loaded from Stripe (PCI); the subset the card forms use. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3'

export interface StripeError {
  type: string
  code?: string
  decline_code?: string
  message?: string
}

export interface StripeElement {
  mount(target: HTMLElement): void
  destroy(): void
  on(event: 'ready' | 'change', handler: (event: unknown) => void): void
}

export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripeElement
  submit(): Promise<{ error?: StripeError }>
}

export interface StripeConfirmOptions {
  elements: StripeElements
  /** the intent made after the form was shown (elements created with `mode`, and submitted first) */
  clientSecret?: string
  confirmParams: { return_url: string }
  redirect: 'if_required'
}

/** With an intent's client secret, or with `mode` (the intent is made when the customer confirms). */
export type StripeElementsOptions =
  | { clientSecret: string; appearance?: Record<string, unknown> }
  | { mode: 'setup'; currency?: string; appearance?: Record<string, unknown> }

export interface StripeClient {
  elements(options: StripeElementsOptions): StripeElements
  confirmPayment(options: StripeConfirmOptions): Promise<{ error?: StripeError; paymentIntent?: { id: string; status: string } }>
  confirmSetup(options: StripeConfirmOptions): Promise<{ error?: StripeError; setupIntent?: { id: string; status: string } }>
}

type StripeFactory = (publishableKey: string) => StripeClient

const clients = new Map<string, StripeClient>()

export async function loadStripe(publishableKey: string): Promise<StripeClient> {
  const known = clients.get(publishableKey)
  if (known) return known
  await loadScript(STRIPE_JS_URL)
  const factory = (globalThis as { Stripe?: StripeFactory }).Stripe
  if (!factory) throw new Error('Stripe.js did not load')
  const client = factory(publishableKey)
  clients.set(publishableKey, client)
  return client
}
