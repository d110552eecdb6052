/**
 * Integrators (issue 30): the admin's API keys and webhook endpoints (/admin/api-keys,
 * /admin/webhooks), and the calls an API key opens (/integrations/...; serve() checks the key and
 * its scope before the handler runs, see server/http/contract-route.ts).
 */
import type { FastifyInstance } from 'fastify'
import {
  createApiKey,
  createIntegrationBooking,
  createWebhook,
  CUSTOMER_PAGE,
  disableWebhook,
  enableWebhook,
  findIntegrationCustomers,
  getIntegrationBooking,
  listApiKeys,
  listWebhookDeliveries,
  listWebhooks,
  removeWebhook,
  replayWebhookDelivery,
  revokeApiKey,
  sendWebhookTest,
} from '../../src/contract/integrations.routes'
import * as day from '../admin/day.service'
import { appointmentView } from '../booking/appointment-view'
import type { BookingDeps } from '../booking/booking.service'
import { commerceDeps, sendBookingConfirmation } from '../commerce/commerce.module'
import type { ServerDeps } from '../deps'
import { serve, type RequestContext } from '../http/contract-route'
import { badRequest, notFound, ok } from '../http/results'
import { badPaging, PAGING_MESSAGE } from '../http/request-input'
import { answer } from '../http/service-failure'
import { MESSAGES } from '../service-error'
import { ADMIN_ONLY, requireStaff } from '../staff/staff.guard'
import { operatorDb } from '../staff/staff.tables'
import * as keys from './api-keys.service'
import { bookForCustomer } from './integration-bookings.service'
import { deliverNow } from './webhook.sender'
import * as webhooks from './webhooks.service'

/** How long 'Send test event' waits for the delivery's first try before answering with it pending. */
const TEST_WAIT_MS = 8_000

export async function integrationsRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const admin = (ctx: RequestContext) => requireStaff(ctx, ADMIN_ONLY)

  serve(app, createApiKey, async ({ body }, ctx) => {
    await admin(ctx)
    return answer(await keys.createApiKey(ctx.db, ctx.tenant, body, ctx.now()), 201)
  })
  serve(app, listApiKeys, async (_input, ctx) => {
    await admin(ctx)
    return ok(await keys.listApiKeys(ctx.db, ctx.tenant))
  })
  serve(app, revokeApiKey, async ({ params }, ctx) => {
    await admin(ctx)
    return answer(await keys.revokeApiKey(ctx.db, ctx.tenant, params.id, ctx.now()))
  })

  serve(app, createWebhook, async ({ body }, ctx) => {
    await admin(ctx)
    const allowHttpLocalhost = deps.config.env !== 'production'
    return answer(await webhooks.createEndpoint(ctx.db, ctx.tenant, body, { now: ctx.now(), allowHttpLocalhost }), 201)
  })
  serve(app, listWebhooks, async (_input, ctx) => {
    await admin(ctx)
    return ok(await webhooks.listEndpoints(ctx.db, ctx.tenant))
  })
  serve(app, removeWebhook, async ({ params }, ctx) => {
    await admin(ctx)
    return answer(await webhooks.removeEndpoint(ctx.db, ctx.tenant, params.id))
  })
  serve(app, enableWebhook, async ({ params }, ctx) => {
    await admin(ctx)
    return answer(await webhooks.enableEndpoint(ctx.db, ctx.tenant, params.id))
  })
  serve(app, disableWebhook, async ({ params }, ctx) => {
    await admin(ctx)
    return answer(await webhooks.disableEndpoint(ctx.db, ctx.tenant, params.id, ctx.now()))
  })
  serve(app, listWebhookDeliveries, async ({ params }, ctx) => {
    await admin(ctx)
    return answer(await webhooks.endpointDeliveries(ctx.db, ctx.tenant, params.id))
  })
  serve(app, replayWebhookDelivery, async ({ params }, ctx) => {
    await admin(ctx)
    const replayed = await webhooks.replayDelivery(ctx.db, ctx.tenant, params.id, ctx.now())
    if (replayed._tag === 'Right') void deps.mail.flush().catch((err) => ctx.request.log.error({ err }, 'webhook flush failed'))
    return answer(replayed, 201)
  })

  serve(app, sendWebhookTest, async ({ params }, ctx) => {
    await admin(ctx)
    const sent = await webhooks.sendTestEvent(ctx.db, ctx.tenant, params.id, ctx.now())
    if (sent._tag === 'Left') return answer(sent)
    // The answer waits for the first try (the sender's timeout is 5 s), so that it can show the outcome:
    // tried here, not after what the drains have to send to other endpoints (one may be slow to answer).
    if (!(await deliverNow(ctx.db, sent.right.id, deps.clock, ctx.request.log))) {
      // A drain took it first: wait for the drains, a while.
      const drained = deps.mail.flush().catch((err) => ctx.request.log.error({ err }, 'webhook flush failed'))
      await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, TEST_WAIT_MS).unref())])
    }
    return ok((await webhooks.deliveryNow(ctx.db, ctx.tenant, sent.right.id)) ?? sent.right, 201)
  })

  const bookingDeps = (ctx: RequestContext): BookingDeps => ({
    db: ctx.db,
    now: ctx.now(),
    holdSeconds: deps.config.holdSeconds,
    maxLiveHolds: deps.config.maxLiveHolds,
    onScheduled: (trx, customerId, ids) => sendBookingConfirmation(deps, trx, ctx.tenant, customerId, ids),
    afterCommit: () => void deps.mail.flush().catch((err) => ctx.request.log.error({ err }, 'mail flush failed')),
  })

  serve(app, createIntegrationBooking, async ({ body }, ctx) => {
    const result = await bookForCustomer({ booking: bookingDeps(ctx), commerce: commerceDeps(deps), mail: deps.mail, origin: ctx.origin, smsEnabled: deps.smsEnabled }, ctx.tenant, body)
    // A held booking (deposit due): its pay link's mail and its webhook delivery wait in the outbox.
    if (result._tag === 'Right') void deps.mail.flush().catch((err) => ctx.request.log.error({ err }, 'mail flush failed'))
    return answer(result, 201)
  })
  serve(app, getIntegrationBooking, async ({ params }, ctx) => {
    const view = await appointmentView(ctx.db, ctx.tenant, params.id)
    return view ? ok(view) : notFound(MESSAGES.appointmentNotFound)
  })
  serve(app, findIntegrationCustomers, async ({ query }, ctx) => {
    const { q = '', offset = 0, pageSize = CUSTOMER_PAGE.size } = query
    if (badPaging(offset)) return badRequest(PAGING_MESSAGE)
    if (pageSize < 1 || pageSize > CUSTOMER_PAGE.max) return badRequest(`pageSize must be between 1 and ${CUSTOMER_PAGE.max}.`)
    return ok(await day.findCustomers(operatorDb(ctx.db), ctx.tenant, q, { offset, limit: pageSize }))
  })
}
