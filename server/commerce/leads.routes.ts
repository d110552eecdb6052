/** POST /customers-lead?from=customer: the embeddable lead form's enquiry, stored Open. Rate limited. */
import type { FastifyInstance } from 'fastify'
import * as C from '../../src/contract'
import { commerceDeps } from './commerce.module'
import { answer } from '../http/service-failure'
import { createLead } from './leads.service'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'

export const LEADS_RATE_LIMIT = { max: 10, timeWindow: 60_000 }

export async function leadsRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  serve(app, C.createLead, async ({ body }, ctx) => answer(await createLead(commerceDeps(deps).db, ctx.tenant, body, ctx.now())), {
    rateLimit: LEADS_RATE_LIMIT,
  })
}
