/** The sandbox processor's pages as a root route module (outside /api): see sandbox.routes.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { tenantFromHost } from '../../src/domain/tenant'
import { commerceDeps, sandboxOf } from '../commerce/commerce.module'
import { closedPaymentMessage, settle } from '../commerce/payments.service'
import { settleCardSetup } from '../commerce/cards.service'
import type { ServerDeps } from '../deps'
import { sandboxRoutes } from './sandbox.routes'
import { embedHostsOf, frameAncestors } from '../http/embed-hosts'
import { loadOrganisation } from '../organisation/organisation.service'

export function tenantOfRequest(request: FastifyRequest, deps: ServerDeps): string {
  const header = request.headers['x-tenant']
  const fromHeader = typeof header === 'string' ? header.trim().toLowerCase() : ''
  return fromHeader || tenantFromHost(request.headers.host, deps.config.defaultTenant)
}

export async function sandboxRootRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  await sandboxRoutes(app, {
    processor: () => sandboxOf(deps),
    tenantOf: (request) => tenantOfRequest(request, deps),
    onAuthorized: (tenant, transactionId) => settle(commerceDeps(deps), tenant, transactionId),
    closedMessage: (tenant, transactionId) => closedPaymentMessage(commerceDeps(deps), tenant, transactionId),
    // Only when the sandbox keeps the cards: its setups are then the ones the commerce side knows.
    onSetupSaved: async (tenant, clientSecret) => {
      const commerce = commerceDeps(deps)
      if (commerce.processor.name === 'sandbox') await settleCardSetup(commerce, tenant, clientSecret)
    },
    frameAncestors: async (request) => frameAncestors(embedHostsOf((await loadOrganisation(deps.db, tenantOfRequest(request, deps)))?.settings), 'app'),
  })
}
