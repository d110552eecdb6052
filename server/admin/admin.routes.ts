/**
 * The admin API under /api/admin (src/contract/admin.routes.ts), for `clinic admin ...` and a future
 * admin web app. Each handler: the staff guard, one service call, the service's ServiceError mapped
 * to HTTP by answer/failureOf (server/http/service-failure.ts).
 */
import * as E from 'fp-ts/Either'
import type { FastifyInstance } from 'fastify'
import {
  applySetup,
  findCustomers,
  getDayBookings,
  getRota,
  getSetup,
  listOutbox,
  logoutCustomer,
  markAttendance,
  sendCustomerForm,
  staffCancelAppointment,
  staffMoveAppointment,
} from '../../src/contract/admin.routes'
import { commerceDeps } from '../commerce/commerce.module'
import { answer, failureOf } from '../http/service-failure'
import { sendUserForm } from '../commerce/forms.service'
import { standardForm } from '../commerce/standard-forms'
import { publicOrigin } from '../config'
import type { ServerDeps } from '../deps'
import { serve, type RequestContext } from '../http/contract-route'
import { unsentMessages } from '../notifications/outbox.repository'
import { badRequest, conflict, ok } from '../http/results'
import { SETUP_CHANGED } from '../../src/contract/setup-document.version'
import { publishLogout } from '../realtime/live-events.hub'
import { isOverlapViolation } from '../booking/booking.service'
import { referenceCache } from '../catalogue/reference-cache'
import { ADMIN_ONLY, ANY_STAFF, requireStaff } from '../staff/staff.guard'
import { operatorDb } from '../staff/staff.tables'
import * as day from './day.service'
import { cancelWithFee } from './late-fee.service'
import { archiveWithBookingsMessage } from '../../src/domain/setup/archive-with-bookings'
import * as setup from './setup.service'

export async function adminRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  // The customer's notice goes out now rather than at the next sweep.
  const sendNow = (ctx: RequestContext) => void deps.mail.flush().catch((err) => ctx.request.log.error({ err }, 'mail flush failed'))

  serve(app, getSetup, async (_input, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    return ok(await setup.exportSetup(operatorDb(ctx.db), ctx.tenant))
  })

  serve(app, applySetup, async ({ body }, ctx) => {
    const who = await requireStaff(ctx, ADMIN_ONLY)
    const result = await setup.applySetup(operatorDb(ctx.db), ctx.tenant, body.document, body.dryRun ?? false, body.expectedVersion, body.archiveWithBookings ?? false)
    if (E.isLeft(result)) {
      const error = result.left
      if (error._tag === 'SetupChanged') return conflict(SETUP_CHANGED)
      if (error._tag === 'ArchivesWithBookings') return conflict(archiveWithBookingsMessage(error.steps))
      return badRequest(error.errors.join('\n'))
    }
    if (result.right.applied) {
      // This instance shows the new set-up at once; others within the reference cache's lifetime.
      referenceCache(ctx.db).clear()
      ctx.request.log.info({ tenant: ctx.tenant, staff: who.staff.id, steps: result.right.plan.length }, 'set-up applied')
    }
    return ok(result.right)
  })

  serve(app, getDayBookings, async ({ query }, ctx) => {
    const who = await requireStaff(ctx, ANY_STAFF)
    return answer(await day.dayBookings(ctx.db, who, query))
  })

  serve(app, getRota, async ({ query }, ctx) => {
    const who = await requireStaff(ctx, ANY_STAFF)
    return ok(await day.rota(operatorDb(ctx.db), who, query))
  })

  serve(app, findCustomers, async ({ query }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    return ok(await day.findCustomers(operatorDb(ctx.db), ctx.tenant, query.q))
  })

  serve(app, logoutCustomer, async ({ params }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    const found = await day.checkCustomer(operatorDb(ctx.db), ctx.tenant, params.id)
    if (E.isLeft(found)) return failureOf(found.left)
    // Through the live-events hub: one NOTIFY on PostgreSQL reaches the sockets on every instance.
    await publishLogout(ctx.tenant, params.id)
    return ok({ message: 'The customer has been logged out everywhere.' })
  })

  serve(app, staffCancelAppointment, async ({ params, body }, ctx) => {
    const who = await requireStaff(ctx, ADMIN_ONLY)
    if (!body.chargeFee) {
      const result = await day.cancelByClinic(ctx.db, who, params.id, ctx.now())
      sendNow(ctx)
      return answer(result)
    }
    const result = await cancelWithFee(ctx.db, commerceDeps(ctx.deps).processor, who, params.id, ctx.now())
    sendNow(ctx)
    return answer(result)
  })

  serve(app, listOutbox, async ({ query }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    return ok(await unsentMessages(ctx.db, ctx.tenant, query.state))
  })

  serve(app, sendCustomerForm, async ({ params, body }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    const sent = await sendUserForm(commerceDeps(deps), {
      tenant: ctx.tenant,
      customerId: params.id,
      type: body.type,
      model: body.model ?? standardForm(body.type),
      ...(body.password ? { password: body.password } : {}),
    })
    if (E.isLeft(sent)) return failureOf(sent.left)
    sendNow(ctx)
    return ok({ id: sent.right.id, link: `${publicOrigin(deps.config, ctx.tenant)}/form/${sent.right.id}` }, 201)
  })

  serve(app, staffMoveAppointment, async ({ params, body }, ctx) => {
    const who = await requireStaff(ctx, ADMIN_ONLY)
    const result = await day.moveByClinic(ctx.db, who, params.id, body, ctx.now(), isOverlapViolation)
    sendNow(ctx)
    return answer(result)
  })

  serve(app, markAttendance, async ({ params, body }, ctx) => {
    const who = await requireStaff(ctx, ANY_STAFF)
    return answer(await day.markAttendance(ctx.db, commerceDeps(deps), who, params.id, body.mark, ctx.now()))
  })
}
