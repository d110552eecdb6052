/**
 * POST /invoice/create, POST /invoice/{id}/pay, GET /invoices/{id}, POST /invoice/{id}/has-payment-intent,
 * GET /coherence/check-payment/{transactionId} (server/commerce: invoices and payments services).
 */
import type { FastifyInstance } from 'fastify'
import * as C from '../../src/contract'
import { commerceDeps } from './commerce.module'
import { answer } from '../http/service-failure'
import { createInvoice, getInvoice } from './invoices.service'
import { checkPayment, hasPaymentIntent, payInvoice } from './payments.service'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'

export async function invoicesRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const commerce = () => commerceDeps(deps)

  serve(app, C.createInvoice, async ({ body }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await createInvoice(commerce(), ctx.tenant, me.sub, body))
  })

  serve(app, C.payInvoice, async ({ params, body }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await payInvoice(commerce(), ctx.tenant, me.sub, params.id, body))
  })

  serve(app, C.getInvoice, async ({ params }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await getInvoice(commerce(), ctx.tenant, me.sub, params.id))
  })

  serve(app, C.hasPaymentIntent, async ({ params }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await hasPaymentIntent(commerce(), ctx.tenant, me.sub, params.id))
  })

  // The transaction id is an unguessable capability; the poll works without a token (as processors' do).
  serve(app, C.checkPayment, async ({ params }, ctx) => answer(await checkPayment(commerce(), ctx.tenant, params.transactionId)))
}
