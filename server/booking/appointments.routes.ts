/**
 * Appointments: POST /appointments/public, GET /appointments/{id}, PUT /appointments/cancel-by-customer/{id},
 * PUT /appointments/delete-pending/{id}, PUT /appointments/reschedule/{id},
 * GET /appointments/customer/{customerId}. Every call needs the customer's token.
 */
import * as E from 'fp-ts/Either'
import type { FastifyInstance } from 'fastify'
import {
  cancelAppointmentByCustomer,
  createPublicAppointment,
  deletePendingAppointment,
  getAppointment,
  getCustomerAppointments,
  rescheduleAppointment,
} from '../../src/contract'
import { sendBookingConfirmation } from '../commerce/commerce.module'
import type { ServerDeps } from '../deps'
import { serve, type RequestContext } from '../http/contract-route'
import { badRequest, forbidden, ok } from '../http/results'
import { answer } from '../http/service-failure'
import * as changes from './booking-changes.service'
import * as booking from './booking.service'

export async function appointmentsRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const bookingDeps = (ctx: RequestContext): booking.BookingDeps => ({
    db: ctx.db,
    now: ctx.now(),
    holdSeconds: deps.config.holdSeconds,
    maxLiveHolds: deps.config.maxLiveHolds,
    // Nothing to pay: the confirmation (with .ics) goes out with the booking.
    onScheduled: (trx, customerId, ids) => sendBookingConfirmation(deps, trx, ctx.tenant, customerId, ids),
    afterCommit: () => void deps.mail.flush().catch((err) => ctx.request.log.error({ err }, 'mail flush failed')),
  })

  // The session is checked in the booking's own read (one statement fewer a booking); a refusal for
  // any other reason checks it first, so that an ended session still answers 401 before anything else.
  serve(app, createPublicAppointment, async ({ body }, ctx) => {
    const { claims, session } = ctx.customerToCheck()
    const created = await booking.createBooking({ ...bookingDeps(ctx), session }, ctx.tenant, claims.sub, body)
    if (E.isLeft(created) && created.left._tag !== 'Unauthenticated') await ctx.requireCustomer()
    return answer(created)
  })

  serve(app, getAppointment, async ({ params }, ctx) => {
    const who = await ctx.requireCustomer()
    return answer(await booking.ownAppointment(ctx.db, ctx.tenant, who.sub, params.id))
  })

  serve(app, cancelAppointmentByCustomer, async ({ params }, ctx) => {
    const who = await ctx.requireCustomer()
    return answer(await changes.cancelByCustomer(bookingDeps(ctx), ctx.tenant, who.sub, params.id))
  })

  serve(app, deletePendingAppointment, async ({ params }, ctx) => {
    const who = await ctx.requireCustomer()
    return answer(await changes.deletePending(bookingDeps(ctx), ctx.tenant, who.sub, params.id))
  })

  serve(app, rescheduleAppointment, async ({ params, body }, ctx) => {
    const who = await ctx.requireCustomer()
    return answer(await changes.reschedule(bookingDeps(ctx), ctx.tenant, who.sub, params.id, body.appointment))
  })

  serve(app, getCustomerAppointments, async ({ params, query }, ctx) => {
    const who = await ctx.requireCustomer()
    if (who.sub !== params.customerId) return forbidden('You can only see your own appointments.')
    if ((query.page ?? 1) > 100_000) return badRequest('The page number must be 100000 or less.')
    const pageSize = Math.min(Math.max(query.pageSize ?? 100, 1), 500)
    return ok(await booking.customerAppointments(ctx.db, ctx.tenant, who.sub, { pageSize, page: Math.max(query.page ?? 1, 1) }))
  })
}
