/**
 * Slot holds (issue 17): POST /appointments/holds, GET /appointments/holds/{id},
 * POST /appointments/holds/{id}/release, POST /appointments/holds/{id}/extend. No token needed: the
 * customer picks a time before signing in; the hold's own secret token proves it is theirs.
 */
import type { FastifyInstance } from 'fastify'
import { createSlotHold, extendSlotHold, getSlotHold, releaseSlotHold } from '../../src/contract'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { answer } from '../http/service-failure'
import * as holds from './holds.service'

export async function holdsRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  serve(app, createSlotHold, async ({ body }, ctx) => {
    const holdDeps = { db: ctx.db, now: ctx.now(), holdSeconds: deps.config.holdSeconds, maxLiveHolds: deps.config.maxLiveHolds, rateLimitMax: deps.config.rateLimitMax }
    return answer(await holds.createHold(holdDeps, ctx.tenant, { customerId: ctx.auth?.sub, clientAddress: ctx.request.ip }, body))
  })
  serve(app, getSlotHold, async ({ params, query }, ctx) => answer(await holds.readHold(ctx.db, ctx.tenant, { id: params.id, token: query.token, page: query.page }, ctx.now())))
  serve(app, releaseSlotHold, async ({ params, body }, ctx) => answer(await holds.releaseHold(ctx.db, ctx.tenant, { id: params.id, token: body.token, leaving: body.leaving, page: body.page }, ctx.now())))
  serve(app, extendSlotHold, async ({ params, body }, ctx) => answer(await holds.extendHold(ctx.db, ctx.tenant, { id: params.id, token: body.token }, ctx.now())))
}
