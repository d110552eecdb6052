/** POST /practitioners/time, POST /appointments/days-available-by-month and POST /practitioners/next-available. */
import * as E from 'fp-ts/Either'
import type { FastifyInstance } from 'fastify'
import { getDaysAvailableByMonth, getNextAvailable, getPractitionerTimes } from '../../src/contract'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { badRequest, ok } from '../http/results'
import { answer } from '../http/service-failure'
import { monthYearProblem } from '../http/request-input'
import { daySlotsFor, monthDays } from './availability.service'
import { MAX_HORIZON_DAYS, nextAvailable } from './next-available.service'

/** The signed-in customer, or null: availability is public, only a reschedule needs to know whose appointment it is. */
async function signedInCustomer(ctx: { requireCustomer(): Promise<{ sub: string }> }): Promise<string | null> {
  try {
    return (await ctx.requireCustomer()).sub
  } catch {
    return null
  }
}

export async function availabilityRoutes(app: FastifyInstance, _deps: ServerDeps): Promise<void> {
  serve(app, getPractitionerTimes, async ({ body }, ctx) => {
    // A negative step never reaches the end of the day (the server ran out of memory).
    if (body.forceInterval != null && (body.forceInterval < 0 || body.forceInterval > 1440)) return badRequest('forceInterval must be between 0 and 1440 minutes.')
    const slots = await daySlotsFor(ctx.db, ctx.tenant, {
      date: body.date,
      serviceId: body.service,
      clinicId: body.clinic,
      staff: body.staff,
      forceInterval: body.forceInterval,
      reschedule: body.appointmentBeingReschedule,
      rescheduleOwner: body.appointmentBeingReschedule ? await signedInCustomer(ctx) : undefined,
      now: ctx.now(),
      withHolidays: body.withHolidays,
      onlineBooking: body.onlineBooking,
      minimiseGaps: body.minimiseGaps,
      checkFirst: body.checkFirst,
      hold: body.hold,
    })
    return answer(slots)
  })

  serve(app, getDaysAvailableByMonth, async ({ body }, ctx) => {
    if (body.length === 0) return ok([])
    const [first] = body
    const problem = monthYearProblem(first.month, first.year)
    if (problem) return badRequest(problem)
    if (body.some((l) => l.month !== first.month || l.year !== first.year || l.location !== first.location)) {
      return badRequest('Every line must name the same month, year and location.')
    }
    if (body.length > 10) return badRequest('At most 10 services can be booked together.')
    const owner = body.some((l) => l.id) ? await signedInCustomer(ctx) : undefined
    const days = await monthDays(ctx.db, ctx.tenant, body, ctx.now(), owner)
    return answer(E.map((found: string[]) => found.map((date) => ({ date })))(days))
  })

  serve(app, getNextAvailable, async ({ body }, ctx) => {
    if (body.services.length === 0 || body.services.length > 10) return badRequest('Name between 1 and 10 services.')
    if (body.horizonDays != null && (body.horizonDays < 1 || body.horizonDays > MAX_HORIZON_DAYS)) return badRequest(`horizonDays must be between 1 and ${MAX_HORIZON_DAYS}.`)
    const next = await nextAvailable(ctx.db, ctx.tenant, { clinicId: body.clinic, serviceIds: body.services, now: ctx.now(), horizonDays: body.horizonDays })
    return answer(next)
  })
}
