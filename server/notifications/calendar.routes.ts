/** GET /appointments/{id}/calendar.ics: the customer's own appointment as a calendar file. */
import type { FastifyInstance } from 'fastify'
import { getAppointmentCalendar } from '../../src/contract'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { notFound, ok } from '../http/results'
import { MESSAGES } from '../service-error'
import { appointmentCalendar } from './calendar.service'

export async function calendarRoutes(app: FastifyInstance, _deps: ServerDeps): Promise<void> {
  serve(app, getAppointmentCalendar, async ({ params }, ctx) => {
    const who = await ctx.requireCustomer()
    const ics = await appointmentCalendar(ctx.db, ctx.tenant, who.sub, params.id, ctx.now(), ctx.deps.config.mailFrom)
    if (!ics) return notFound(MESSAGES.appointmentNotFound)
    ctx.reply.type('text/calendar; charset=utf-8').header('content-disposition', 'attachment; filename="appointment.ics"')
    return ok(ics)
  })
}
