/**
 * A local Stripe API for tests: real HTTP on 127.0.0.1 that the official SDK talks to (STRIPE_API_BASE),
 * with objects shaped like Stripe's documented ones (PaymentIntent, Charge, Refund, Customer,
 * PaymentMethod, SetupIntent, Event) and Stripe's idempotency (same key → same answer).
 * What Stripe.js does in the browser (create a PaymentMethod, confirm with the Payment Element,
 * complete a SetupIntent) is done with the helper methods; webhooks are signed as Stripe signs them.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import Stripe from 'stripe'
import { MockHttpServer } from '../../test-support/mock-http-server'

type Obj = Record<string, unknown>

/** Stripe's test cards by what they do (Stripe's docs: "Testing" → declined payments). */
export const TEST_CARDS = {
  visa: { brand: 'visa', last4: '4242' },
  mastercard: { brand: 'mastercard', last4: '4444' },
  incorrect_number: { brand: 'visa', last4: '4241', error: { code: 'incorrect_number' } },
  expired_card: { brand: 'visa', last4: '0069', error: { code: 'expired_card', decline_code: 'expired_card' } },
  incorrect_cvc: { brand: 'visa', last4: '0127', error: { code: 'incorrect_cvc', decline_code: 'incorrect_cvc' } },
  incorrect_zip: { brand: 'visa', last4: '0036', error: { code: 'incorrect_zip', decline_code: 'incorrect_zip' } },
  card_declined: { brand: 'visa', last4: '0002', error: { code: 'card_declined', decline_code: 'generic_decline' } },
} as const
export type TestCard = keyof typeof TEST_CARDS

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/** Stripe's form encoding (a[b]=c, a[0]=x, a[b][c]=d) back to objects. */
function parseForm(body: string): Obj {
  const out: Obj = {}
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '')
    let node: Obj = out
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value
      else node = (node[part] ??= {}) as Obj
    })
  }
  return out
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: Obj,
  ) {
    super(String(error.message))
  }
}

export interface RecordedRequest {
  method: string
  path: string
  idempotencyKey?: string
  body: Obj
}

export class StripeMock extends MockHttpServer {
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`
  readonly publishableKey = 'pk_test_mock'
  readonly requests: RecordedRequest[] = []
  readonly intents = new Map<string, Obj>()
  readonly setupIntents = new Map<string, Obj>()
  readonly methods = new Map<string, Obj & { testCard: TestCard }>()
  readonly charges = new Map<string, Obj>()
  readonly customers = new Map<string, Obj>()
  readonly refunds = new Map<string, Obj>()
  private readonly replies = new Map<string, { status: number; body: unknown }>()
  /** Set to answer every API call with 500 (Stripe down). */
  failing = false

  /** The environment that makes a server take card payments through Stripe's SDK pointed at this mock. */
  processorEnv(): Record<string, string> {
    return {
      CARD_PROCESSOR: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_mock',
      STRIPE_PUBLISHABLE_KEY: this.publishableKey,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_BASE: this.baseUrl,
    }
  }
  /** Calls to a path held unanswered until released (a slow Stripe, to order a race): see holdCalls. */
  private held?: { path: string; reached: () => void; open: Promise<void> }

  /**
   * The next calls to `path` wait, unanswered, until release(); `reached` resolves when the first
   * arrives, so that a test acts while a request is in Stripe's hands (no sleeping).
   */
  holdCalls(path: string): { reached: Promise<void>; release: () => void } {
    let reached!: () => void
    let release!: () => void
    const arrived = new Promise<void>((resolve) => (reached = resolve))
    const open = new Promise<void>((resolve) => (release = resolve))
    this.held = { path, reached, open }
    return {
      reached: arrived,
      release: () => {
        this.held = undefined
        release()
      },
    }
  }

  protected async handle(req: IncomingMessage, res: ServerResponse, text: string, url: URL): Promise<void> {
    const body = req.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(text)
    const key = req.headers['idempotency-key'] as string | undefined
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body, ...(key ? { idempotencyKey: key } : {}) })
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
      res.end(JSON.stringify(payload))
    }
    const held = this.held
    if (held && url.pathname === held.path) {
      held.reached()
      await held.open
    }
    if (this.failing) return send(500, { error: { type: 'api_error', message: 'Stripe is down (mock).' } })
    if (typeof body.key === 'string' && body.key.startsWith('pk_')) return this.fromBrowser(req.method ?? 'GET', url.pathname, body, send)
    if (req.headers.authorization !== 'Bearer sk_test_mock') return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } })
    const replayKey = key ? `${req.method} ${url.pathname} ${key}` : undefined
    const replay = replayKey ? this.replies.get(replayKey) : undefined
    if (replay) return send(replay.status, replay.body)
    let status = 200
    let payload: unknown
    try {
      payload = this.route(req.method ?? 'GET', url.pathname, body)
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error
      status = error.status
      payload = { error: error.error }
    }
    if (replayKey) this.replies.set(replayKey, { status, body: payload })
    send(status, payload)
  }

  private missing(kind: string, value: string): never {
    throw new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${value}'`, param: 'id' })
  }

  private unexpectedState(intent: Obj, action: string): never {
    throw new StripeHttpError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${action} because it has a status of ${String(intent.status)}.`,
      payment_intent: intent,
    })
  }

  private route(method: string, path: string, body: Obj): unknown {
    const parts = path.split('/').filter(Boolean).slice(1) // drop 'v1'
    const [resource, objectId, action] = parts
    if (resource === 'account' && method === 'GET') return { id: 'acct_mock', object: 'account', charges_enabled: true }
    if (resource === 'payment_intents') {
      if (!objectId && method === 'POST') return this.createIntent(body)
      const intent = this.intents.get(objectId) ?? this.missing('payment_intent', objectId)
      if (!action && method === 'GET') return this.view(intent, body.expand)
      if (!action && method === 'POST') return Object.assign(intent, body.customer ? { customer: body.customer } : {})
      if (action === 'confirm') return this.confirm(intent, String(body.payment_method))
      if (action === 'capture') {
        if (intent.status !== 'requires_capture') this.unexpectedState(intent, 'captured')
        intent.status = 'succeeded'
        intent.amount_received = intent.amount
        return this.view(intent)
      }
      if (action === 'cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') this.unexpectedState(intent, 'canceled')
        intent.status = 'canceled'
        intent.canceled_at = Math.floor(Date.now() / 1000)
        return this.view(intent)
      }
    }
    if (resource === 'refunds' && method === 'POST') return this.createRefund(body)
    if (resource === 'refunds' && method === 'GET') {
      if (objectId) return this.refunds.get(objectId) ?? this.missing('refund', objectId)
      const data = [...this.refunds.values()].filter((r) => !body.payment_intent || r.payment_intent === body.payment_intent).reverse()
      return { object: 'list', data, has_more: false, url: '/v1/refunds' }
    }
    if (resource === 'customers') {
      if (!objectId && method === 'POST') {
        const customer = { id: id('cus'), object: 'customer', metadata: body.metadata ?? {}, created: Math.floor(Date.now() / 1000) }
        this.customers.set(customer.id, customer)
        return customer
      }
      this.customers.get(objectId) ?? this.missing('customer', objectId)
      if (action === 'payment_methods') {
        const data = [...this.methods.values()].filter((m) => m.customer === objectId).map((m) => this.viewMethod(m))
        return { object: 'list', data, has_more: false, url: path }
      }
    }
    if (resource === 'payment_methods') {
      const pm = this.methods.get(objectId) ?? this.missing('payment_method', objectId)
      if (!action && method === 'GET') return this.viewMethod(pm)
      if (action === 'attach') {
        this.customers.get(String(body.customer)) ?? this.missing('customer', String(body.customer))
        const error = (TEST_CARDS[pm.testCard] as { error?: Obj }).error
        if (error) throw new StripeHttpError(402, { type: 'card_error', ...error, message: 'Your card was declined.', param: '' })
        pm.customer = body.customer
        return this.viewMethod(pm)
      }
      if (action === 'detach') {
        pm.customer = null
        return this.viewMethod(pm)
      }
    }
    if (resource === 'setup_intents') {
      if (!objectId && method === 'POST') {
        const seti = id('seti')
        const intent: Obj = { id: seti, object: 'setup_intent', client_secret: `${seti}_secret_${randomBytes(8).toString('hex')}`, customer: body.customer, usage: body.usage, status: 'requires_payment_method', payment_method: null, metadata: body.metadata ?? {} }
        this.setupIntents.set(seti, intent)
        return intent
      }
      const intent = this.setupIntents.get(objectId) ?? this.missing('setup_intent', objectId)
      if (method === 'GET') return intent
    }
    throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` })
  }

  /** POST /v1/refunds: the whole charge, or `amount` (minor units) of what is left of it. */
  private createRefund(body: Obj): Obj {
    const intent = this.intents.get(String(body.payment_intent)) ?? this.missing('payment_intent', String(body.payment_intent))
    const charge = this.charges.get(String(intent.latest_charge))
    if (intent.status !== 'succeeded' || !charge) {
      throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'charge_not_captured', message: 'This charge has not been captured.' })
    }
    if (charge.refunded) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' })
    const left = Number(charge.amount) - Number(charge.amount_refunded)
    const amount = body.amount === undefined ? left : Number(body.amount)
    if (!(amount > 0 && amount <= left)) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount', message: 'Refund amount is greater than unrefunded amount on charge.' })
    const refunded = Number(charge.amount_refunded) + amount
    Object.assign(charge, { refunded: refunded >= Number(charge.amount), amount_refunded: refunded })
    const refund: Obj = { id: id('re'), object: 'refund', amount, currency: charge.currency, charge: charge.id, payment_intent: intent.id, status: 'succeeded', metadata: body.metadata ?? {}, created: Math.floor(Date.now() / 1000) }
    this.refunds.set(String(refund.id), refund)
    return refund
  }

  private createIntent(body: Obj): Obj {
    const amount = Number(body.amount)
    if (!Number.isSafeInteger(amount) || amount < 1) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid integer.' })
    const pi = id('pi')
    const intent: Obj = {
      id: pi,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: body.currency,
      capture_method: body.capture_method ?? 'automatic_async',
      client_secret: `${pi}_secret_${randomBytes(8).toString('hex')}`,
      customer: body.customer ?? null,
      description: body.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: body.metadata ?? {},
      payment_method: null,
      status: 'requires_payment_method',
      created: Math.floor(Date.now() / 1000),
    }
    this.intents.set(pi, intent)
    return intent
  }

  private view(intent: Obj, expand?: unknown): Obj {
    const wanted = expand && typeof expand === 'object' ? Object.values(expand as Obj) : []
    if (wanted.includes('latest_charge') && intent.latest_charge) return { ...intent, latest_charge: this.charges.get(String(intent.latest_charge)) }
    return { ...intent }
  }

  private viewMethod(pm: Obj & { testCard: TestCard }): Obj {
    const { testCard, ...rest } = pm
    void testCard
    return rest
  }

  private confirm(intent: Obj, paymentMethod: string): Obj {
    const pm = this.methods.get(paymentMethod) ?? this.missing('payment_method', paymentMethod)
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') this.unexpectedState(intent, 'confirmed')
    if (pm.customer && intent.customer !== pm.customer) {
      throw new StripeHttpError(400, { type: 'invalid_request_error', message: 'The PaymentMethod belongs to another Customer.', param: 'payment_method' })
    }
    const error = (TEST_CARDS[pm.testCard] as { error?: Obj }).error
    const chargeId = id('ch')
    const charge: Obj = { id: chargeId, object: 'charge', amount: intent.amount, currency: intent.currency, payment_intent: intent.id, refunded: false, amount_refunded: 0, status: error ? 'failed' : 'succeeded', captured: false }
    this.charges.set(chargeId, charge)
    intent.latest_charge = chargeId
    intent.payment_method = pm.id
    if (error) {
      const lastError = { type: 'card_error', ...error, message: 'Your card was declined.', charge: chargeId }
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: lastError })
      throw new StripeHttpError(402, { ...lastError, payment_intent: this.view(intent) })
    }
    Object.assign(intent, { status: intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded', last_payment_error: null })
    return this.view(intent)
  }

  // --- What Stripe.js does in the customer's browser -------------------------------------------

  /**
   * Stripe.js's own calls, made with the publishable key and the intent's client secret (the browser
   * e2e's stand-in for Stripe.js posts them): confirm a PaymentIntent or a SetupIntent with the card
   * the Payment Element took (payment_method_data[card][number], a test card by its last four digits).
   */
  private fromBrowser(method: string, path: string, body: Obj, send: (status: number, payload: unknown) => void): void {
    const [resource, objectId, action] = path.split('/').filter(Boolean).slice(1)
    if (body.key !== this.publishableKey) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } })
    const intents = resource === 'payment_intents' ? this.intents : resource === 'setup_intents' ? this.setupIntents : undefined
    const intent = intents?.get(objectId)
    if (method !== 'POST' || action !== 'confirm' || !intent || intent.client_secret !== body.client_secret) {
      return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${resource}: '${objectId}'` } })
    }
    const number = String(((body.payment_method_data as Obj | undefined)?.card as Obj | undefined)?.number ?? '')
    const testCard = (Object.keys(TEST_CARDS) as TestCard[]).find((k) => number.length >= 12 && TEST_CARDS[k].last4 === number.slice(-4)) ?? 'card_declined'
    try {
      if (resource === 'payment_intents') return send(200, this.confirm(intent, this.createPaymentMethod(testCard)))
      const error = (TEST_CARDS[testCard] as { error?: Obj }).error
      if (error) {
        const lastError = { type: 'card_error', ...error, message: 'Your card was declined.' }
        Object.assign(intent, { status: 'requires_payment_method', last_setup_error: lastError })
        return send(402, { error: { ...lastError, setup_intent: intent } })
      }
      this.completeSetup(objectId, 'succeeded', testCard)
      return send(200, intent)
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error
      return send(error.status, { error: error.error })
    }
  }

  /** stripe.createPaymentMethod({ type: 'card', card }) with one of the test cards. */
  createPaymentMethod(testCard: TestCard = 'visa'): string {
    const card = TEST_CARDS[testCard]
    const pm = id('pm')
    this.methods.set(pm, { id: pm, object: 'payment_method', type: 'card', customer: null, card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2039 }, testCard })
    return pm
  }

  /** stripe.confirmPayment(...) from the Payment Element: the card authorizes (or declines) the intent. */
  confirmInBrowser(transactionId: string, testCard: TestCard = 'visa'): Obj {
    const intent = this.intents.get(transactionId) ?? this.missing('payment_intent', transactionId)
    try {
      return this.confirm(intent, this.createPaymentMethod(testCard))
    } catch (error) {
      if (error instanceof StripeHttpError) return this.view(intent)
      throw error
    }
  }

  /** stripe.confirmSetup(...): the setup intent ends in `status` (a card is attached unless it failed). */
  completeSetup(setupIntentId: string, status: 'succeeded' | 'processing' | 'requires_payment_method', testCard: TestCard = 'visa'): string | undefined {
    const intent = this.setupIntents.get(setupIntentId) ?? this.missing('setup_intent', setupIntentId)
    if (status === 'requires_payment_method') {
      Object.assign(intent, { status, last_setup_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } })
      return undefined
    }
    const pm = this.createPaymentMethod(testCard)
    this.methods.get(pm)!.customer = intent.customer
    Object.assign(intent, { status, payment_method: pm, last_setup_error: null })
    return pm
  }

  /**
   * A refund made in Stripe's dashboard (all that is left, or `amount` in minor units): the charge
   * and the Refund object as Stripe keeps them, for the charge.refunded and refund.* events.
   */
  refundInDashboard(transactionId: string, amount?: number): { charge: Obj; refund: Obj } {
    const refund = this.createRefund({ payment_intent: transactionId, ...(amount === undefined ? {} : { amount: String(amount) }) })
    return { charge: this.charges.get(String(refund.charge))!, refund }
  }

  // --- Webhooks --------------------------------------------------------------------------------

  /** A Stripe Event of `type` about the intent as it is now. */
  event(type: string, object: Obj, eventId = id('evt')): string {
    return JSON.stringify({ id: eventId, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } })
  }

  /** The Stripe-Signature header Stripe would send with `payload` (the SDK's own signer). */
  sign(payload: string, secret = this.webhookSecret): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret })
  }
}
