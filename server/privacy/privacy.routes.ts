/**
 * GET /user/me/export and GET /admin/customers/{id}/export (the right of access); POST /user/me/erase
 * and POST /admin/customers/{id}/erase (the right to erasure). Logged with ids only, never a name.
 */
import type { FastifyInstance } from 'fastify'
import { eraseCustomerData, eraseMyData, exportCustomerData, exportMyData } from '../../src/contract/privacy.routes'
import { commerceDeps } from '../commerce/commerce.module'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { notFound, ok } from '../http/results'
import { answer } from '../http/service-failure'
import { ADMIN_ONLY, requireStaff } from '../staff/staff.guard'
import { eraseCustomer, eraseMe } from './erasure.service'
import { exportCustomer } from './export.service'

export async function privacyRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  serve(app, exportMyData, async (_input, ctx) => {
    const who = await ctx.requireCustomer()
    const data = await exportCustomer(ctx.db, ctx.tenant, who.sub, ctx.now())
    if (!data) return notFound('Customer not found.')
    ctx.request.log.info({ customerId: who.sub }, 'customer data exported by the customer')
    ctx.reply.header('content-disposition', 'attachment; filename="my-data.json"')
    return ok(data)
  })

  serve(app, exportCustomerData, async ({ params }, ctx) => {
    const who = await requireStaff(ctx, ADMIN_ONLY)
    const data = await exportCustomer(ctx.db, ctx.tenant, params.id, ctx.now())
    if (!data) return notFound('Customer not found.')
    ctx.request.log.info({ customerId: params.id, staffId: who.staff.id }, 'customer data exported by staff')
    return ok(data)
  })

  const erasureDeps = (now: Date) => ({ db: deps.db, databaseKind: deps.database.kind, processor: commerceDeps(deps).processor, now })

  // Rate limited as login is: the password check must not let a token left on a shared computer guess the password.
  serve(
    app,
    eraseMyData,
    async ({ body }, ctx) => {
      const who = await ctx.requireCustomer()
      const result = await eraseMe(erasureDeps(ctx.now()), ctx.tenant, who.sub, body.password)
      if (result._tag === 'Right') ctx.request.log.info({ customerId: who.sub }, 'customer erased at their request')
      return answer(result)
    },
    { rateLimit: { max: deps.config.rateLimitMax, timeWindow: deps.config.rateLimitWindowMs } },
  )

  serve(app, eraseCustomerData, async ({ params }, ctx) => {
    const who = await requireStaff(ctx, ADMIN_ONLY)
    const result = await eraseCustomer(erasureDeps(ctx.now()), ctx.tenant, params.id)
    if (result._tag === 'Right') ctx.request.log.info({ customerId: params.id, staffId: who.staff.id }, 'customer erased by staff')
    return answer(result)
  })
}
