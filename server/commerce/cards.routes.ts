/**
 * Stored cards and card setup: /square/get-customer-cards/{id}, /square/add-customer-card,
 * /square/delete-customer-cards/{id}, /customers/default-card/{id}, /square/is-connected,
 * /square/get-seller, /card-setup-intents (+ /{clientSecret}).
 */
import type { FastifyInstance } from 'fastify'
import * as C from '../../src/contract'
import * as cards from './cards.service'
import { commerceDeps } from './commerce.module'
import { answer } from '../http/service-failure'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { notFound, ok } from '../http/results'

const SETUP_NOT_FOUND = 'Card setup not found.'

export async function cardsRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const commerce = () => commerceDeps(deps)

  serve(app, C.getCustomerCards, async ({ params }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await cards.listCards(commerce(), ctx.tenant, me.sub, params.id))
  })

  serve(app, C.addCustomerCard, async ({ body }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await cards.addCard(commerce(), ctx.tenant, me.sub, body))
  })

  serve(app, C.deleteCustomerCards, async ({ params, body }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await cards.deleteCards(commerce(), ctx.tenant, me.sub, params.id, body.cards))
  })

  serve(app, C.setDefaultCard, async ({ params, body }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await cards.chooseDefaultCard(commerce(), ctx.tenant, me.sub, params.id, body.cardId))
  })

  serve(app, C.isProcessorConnected, async (_input, ctx) => ok(await cards.connection(commerce(), ctx.tenant)))

  serve(app, C.getSeller, async ({ query }, ctx) => ok(await cards.seller(commerce(), ctx.tenant, query.location)))

  serve(app, C.createSetupIntent, async ({ body }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await cards.createSetupIntent(commerce(), ctx.tenant, me.sub, body.customerId, body.isDefaultCard))
  })

  // The client secret is the capability (it works without a token, as processors' do); a signed-in
  // customer does not see another customer's setup.
  serve(app, C.getSetupIntent, async ({ params }, ctx) => {
    const result = await cards.getSetupIntent(commerce(), ctx.tenant, params.clientSecret)
    if (ctx.auth && result._tag === 'Right' && result.right.customerId !== ctx.auth.sub) return notFound(SETUP_NOT_FOUND)
    return answer(result)
  })
}
