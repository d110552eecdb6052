/**
 * Taxes: GET /taxes, POST /taxes?organisationId=, PUT /taxes/{id}, GET /taxes/{id}/items, GET /taxes/{id}.
 * Reading needs a signed-in user; creating and changing needs the admin role.
 */
import type { FastifyInstance } from 'fastify'
import * as E from 'fp-ts/Either'
import * as C from '../../src/contract'
import { commerceDeps } from './commerce.module'
import { answer } from '../http/service-failure'
import { taxedItems } from '../catalogue/catalogue.repository'
import * as taxes from './taxes.service'
import type { ServerDeps } from '../deps'
import { serve, type RequestContext } from '../http/contract-route'
import { ok } from '../http/results'
import { ADMIN_ONLY, requireStaff } from '../staff/staff.guard'

/** Changing taxes takes an admin staff login of the tenant: 401 without a staff session (a customer's too), 403 for other staff, as every admin route. */
const requireAdmin = (ctx: RequestContext) => requireStaff(ctx, ADMIN_ONLY)

export async function taxesRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const db = () => commerceDeps(deps).db

  serve(app, C.getTaxes, async ({ query }, ctx) => {
    await ctx.requireCustomer()
    return ok(await taxes.listTaxes(db(), ctx.tenant, query))
  })

  serve(app, C.createTax, async ({ query, body }, ctx) => {
    await requireAdmin(ctx)
    return answer(await taxes.createTax(db(), ctx.tenant, query.organisationId, body, ctx.now()))
  })

  serve(app, C.updateTax, async ({ params, body }, ctx) => {
    await requireAdmin(ctx)
    return answer(await taxes.updateTax(db(), ctx.tenant, params.id, body, ctx.now()))
  })

  serve(app, C.getTaxItems, async ({ params }, ctx) => {
    await ctx.requireCustomer()
    return answer(await taxes.taxItems(db(), ctx.tenant, params.id, taxedItems))
  })

  serve(app, C.getTax, async ({ params }, ctx) => {
    await ctx.requireCustomer()
    const tax = await taxes.getTax(db(), ctx.tenant, params.id)
    return E.isRight(tax) ? ok(tax.right) : answer(tax)
  })
}
