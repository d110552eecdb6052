/**
 * A local Square API for tests: real HTTP on 127.0.0.1 that the official SDK talks to
 * (SQUARE_API_BASE), with bodies shaped like Square's documented v2 objects (Payment, PaymentRefund,
 * Customer, Card, Location, webhook event) and Square's idempotency (same key → same answer).
 * Card nonces are Square's sandbox test nonces (cnon:card-nonce-ok, ...-rejected-cvv, ...).
 * Webhooks are signed as Square signs them: base64 HMAC-SHA256 of notification URL + body.
 */
import { createHmac, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { MockHttpServer } from '../../test-support/mock-http-server'

type Obj = Record<string, unknown>

/** Square's sandbox test nonces and the error each one gives (Square docs: "Sandbox payments"). */
export const TEST_NONCES = {
  ok: { nonce: 'cnon:card-nonce-ok' },
  declined: { nonce: 'cnon:card-nonce-declined', code: 'GENERIC_DECLINE' },
  cvv: { nonce: 'cnon:card-nonce-rejected-cvv', code: 'CVV_FAILURE' },
  postalCode: { nonce: 'cnon:card-nonce-rejected-postalcode', code: 'ADDRESS_VERIFICATION_FAILURE' },
  expiration: { nonce: 'cnon:card-nonce-rejected-expiration', code: 'INVALID_EXPIRATION' },
  /** Not one of Square's documented nonces: stands for a card number Square refuses (INVALID_CARD). */
  cardNumber: { nonce: 'cnon:card-nonce-invalid-card', code: 'INVALID_CARD' },
} as const

/** A test nonce; 'cnon:card-nonce-ok' with any suffix is a good card (nonces are single use at Square). */
const nonceOf = (source: string) => Object.values(TEST_NONCES).find((n) => n.nonce === source) ?? (source.startsWith(TEST_NONCES.ok.nonce) ? TEST_NONCES.ok : undefined)

const id = (prefix = '') => `${prefix}${randomBytes(12).toString('base64url')}`

class SquareHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super('square error')
  }
}

export interface RecordedRequest {
  method: string
  path: string
  body: Obj
}

export class SquareMock extends MockHttpServer {
  readonly accessToken = 'EAAAmock-token'
  readonly locationId = 'LMOCK123'
  readonly signatureKey = `sig-${randomBytes(8).toString('hex')}`
  readonly requests: RecordedRequest[] = []
  readonly payments = new Map<string, Obj>()
  readonly cards = new Map<string, Obj>()
  readonly customers = new Map<string, Obj>()
  readonly refunds = new Map<string, Obj>()
  private readonly replies = new Map<string, { status: number; body: unknown }>()

  protected async handle(req: IncomingMessage, res: ServerResponse, text: string, url: URL): Promise<void> {
    const body = (text ? JSON.parse(text) : Object.fromEntries(url.searchParams)) as Obj
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body })
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    }
    if (req.headers.authorization !== `Bearer ${this.accessToken}`) {
      return send(401, { errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'This request could not be authorized.' }] })
    }
    if (typeof body.idempotency_key === 'string' && body.idempotency_key.length > 45) {
      return send(400, { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'VALUE_TOO_LONG', field: 'idempotency_key', detail: 'Field must not be greater than 45 length' }] })
    }
    const key = typeof body.idempotency_key === 'string' ? `${url.pathname} ${body.idempotency_key}` : undefined
    const replay = key ? this.replies.get(key) : undefined
    if (replay) return send(replay.status, replay.body)
    let status = 200
    let payload: unknown
    try {
      payload = this.route(req.method ?? 'GET', url.pathname, body)
    } catch (error) {
      if (!(error instanceof SquareHttpError)) throw error
      status = error.status
      payload = error.body
    }
    if (key) this.replies.set(key, { status, body: payload })
    send(status, payload)
  }

  private notFound(what: string): never {
    throw new SquareHttpError(404, { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `${what} not found.` }] })
  }

  private badState(detail: string): never {
    throw new SquareHttpError(400, { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'BAD_REQUEST', detail }] })
  }

  private route(method: string, path: string, body: Obj): unknown {
    const [, version, resource, objectId, action] = path.split('/')
    if (version !== 'v2') this.notFound(path)
    if (resource === 'locations' && method === 'GET') {
      if (objectId !== this.locationId) this.notFound('Location')
      return { location: { id: this.locationId, name: 'Mock clinic', status: 'ACTIVE', currency: 'GBP', country: 'GB' } }
    }
    if (resource === 'payments') {
      if (!objectId && method === 'POST') return { payment: this.createPayment(body) }
      const payment = this.payments.get(objectId) ?? this.notFound('Payment')
      if (!action && method === 'GET') return { payment }
      if (action === 'complete') {
        if (payment.status !== 'APPROVED') this.badState(`Payment is ${String(payment.status)}.`)
        payment.status = 'COMPLETED'
        return { payment }
      }
      if (action === 'cancel') {
        if (payment.status !== 'APPROVED' && payment.status !== 'PENDING') this.badState(`Payment is ${String(payment.status)}.`)
        payment.status = 'CANCELED'
        return { payment }
      }
    }
    if (resource === 'refunds' && method === 'POST') return { refund: this.createRefund(String(body.payment_id), body.amount_money as { amount: number; currency: string }, body.reason) }
    if (resource === 'refunds' && method === 'GET' && objectId) return { refund: this.refunds.get(objectId) ?? this.notFound('Refund') }
    if (resource === 'customers' && method === 'POST' && !objectId) {
      const customer = { id: id('CUST'), reference_id: body.reference_id, note: body.note, created_at: new Date().toISOString() }
      this.customers.set(customer.id, customer)
      return { customer }
    }
    if (resource === 'cards') {
      if (!objectId && method === 'POST') {
        const nonce = String(body.source_id)
        const known = nonceOf(nonce) ?? this.badState('Invalid source.')
        if ('code' in known) throw new SquareHttpError(400, { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: known.code, detail: 'Card declined.' }] })
        const customerId = String((body.card as Obj).customer_id)
        this.customers.get(customerId) ?? this.notFound('Customer')
        const card = { id: `ccof:${id()}`, card_brand: 'VISA', last_4: '1111', exp_month: 12, exp_year: 2039, customer_id: customerId, enabled: true, card_type: 'CREDIT' }
        this.cards.set(card.id, card)
        return { card }
      }
      if (!objectId && method === 'GET') {
        const cards = [...this.cards.values()].filter((c) => c.customer_id === body.customer_id && c.enabled)
        return cards.length > 0 ? { cards } : {}
      }
      const card = this.cards.get(decodeURIComponent(objectId)) ?? this.notFound('Card')
      if (!action && method === 'GET') return { card }
      if (action === 'disable') {
        card.enabled = false
        return { card }
      }
    }
    this.notFound(path)
  }

  /** A PaymentRefund (PENDING, as Square starts one), listed in the payment's refund_ids. */
  private createRefund(paymentId: string, money: { amount: number; currency: string }, reason: unknown): Obj {
    const payment = this.payments.get(paymentId) ?? this.notFound('Payment')
    if (payment.status !== 'COMPLETED') this.badState('Only completed payments can be refunded.')
    const before = Number((payment.refunded_money as { amount?: number } | undefined)?.amount ?? 0)
    if (money.amount + before > Number((payment.amount_money as { amount: number }).amount)) this.badState('The refund amount is greater than what is left of the payment.')
    payment.refunded_money = { amount: before + money.amount, currency: money.currency }
    const refund: Obj = { id: id('R'), status: 'PENDING', amount_money: money, payment_id: paymentId, location_id: this.locationId, reason, created_at: new Date().toISOString() }
    this.refunds.set(String(refund.id), refund)
    payment.refund_ids = [...((payment.refund_ids as string[] | undefined) ?? []), refund.id]
    return refund
  }

  /** A refund made in Square's dashboard (what is left, or `amount` in minor units); Square completes it later (completeRefund). */
  refundInDashboard(squarePaymentId: string, amount?: number): Obj {
    const payment = this.payments.get(squarePaymentId) ?? this.notFound('Payment')
    const money = payment.amount_money as { amount: number; currency: string }
    const left = money.amount - Number((payment.refunded_money as { amount?: number } | undefined)?.amount ?? 0)
    return this.createRefund(squarePaymentId, { amount: amount ?? left, currency: money.currency }, 'Refunded in the dashboard')
  }

  completeRefund(refundId: string, status: 'COMPLETED' | 'REJECTED' = 'COMPLETED'): Obj {
    const refund = this.refunds.get(refundId) ?? this.notFound('Refund')
    refund.status = status
    return refund
  }

  /** A refund.created or refund.updated event about the refund as it is now. */
  refundEvent(refundId: string, type: 'refund.created' | 'refund.updated' = 'refund.updated', eventId = randomBytes(16).toString('hex')): string {
    const refund = this.refunds.get(refundId)!
    return JSON.stringify({ merchant_id: 'MMOCK', type, event_id: eventId, created_at: new Date().toISOString(), data: { type: 'refund', id: refundId, object: { refund } } })
  }

  private createPayment(body: Obj): Obj {
    const source = String(body.source_id)
    const money = body.amount_money as { amount: number; currency: string }
    if (!Number.isSafeInteger(money.amount)) this.badState('amount_money.amount must be an integer.')
    const base: Obj = {
      id: id(),
      amount_money: money,
      total_money: money,
      currency: money.currency,
      location_id: body.location_id,
      reference_id: body.reference_id,
      customer_id: body.customer_id ?? null,
      note: body.note,
      source_type: 'CARD',
      delay_action: 'CANCEL',
      created_at: new Date().toISOString(),
    }
    if (source.startsWith('ccof:')) {
      const card = this.cards.get(source) ?? this.notFound('Card')
      if (!card.enabled || card.customer_id !== body.customer_id) this.badState('Card on file does not belong to the customer.')
    } else {
      const known = nonceOf(source) ?? this.badState('Invalid source.')
      if ('code' in known) {
        const failed: Obj = { ...base, status: 'FAILED' }
        this.payments.set(String(failed.id), failed)
        throw new SquareHttpError(400, { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: known.code, detail: 'Authorization error.' }], payment: failed })
      }
    }
    const payment: Obj = { ...base, status: body.autocomplete === false ? 'APPROVED' : 'COMPLETED', card_details: { status: 'AUTHORIZED', card: { card_brand: 'VISA', last_4: '1111' } } }
    this.payments.set(String(payment.id), payment)
    return payment
  }

  // --- Webhooks --------------------------------------------------------------------------------

  /** A payment.updated event about the payment as it is now. */
  event(squarePaymentId: string, eventId = randomBytes(16).toString('hex')): string {
    const payment = this.payments.get(squarePaymentId)!
    return JSON.stringify({
      merchant_id: 'MMOCK',
      type: 'payment.updated',
      event_id: eventId,
      created_at: new Date().toISOString(),
      data: { type: 'payment', id: squarePaymentId, object: { payment } },
    })
  }

  /** The x-square-hmacsha256-signature Square sends: base64 HMAC-SHA256 of notification URL + body. */
  sign(notificationUrl: string, body: string, key = this.signatureKey): string {
    return createHmac('sha256', key).update(notificationUrl + body).digest('base64')
  }
}
