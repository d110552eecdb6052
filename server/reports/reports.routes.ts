/** GET /api/admin/reports (src/contract/reports.routes.ts): admins only, one service call. */
import type { FastifyInstance } from 'fastify'
import { getReport } from '../../src/contract/reports.routes'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { answer } from '../http/service-failure'
import { ADMIN_ONLY, requireStaff } from '../staff/staff.guard'
import { buildReport } from './reports.service'

export async function reportsRoutes(app: FastifyInstance, _deps: ServerDeps): Promise<void> {
  serve(app, getReport, async ({ query }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    return answer(await buildReport(ctx.db, ctx.tenant, query))
  })
}
