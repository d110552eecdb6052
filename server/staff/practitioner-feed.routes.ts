/**
 * GET/PUT /staff/me/notifications, GET/POST /staff/calendar-feed, POST /staff/calendar-feed/revoke and
 * the feed itself, GET /calendar-feeds/{token}/calendar.ics (src/contract/practitioner-feeds.routes.ts).
 */
import type { FastifyInstance } from 'fastify'
import {
  createPractitionerFeed,
  getPractitionerFeed,
  getPractitionerFeedCalendar,
  getStaffNotifications,
  revokePractitionerFeed,
  updateStaffNotifications,
} from '../../src/contract/practitioner-feeds.routes'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { notFound, ok } from '../http/results'
import { answer } from '../http/service-failure'
import { requireStaff } from './staff.guard'
import * as feeds from './practitioner-feed.service'
import { operatorDb } from './staff.tables'

export async function practitionerFeedRoutes(app: FastifyInstance, _deps: ServerDeps): Promise<void> {
  serve(app, getStaffNotifications, async (_input, ctx) => ok(await feeds.notificationSettings(operatorDb(ctx.db), await requireStaff(ctx))))

  serve(app, updateStaffNotifications, async ({ body }, ctx) => answer(await feeds.saveNotificationSettings(operatorDb(ctx.db), await requireStaff(ctx), body)))

  serve(app, getPractitionerFeed, async ({ query }, ctx) => answer(await feeds.feedStatus(operatorDb(ctx.db), await requireStaff(ctx), query?.practitionerId)))

  serve(app, createPractitionerFeed, async ({ body }, ctx) => answer(await feeds.createFeed(operatorDb(ctx.db), await requireStaff(ctx), body?.practitionerId, ctx.origin, ctx.now()), 201))

  serve(app, revokePractitionerFeed, async ({ body }, ctx) => answer(await feeds.revokeFeed(operatorDb(ctx.db), await requireStaff(ctx), body?.practitionerId, ctx.now())))

  serve(app, getPractitionerFeedCalendar, async ({ params }, ctx) => {
    const ics = await feeds.feedCalendar(operatorDb(ctx.db), ctx.tenant, params.token, ctx.now())
    if (ics === undefined) return notFound(feeds.FEED_MESSAGES.feedNotFound)
    // Calendar apps poll: a short private cache, never a shared one (the URL is a secret).
    ctx.reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').header('content-disposition', 'inline; filename="appointments.ics"')
    return ok(ics)
  })
}
