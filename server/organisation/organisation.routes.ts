/** GET /public/organisations, /public/organisations/card-requirement, /public/links. */
import { getCardRequirement, getPublicLinks, getPublicOrganisation } from '../../src/contract'
import type { FastifyInstance } from 'fastify'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { notFound, ok, okEncoded } from '../http/results'
import { cachedAnswer } from '../catalogue/catalogue-cache'
import { loadOrganisation } from './organisation.service'

export async function organisationRoutes(app: FastifyInstance, _deps: ServerDeps): Promise<void> {
  // Read on every page load: kept encoded under the catalogue version (server/catalogue/catalogue-cache.ts).
  serve(app, getPublicOrganisation, async (_input, ctx) => {
    const answer = await cachedAnswer(ctx.deps.database, ctx.tenant, 'public organisation', getPublicOrganisation.responses[200], async () => {
      const org = await loadOrganisation(ctx.db, ctx.tenant)
      if (!org) return undefined
      const { cardRequired: _card, minNoticeMinutes: _notice, waitlistOfferMinutes: _offer, ...settings } = org.settings
      return { id: org.id, name: org.name, ...settings }
    })
    return answer.found ? okEncoded(answer.body) : notFound('Organisation not found.')
  })

  serve(app, getCardRequirement, async (_input, ctx) => {
    const org = await loadOrganisation(ctx.db, ctx.tenant)
    if (!org) return notFound('Organisation not found.')
    return ok({ cardRequired: org.settings.cardRequired ?? false, provider: 'sandbox' })
  })

  serve(app, getPublicLinks, async (_input, ctx) => {
    const origin = ctx.origin
    const ws = origin.replace(/^http/, 'ws')
    return ok({
      websocket: `${ws}/api/ws`,
      auth: `${origin}/api`,
      customerApp: origin,
      calendar: `${origin}/calendar`,
      admin: `${origin}/admin`,
      employees: `${origin}/employees`,
      marketing: `${origin}/marketing`,
      pos: `${origin}/pos`,
      stock: `${origin}/stock`,
      reporting: `${origin}/reporting`,
      patientJourney: `${origin}/journey`,
    })
  })
}
