/**
 * The route modules. Each is a Fastify plugin receiving the ServerDeps as options.
 * - apiRoutes are registered under the '/api' prefix, after the tenant hook: serve contract routes
 *   with `serve(app, route, handler)` (server/http/contract-route.ts).
 * - rootRoutes are registered at the root (pages and sockets outside /api: sandbox card page, ws;
 *   and /api/health, /api/ready, which must not depend on a tenant).
 * Add a module: write server/<resource>/<resource>.routes.ts exporting `async function xRoutes(app, deps)`
 * and add one line below.
 */
import type { FastifyInstance } from 'fastify'
import type { ServerDeps } from '../deps'
import { appointmentsRoutes } from '../booking/appointments.routes'
import { accountRoutes } from '../accounts/account.routes'
import { availabilityRoutes } from '../availability/availability.routes'
import { catalogueRoutes } from '../catalogue/catalogue.routes'
import { holdsRoutes } from '../booking/holds.routes'
import { devRoutes } from './dev.routes'
import { healthRoutes } from './health.routes'
import { organisationRoutes } from '../organisation/organisation.routes'
import { referenceRoutes } from '../catalogue/reference.routes'
import { cardsRoutes } from '../commerce/cards.routes'
import { coursesRoutes } from '../commerce/courses.routes'
import { formsRoutes } from '../commerce/forms.routes'
import { invoicesRoutes } from '../commerce/invoices.routes'
import { leadsRoutes } from '../commerce/leads.routes'
import { taxesRoutes } from '../commerce/taxes.routes'
import { vouchersRoutes } from '../commerce/vouchers.routes'
import { sandboxRootRoutes } from '../sandbox-processor/sandbox.plugin'
import { liveEventsRootRoutes } from '../realtime/live-events.plugin'
import { webhooksRootRoutes } from '../commerce/webhooks.routes'
import { staffRoutes } from '../staff/staff.routes'
import { adminRoutes } from '../admin/admin.routes'
import { tenantsRootRoutes } from '../admin/tenants.routes'
import { reportsRoutes } from '../reports/reports.routes'
import { deskBookingRoutes } from '../desk/desk-booking.routes'
import { calendarRoutes } from '../notifications/calendar.routes'
import { privacyRoutes } from '../privacy/privacy.routes'
import { practitionerFeedRoutes } from '../staff/practitioner-feed.routes'
import { deskRoutes } from '../desk/desk.routes'
import { integrationsRoutes } from '../integrations/integrations.routes'
import { waitlistRoutes } from '../waitlist/waitlist.routes'

export type RouteModule = (app: FastifyInstance, deps: ServerDeps) => Promise<void>

export const apiRoutes: RouteModule[] = [
  organisationRoutes,
  catalogueRoutes,
  availabilityRoutes,
  appointmentsRoutes,
  holdsRoutes,
  accountRoutes,
  referenceRoutes,
  devRoutes,
  invoicesRoutes, cardsRoutes, coursesRoutes, vouchersRoutes, taxesRoutes, formsRoutes, leadsRoutes,
  staffRoutes, adminRoutes, reportsRoutes,
  deskBookingRoutes,
  calendarRoutes,
  privacyRoutes,
  practitionerFeedRoutes,
  deskRoutes,
  integrationsRoutes,
  waitlistRoutes,
]

export const rootRoutes: RouteModule[] = [
  // Webhooks first: they read the processor keys, and a missing one must stop the start before the
  // live-events plugin holds a database connection open.
  webhooksRootRoutes, sandboxRootRoutes, liveEventsRootRoutes, healthRoutes,
  tenantsRootRoutes,
]
