/**
 * The waitlist (issue 32): the customer's join, list and removal (signed in), the offer a mail's link
 * opens and its decline (the link's token), and the desk's list, offer by hand and removal (staff).
 */
import type { FastifyInstance } from 'fastify'
import {
  declineWaitlistOffer,
  getAdminWaitlist,
  getMyWaitlist,
  getWaitlistOffer,
  joinWaitlist,
  offerWaitlistTime,
  removeMyWaitlistEntry,
  removeWaitlistEntry,
} from '../../src/contract'
import type { ServerDeps } from '../deps'
import { serve, type RequestContext } from '../http/contract-route'
import { badRequest, ok } from '../http/results'
import { answer } from '../http/service-failure'
import { idsNamed } from '../admin/day.repository'
import { ANY_STAFF, requireStaff } from '../staff/staff.guard'
import { operatorDb } from '../staff/staff.tables'
import * as waitlist from './waitlist.service'

export async function waitlistRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  // A removal or decline frees a time: the next customer's offer (and its mail) goes out now.
  const runNow = (ctx: RequestContext) => void deps.mail.flush().catch((err) => ctx.request.log.error({ err }, 'mail flush failed'))

  serve(app, joinWaitlist, async ({ body }, ctx) => {
    const who = await ctx.requireCustomer()
    return answer(await waitlist.join(ctx.db, ctx.tenant, who.sub, body, ctx.now()))
  })

  serve(app, getMyWaitlist, async (_input, ctx) => {
    const who = await ctx.requireCustomer()
    return ok({ entries: await waitlist.mine(ctx.db, ctx.tenant, who.sub, ctx.now()) })
  })

  serve(app, removeMyWaitlistEntry, async ({ params }, ctx) => {
    const who = await ctx.requireCustomer()
    const result = await waitlist.removeMine(ctx.db, ctx.tenant, who.sub, params.id, ctx.now())
    runNow(ctx)
    return answer(result)
  })

  serve(app, getWaitlistOffer, async ({ params }, ctx) => answer(await waitlist.readOffer(ctx.db, params.token, ctx.tenant, ctx.now())))

  serve(app, declineWaitlistOffer, async ({ params }, ctx) => {
    const result = await waitlist.declineOffer(ctx.db, params.token, ctx.tenant, ctx.now())
    runNow(ctx)
    return answer(result)
  })

  serve(app, getAdminWaitlist, async ({ query }, ctx) => {
    await requireStaff(ctx, ANY_STAFF)
    if (query.from > query.to) return badRequest('The first date must not be after the last date.')
    const clinicIds = query.clinic ? await idsNamed(operatorDb(ctx.db), ctx.tenant, 'clinics', query.clinic) : undefined
    if (query.clinic && clinicIds?.length === 0) return badRequest(`No location is named '${query.clinic}'.`)
    return ok({ entries: await waitlist.adminList(ctx.db, ctx.tenant, { from: query.from, to: query.to, clinicIds }) })
  })

  serve(app, offerWaitlistTime, async ({ params, body }, ctx) => {
    await requireStaff(ctx, ANY_STAFF)
    const result = await waitlist.offerByHand({ db: ctx.db, now: ctx.now(), config: deps.config, smsEnabled: deps.smsEnabled }, ctx.tenant, params.id, body)
    runNow(ctx)
    return answer(result)
  })

  serve(app, removeWaitlistEntry, async ({ params }, ctx) => {
    await requireStaff(ctx, ANY_STAFF)
    const result = await waitlist.removeEntry(ctx.db, ctx.tenant, params.id, ctx.now())
    runNow(ctx)
    return answer(result)
  })
}
