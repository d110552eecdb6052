/**
 * The front desk (src/contract/desk.routes.ts): POST /admin/customers, GET /admin/desk/services, POST /admin/desk/times,
 * POST /admin/desk/bookings, GET /admin/customers/{id}, POST /admin/customers/{id}/notes,
 * PUT /admin/desk/bookings/{id}/pay-at-clinic, GET /admin/customers/{id}/forms/{formId}, PUT /admin/customers/{id}. Admin staff of the request's tenant only: another
 * tenant's customer is not found.
 */
import type { FastifyInstance } from 'fastify'
import { addStaffNote, createDeskBooking, createDeskCustomer, getCustomerForm, getCustomerRecord, getDeskServices, getDeskTimes, payDeskBookingAtClinic, updateDeskCustomer } from '../../src/contract/desk.routes'
import { findCustomer, updateCustomer } from '../accounts/account.service'
import { commerceDeps, sendBookingConfirmation } from '../commerce/commerce.module'
import { staffUserForm } from '../commerce/forms.service'
import type { ServerDeps } from '../deps'
import { serve, type RequestContext } from '../http/contract-route'
import { answer } from '../http/service-failure'
import { ADMIN_ONLY, requireStaff } from '../staff/staff.guard'
import * as record from './customer-record.service'
import * as desk from './desk-booking.service'
import { payAtClinicInstead } from './pay-at-clinic.service'
import { deskServices } from './desk-catalogue.repository'
import { notFound, ok } from '../http/results'

export async function deskBookingRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const sendNow = (ctx: RequestContext) => void deps.mail.flush().catch((err) => ctx.request.log.error({ err }, 'mail flush failed'))

  serve(app, createDeskCustomer, async ({ body }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    const created = await record.createDeskCustomer({ db: ctx.db, mail: ctx.deps.mail, origin: ctx.origin, now: ctx.now() }, ctx.tenant, body)
    sendNow(ctx)
    return answer(created, 201)
  })

  serve(app, getDeskServices, async ({ query }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    return ok(await deskServices(ctx.db, ctx.tenant, query.location))
  })

  serve(app, getDeskTimes, async ({ body }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    return answer(await desk.deskTimes(ctx.db, ctx.tenant, body, ctx.now()))
  })

  serve(app, createDeskBooking, async ({ body }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    const booked = await desk.createDeskBooking(
      {
        booking: {
          db: ctx.db,
          now: ctx.now(),
          holdSeconds: deps.config.holdSeconds,
          maxLiveHolds: deps.config.maxLiveHolds,
          onScheduled: (trx, customerId, ids) => sendBookingConfirmation(deps, trx, ctx.tenant, customerId, ids),
        },
        commerce: commerceDeps(deps),
        mail: ctx.deps.mail,
        origin: ctx.origin,
        smsEnabled: ctx.deps.smsEnabled,
      },
      ctx.tenant,
      body,
    )
    sendNow(ctx)
    return answer(booked, 201)
  })

  serve(app, payDeskBookingAtClinic, async ({ params }, ctx) => {
    const who = await requireStaff(ctx, ADMIN_ONLY)
    const switched = await payAtClinicInstead({ db: ctx.db, commerce: commerceDeps(deps), now: ctx.now() }, who, params.id)
    sendNow(ctx)
    return answer(switched)
  })

  // The customer's own details form's rules and messages (account.service), for the desk.
  serve(app, updateDeskCustomer, async ({ params, body }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    if (!(await findCustomer(ctx.db, ctx.tenant, params.id))) return notFound(desk.DESK_MESSAGES.customerNotFound)
    return answer(await updateCustomer(ctx.db, ctx.tenant, params.id, body, ctx.now()))
  })

  serve(app, getCustomerRecord, async ({ params }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    return answer(await record.customerRecord(commerceDeps(deps), ctx.tenant, params.id, ctx.now()))
  })

  serve(app, addStaffNote, async ({ params, body }, ctx) => {
    const who = await requireStaff(ctx, ADMIN_ONLY)
    return answer(await record.addNote(ctx.db, who, params.id, body.text, ctx.now()), 201)
  })

  serve(app, getCustomerForm, async ({ params }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    return answer(await staffUserForm(commerceDeps(deps), ctx.tenant, params.id, params.formId))
  })
}
