/** GET /user/me/export (the customer's own data) and GET /admin/customers/{id}/export (an admin's export). */
import type { FastifyInstance } from 'fastify'
import { exportCustomerData, exportMyData } from '../../src/contract/privacy.routes'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { notFound, ok } from '../http/results'
import { ADMIN_ONLY, requireStaff } from '../staff/staff.guard'
import { exportCustomer } from './export.service'

export async function privacyRoutes(app: FastifyInstance, _deps: ServerDeps): Promise<void> {
  serve(app, exportMyData, async (_input, ctx) => {
    const who = await ctx.requireCustomer()
    const data = await exportCustomer(ctx.db, ctx.tenant, who.sub, ctx.now())
    if (!data) return notFound('Customer not found')
    ctx.request.log.info({ customerId: who.sub }, 'customer data exported by the customer')
    ctx.reply.header('content-disposition', 'attachment; filename="my-data.json"')
    return ok(data)
  })

  serve(app, exportCustomerData, async ({ params }, ctx) => {
    const who = await requireStaff(ctx, ADMIN_ONLY)
    const data = await exportCustomer(ctx.db, ctx.tenant, params.id, ctx.now())
    if (!data) return notFound('Customer not found')
    ctx.request.log.info({ customerId: params.id, staffId: who.staff.id }, 'customer data exported by staff')
    return ok(data)
  })
}
