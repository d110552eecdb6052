/**
 * The route modules. Each is a Fastify plugin receiving the ServerDeps as options.
 * - apiRoutes are registered under the '/api' prefix, after the tenant hook: serve contract routes
 *   with `serve(app, route, handler)` (server/http/contract-route.ts).
 * - rootRoutes are registered at the root (pages and sockets outside /api: sandbox card page, ws;
 *   and /api/health, /api/ready, which must not depend on a tenant).
 * Add a module: write server/routes/<resource>.routes.ts exporting `async function xRoutes(app, deps)`
 * and add one line below.
 */
import type { FastifyInstance } from 'fastify'
import type { ServerDeps } from '../deps'
import { appointmentsRoutes } from './appointments.routes'
import { holdsRoutes } from './holds.routes'
import { accountRoutes } from './account.routes'
import { availabilityRoutes } from './availability.routes'
import { catalogueRoutes } from './catalogue.routes'
import { devRoutes } from './dev.routes'
import { healthRoutes } from './health.routes'
import { organisationRoutes } from './organisation.routes'
import { referenceRoutes } from './reference.routes'
import { cardsRoutes } from './cards.routes'
import { coursesRoutes } from './courses.routes'
import { formsRoutes } from './forms.routes'
import { invoicesRoutes } from './invoices.routes'
import { leadsRoutes } from './leads.routes'
import { taxesRoutes } from './taxes.routes'
import { vouchersRoutes } from './vouchers.routes'
import { sandboxRootRoutes } from '../sandbox-processor/sandbox.plugin'
import { liveEventsRootRoutes } from '../realtime/live-events.plugin'
import { webhooksRootRoutes } from './webhooks.routes'
import { staffRoutes } from '../staff/staff.routes'
import { adminRoutes } from '../admin/admin.routes'
import { tenantsRootRoutes } from '../admin/tenants.routes'
import { calendarRoutes } from '../notifications/calendar.routes'

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
  staffRoutes, adminRoutes,
  calendarRoutes,
]

export const rootRoutes: RouteModule[] = [
  // Webhooks first: they read the processor keys, and a missing one must stop the start before the
  // live-events plugin holds a database connection open.
  webhooksRootRoutes, sandboxRootRoutes, liveEventsRootRoutes, healthRoutes,
  tenantsRootRoutes,
]
