/** POST /gift-vouchers/purchase: a draft invoice of gift vouchers, paid like any invoice. */
import type { FastifyInstance } from 'fastify'
import * as C from '../../src/contract'
import { commerceDeps } from './commerce.module'
import { answer } from '../http/service-failure'
import { purchaseGiftVouchers } from './invoices.service'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'

export async function vouchersRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  serve(app, C.purchaseGiftVouchers, async ({ body }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await purchaseGiftVouchers(commerceDeps(deps), ctx.tenant, me.sub, body))
  })
}
