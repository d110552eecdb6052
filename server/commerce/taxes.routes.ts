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
import { forbidden, ok } from '../http/results'
import { isStaffAdmin } from '../staff/staff.guard'

const ADMIN_ONLY = 'Only an administrator can change taxes.'

/** Changing taxes takes an admin staff login of the tenant; a signed-in customer is refused (403), anyone else 401. */
async function isAdmin(ctx: RequestContext): Promise<boolean> {
  if (await isStaffAdmin(ctx)) return true
  await ctx.requireCustomer()
  return false
}

export async function taxesRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const db = () => commerceDeps(deps).db

  serve(app, C.getTaxes, async ({ query }, ctx) => {
    await ctx.requireCustomer()
    return ok(await taxes.listTaxes(db(), ctx.tenant, query))
  })

  serve(app, C.createTax, async ({ query, body }, ctx) => {
    if (!(await isAdmin(ctx))) return forbidden(ADMIN_ONLY)
    return answer(await taxes.createTax(db(), ctx.tenant, query.organisationId, body, ctx.now()))
  })

  serve(app, C.updateTax, async ({ params, body }, ctx) => {
    if (!(await isAdmin(ctx))) return forbidden(ADMIN_ONLY)
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
