/** GET /lists, PUT /lists (admin staff only), GET /countries. */
import type { FastifyInstance } from 'fastify'
import { getCountries, getLists, putLists } from '../../src/contract'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { ok } from '../http/results'
import { ADMIN_ONLY, requireStaff } from '../staff/staff.guard'

export async function referenceRoutes(app: FastifyInstance, _deps: ServerDeps): Promise<void> {
  // Public: the sign-up form of an anonymous visitor reads client_referral_sources.
  serve(app, getLists, async (_input, ctx) => {
    const rows = await ctx.db.selectFrom('lists').select(['sys_name', 'values']).where('tenant_id', '=', ctx.tenant).orderBy('sys_name').execute()
    return ok(rows.map((r) => ({ sys_name: r.sys_name, values: r.values })))
  })

  serve(app, putLists, async ({ body }, ctx) => {
    // An admin staff login of the tenant (401 without a staff session, a customer's too; 403 for other staff), as every admin route.
    await requireStaff(ctx, ADMIN_ONLY)
    await ctx.db
      .insertInto('lists')
      .values({ tenant_id: ctx.tenant, sys_name: body.sys_name, values: JSON.stringify(body.values) })
      .onConflict((oc) => oc.columns(['tenant_id', 'sys_name']).doUpdateSet({ values: JSON.stringify(body.values) }))
      .execute()
    return ok({ sys_name: body.sys_name, values: body.values })
  })

  serve(app, getCountries, async (_input, ctx) => {
    const rows = await ctx.db.selectFrom('countries').select(['value', 'label']).where('tenant_id', '=', ctx.tenant).orderBy('position').execute()
    return ok(rows)
  })
}
