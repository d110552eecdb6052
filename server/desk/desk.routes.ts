/**
 * The desk's calendar and checkout under /api/admin (src/contract/desk-calendar.routes.ts): a
 * practitioner's week, blocks of time, an appointment's balance, checkout and deposit refund. Each
 * handler: the staff guard, one service call, its ServiceError mapped by answer().
 */
import type { FastifyInstance } from 'fastify'
import { checkoutAppointment, createBlock, createBlockSeries, getCheckout, getPractitionerWeek, listBlocks, refundDeposit, removeBlock } from '../../src/contract/desk-calendar.routes'
import { isOverlapViolation } from '../booking/booking.service'
import { commerceDeps } from '../commerce/commerce.module'
import type { ServerDeps } from '../deps'
import { serve, type RequestContext } from '../http/contract-route'
import { answer } from '../http/service-failure'
import { ADMIN_ONLY, ANY_STAFF, requireStaff } from '../staff/staff.guard'
import { operatorDb } from '../staff/staff.tables'
import * as calendar from './calendar.service'
import * as till from './checkout.service'

export async function deskRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  // A refund's notice goes out now rather than at the next sweep.
  const sendNow = (ctx: RequestContext) => void deps.mail.flush().catch((err) => ctx.request.log.error({ err }, 'mail flush failed'))

  serve(app, getPractitionerWeek, async ({ query }, ctx) => {
    const who = await requireStaff(ctx, ANY_STAFF)
    return answer(await calendar.practitionerWeek(ctx.db, who, query))
  })

  serve(app, listBlocks, async ({ query }, ctx) => {
    const who = await requireStaff(ctx, ANY_STAFF)
    return answer(await calendar.listBlocks(operatorDb(ctx.db), who, query))
  })

  serve(app, createBlock, async ({ body }, ctx) => {
    const who = await requireStaff(ctx, ANY_STAFF)
    return answer(await calendar.createBlock(operatorDb(ctx.db), who, body, ctx.now(), isOverlapViolation), 201)
  })

  serve(app, createBlockSeries, async ({ body }, ctx) => {
    const who = await requireStaff(ctx, ANY_STAFF)
    return answer(await calendar.createBlockSeries(operatorDb(ctx.db), who, body, ctx.now(), isOverlapViolation), 201)
  })

  serve(app, removeBlock, async ({ params, query }, ctx) => {
    const who = await requireStaff(ctx, ANY_STAFF)
    return answer(await calendar.removeBlock(operatorDb(ctx.db), who, params.id, query.scope))
  })

  serve(app, getCheckout, async ({ params }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    return answer(await till.checkoutOf(commerceDeps(ctx.deps), ctx.tenant, params.id))
  })

  serve(app, checkoutAppointment, async ({ params, body }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    return answer(await till.checkout(commerceDeps(ctx.deps), ctx.tenant, params.id, body.payments))
  })

  serve(app, refundDeposit, async ({ params }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    const result = await till.refundDeposit(commerceDeps(ctx.deps), ctx.tenant, params.id)
    sendNow(ctx)
    return answer(result)
  })
}
