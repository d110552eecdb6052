/**
 * POST /api/webhooks/stripe and /api/webhooks/square: the processors tell us a payment changed.
 * Registered at the root (not under the /api plugin): the processor is no tenant's client; the
 * tenant comes from the verified event's payment. The body is kept raw for the signature check.
 * Answers: 400 bad signature (the processor does not retry), 200 handled or duplicate, 503 not
 * settled yet although the processor says paid (the processor retries), 404 processor not in use.
 *
 * Also GET /api/payments/config: what the web client needs to load the processor's card form
 * (the processor's name, Stripe's publishable key, Square's application and location ids).
 */
import * as E from 'fp-ts/Either'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { commerceDeps } from './commerce.module'
import { loadProcessorConfig, publicProcessorConfig, type ProcessorConfig } from './processor-config'
import { handleWebhookEvent, type VerifiedEvent } from './webhook-event'
import type { ServerDeps } from '../deps'
import { originOf } from '../http/contract-route'

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe'
export const SQUARE_WEBHOOK_PATH = '/api/webhooks/square'

export async function webhooksRootRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  // Read here, at start: a missing key stops the start with one line naming it (start-failure.ts).
  const config: ProcessorConfig = loadProcessorConfig()

  app.get('/api/payments/config', async () => publicProcessorConfig(config))

  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body))

    const handle = async (reply: FastifyReply, processor: string, verified: E.Either<string, VerifiedEvent>) => {
      if (E.isLeft(verified)) return reply.status(400).send({ statusCode: 400, message: verified.left })
      const outcome = await handleWebhookEvent(commerceDeps(deps), processor, verified.right)
      if (outcome._tag === 'Retry') {
        reply.log.warn({ processor, event: verified.right.id }, 'webhook: payment not settled yet, asking for a redelivery')
        return reply.status(503).send({ statusCode: 503, message: outcome.message })
      }
      if (outcome._tag === 'Refunds') return reply.send({ received: true, outcome: 'Refunds', recorded: outcome.recorded })
      return reply.send({ received: true, outcome: outcome._tag === 'Handled' ? outcome.settlement._tag : outcome._tag })
    }
    const notInUse = (reply: FastifyReply, name: string) => reply.status(404).send({ statusCode: 404, message: `${name} is not the card processor in use.` })
    const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : ''))

    hooks.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      if (config.name !== 'stripe') return notInUse(reply, 'Stripe')
      const signature = request.headers['stripe-signature']
      // The verifiers use the processors' SDKs: imported with the first webhook, never at start.
      const { verifyStripeEvent } = await import('../stripe-processor/stripe-webhook')
      return handle(reply, 'stripe', verifyStripeEvent(raw(request.body), typeof signature === 'string' ? signature : undefined, config.webhookSecret))
    })

    hooks.post(SQUARE_WEBHOOK_PATH, async (request, reply) => {
      if (config.name !== 'square') return notInUse(reply, 'Square')
      const signature = request.headers['x-square-hmacsha256-signature']
      const { verifySquareEvent } = await import('../square-processor/square-webhook')
      const url = config.webhookUrl ?? `${originOf(request, deps)}${SQUARE_WEBHOOK_PATH}`
      const verified = await verifySquareEvent(deps.db, raw(request.body), typeof signature === 'string' ? signature : undefined, config.webhookSignatureKey, url)
      return handle(reply, 'square', verified)
    })
  })
}
