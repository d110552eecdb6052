/**
 * The sandbox processor's own pages and endpoints, served by the same server outside /api:
 *   GET  /sandbox/pay/:transactionId           hosted card page for one payment (the payment iframe)
 *   POST /sandbox/pay/:transactionId           {cardNo, expDate, cvv, postCode} -> done, or 402 + card error
 *   GET  /sandbox/tokenize                     card page that turns a card into a nonce (stored cards)
 *   POST /sandbox/tokenize                     {cardNo, expDate, cvv, postCode} -> {nonce, brand, last4}
 *   (setup intents are created with POST /api/card-setup-intents)
 *   GET  /sandbox/setup/:clientSecret          card page completing a setup intent, then back to returnUrl
 *   POST /sandbox/setup/:clientSecret          {card} -> intent
 *   GET  /sandbox/setup-intents/:clientSecret  retrieve by client secret -> {clientSecret, status}
 */
import * as E from 'fp-ts/Either'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { formatMoney, currencyOrDefault } from '../../src/domain/pricing/money'
import type { ProcessorFailure } from '../commerce/card-processor.port'
import { accentParam, renderCardPage, type CardPageOptions } from './card-page'
import { withFrameAncestors } from '../http/embed-hosts'
import type { SandboxProcessor } from './sandbox-processor.adapter'
import type { CardInput } from './test-cards'

/** What the payment service answers once the sandbox authorized a card (capture or void). */
export interface AuthorizedOutcome {
  paid: boolean
  message: string
}

export interface SandboxRoutesOptions {
  processor: (request: FastifyRequest) => SandboxProcessor
  tenantOf: (request: FastifyRequest) => string
  /** Called after a card authorized a payment: the commerce side captures or voids it. */
  onAuthorized: (tenant: string, transactionId: string) => Promise<AuthorizedOutcome>
  /** Called after the setup page saved a card: the commerce side applies the customer's 'default' choice. */
  onSetupSaved?: (tenant: string, clientSecret: string) => Promise<unknown>
  /** Why the commerce side closed a payment (e.g. a pay link voided at check-in), told on its page instead of a bare "closed". */
  closedMessage?: (tenant: string, transactionId: string) => Promise<string | undefined>
  /** frame-ancestors of the card pages: the app embedded in a tenant's site frames them too ('self' by default). */
  frameAncestors?: (request: FastifyRequest) => Promise<string>
}

function readCard(body: unknown): CardInput {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
  return { cardNo: s(b.cardNo), expDate: s(b.expDate), cvv: s(b.cvv), postCode: s(b.postCode) }
}

async function sendPage(reply: FastifyReply, options: CardPageOptions, ancestors?: (request: FastifyRequest) => Promise<string>) {
  // ?accent=%23rrggbb: the embedding app's accent, so the frame reads as part of the app.
  const query = (reply.request.query ?? {}) as Record<string, unknown>
  const { html, csp } = renderCardPage({ ...options, accent: accentParam(query.accent) })
  const allowed = ancestors ? await ancestors(reply.request) : "'self'"
  const policy = withFrameAncestors(csp, allowed)
  // X-Frame-Options cannot name other sites: the CSP alone decides once the tenant lists its sites.
  if (allowed !== "'self'") reply.removeHeader('x-frame-options')
  return reply.header('content-security-policy', policy).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
}

function failureStatus(failure: ProcessorFailure): number {
  if (failure._tag === 'CardDeclined') return 402
  if (failure._tag === 'UnknownTransaction') return 404
  if (failure._tag === 'InvalidState') return 409
  return 503
}

const sendFailure = (reply: FastifyReply, failure: ProcessorFailure) =>
  reply.code(failureStatus(failure)).send({ statusCode: failureStatus(failure), message: failure.message, failed: true })

/** Only same-site relative paths may be returned to (no open redirect). */
function safeReturnUrl(value: unknown): string {
  return typeof value === 'string' && /^\/(?!\/)[^\s\\]*$/.test(value) ? value : '/app'
}

/** Processor ids are letters, digits, '_' and '-' (txn_…, seti_…_secret): anything else names nothing. */
const PROCESSOR_ID = /^[A-Za-z0-9_-]{1,200}$/

export async function sandboxRoutes(app: FastifyInstance, options: SandboxRoutesOptions): Promise<void> {
  app.addHook('preHandler', async (request, reply) => {
    const params = (request.params ?? {}) as Record<string, unknown>
    if (Object.values(params).some((v) => typeof v === 'string' && !PROCESSOR_ID.test(v))) {
      return reply.code(404).send({ statusCode: 404, message: 'Not found.', failed: true })
    }
  })
  app.get<{ Params: { transactionId: string } }>('/sandbox/pay/:transactionId', async (request, reply) => {
    const processor = options.processor(request)
    const closedText = (transactionId: string) => options.closedMessage?.(options.tenantOf(request), transactionId) ?? Promise.resolve(undefined)
    const status = await processor.status({ tenant: options.tenantOf(request) }, request.params.transactionId)()
    if (E.isLeft(status)) return reply.code(404).type('text/plain').send('Payment not found.')
    const payment = status.right
    const closed = payment.status === 'voided' || payment.status === 'refunded' || payment.status === 'failed'
    const complete = payment.status === 'authorized' || payment.status === 'captured'
    return sendPage(reply, {
      title: 'Card payment',
      summary: `${formatMoney(payment.amount, currencyOrDefault(payment.currency))}`,
      buttonLabel: `Pay ${formatMoney(payment.amount, currencyOrDefault(payment.currency))}`,
      action: `/sandbox/pay/${encodeURIComponent(payment.transactionId)}`,
      doneTitle: 'Payment complete',
      doneText: 'Thank you. Your payment has been received.',
      messageType: 'sandbox-payment',
      ...(complete ? { initialState: { kind: 'done' as const, text: 'Thank you. Your payment has been received.' } } : {}),
      ...(closed ? { initialState: { kind: 'closed' as const, text: (await closedText(payment.transactionId)) ?? 'This payment is closed and you have not been charged.' } } : {}),
    }, options.frameAncestors)
  })

  app.post<{ Params: { transactionId: string } }>('/sandbox/pay/:transactionId', async (request, reply) => {
    const processor = options.processor(request)
    const result = await processor.submitCard(request.params.transactionId, readCard(request.body))
    if (E.isLeft(result) && result.left._tag === 'InvalidState') {
      // A page left open on a payment closed since: the same words as the page now shows, no card taken.
      const why = await options.closedMessage?.(options.tenantOf(request), request.params.transactionId)
      if (why) return reply.code(409).send({ statusCode: 409, message: why, failed: true, closed: true })
    }
    if (E.isLeft(result)) return sendFailure(reply, result.left)
    const outcome = await options.onAuthorized(result.right.tenant, result.right.transactionId)
    if (!outcome.paid) return reply.code(409).send({ statusCode: 409, message: outcome.message, failed: true, closed: true })
    return { status: 'paid', transactionId: result.right.transactionId, doneText: outcome.message }
  })

  app.get('/sandbox/tokenize', async (_request, reply) =>
    sendPage(reply, {
      title: 'Add a card',
      buttonLabel: 'Save card',
      action: '/sandbox/tokenize',
      doneTitle: 'Card details accepted',
      doneText: 'Your card details have been checked.',
      messageType: 'sandbox-card-nonce',
    }, options.frameAncestors),
  )

  app.post('/sandbox/tokenize', async (request, reply) => {
    const processor = options.processor(request)
    const result = await processor.tokenize({ tenant: options.tenantOf(request) }, readCard(request.body))
    if (E.isLeft(result)) return sendFailure(reply, result.left)
    return result.right
  })

  app.get<{ Params: { clientSecret: string }; Querystring: { returnUrl?: string } }>('/sandbox/setup/:clientSecret', async (request, reply) => {
    const intent = await options.processor(request).retrieveSetupIntent({ tenant: options.tenantOf(request) }, request.params.clientSecret)
    if (!intent) return reply.code(404).type('text/plain').send('Setup not found.')
    return sendPage(reply, {
      title: 'Save a card',
      buttonLabel: 'Save card',
      action: `/sandbox/setup/${encodeURIComponent(intent.clientSecret)}`,
      doneTitle: 'Card saved',
      doneText: 'Returning to your account...',
      redirectAfter: safeReturnUrl(request.query.returnUrl),
      messageType: 'sandbox-setup-intent',
    }, options.frameAncestors)
  })

  app.post<{ Params: { clientSecret: string } }>('/sandbox/setup/:clientSecret', async (request, reply) => {
    const result = await options.processor(request).confirmSetupIntent(request.params.clientSecret, readCard(request.body))
    if (E.isLeft(result)) return sendFailure(reply, result.left)
    // As a processor's webhook would: the choice holds even if the page never gets back to /app. The
    // card is saved whatever happens here; the result dialog's read applies the choice otherwise.
    if (result.right.status === 'succeeded') {
      await options.onSetupSaved?.(options.tenantOf(request), result.right.clientSecret).catch((error: unknown) => request.log.warn({ err: error }, 'sandbox setup: the default card choice was not applied'))
    }
    return { clientSecret: result.right.clientSecret, status: result.right.status }
  })

  app.get<{ Params: { clientSecret: string } }>('/sandbox/setup-intents/:clientSecret', async (request, reply) => {
    const intent = await options.processor(request).retrieveSetupIntent({ tenant: options.tenantOf(request) }, request.params.clientSecret)
    if (!intent) return reply.code(404).send({ statusCode: 404, message: 'Setup intent not found.' })
    return { clientSecret: intent.clientSecret, status: intent.status }
  })
}
