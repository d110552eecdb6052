/**
 * POST /api/admin/tenants with X-Operator-Key. Registered at the root (with the /api prefix), outside
 * the tenant hook: the tenant it creates does not exist yet, nor need the default one.
 */
import * as E from 'fp-ts/Either'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { createTenant, OPERATOR_KEY_HEADER } from '../../src/contract/admin.routes'
import { publicOrigin } from '../config'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { badRequest, conflict, forbidden, ok, unauthorized, type Failure } from '../http/results'
import { operatorDb } from '../staff/staff.tables'
import * as tenants from './tenants.service'

function tenantFailure(error: tenants.TenantError): Failure {
  switch (error._tag) {
    case 'TenantCreationOff':
      return forbidden('Tenant creation is off: the server has no OPERATOR_KEY.')
    case 'BadOperatorKey':
      return unauthorized('The operator key is missing or wrong.')
    case 'BadShortName':
      return badRequest('The short name must be lower-case letters, digits and dashes, at most 63, not starting or ending with a dash (it becomes the subdomain).')
    case 'BadEmail':
      return badRequest('Please enter a valid email address for the admin.')
    case 'TenantExists':
      return conflict(`The tenant '${error.tenant}' already exists.`)
  }
}

export async function tenantsRootRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  await app.register(
    async (api) => {
      serve(
        api,
        createTenant,
        async ({ body }, ctx) => {
          const refusal = operatorKeyRefusal(deps, ctx.request)
          if (refusal) return refusal
          const created = await tenants.createTenant({ db: ctx.db, mail: deps.mail }, body, (tenant) => publicOrigin(deps.config, tenant), ctx.now())
          if (E.isLeft(created)) return tenantFailure(created.left)
          ctx.request.log.info({ tenant: created.right.tenant }, 'tenant created')
          return ok(created.right, 201)
        },
        { rateLimit: { max: deps.config.rateLimitMax, timeWindow: deps.config.rateLimitWindowMs }, credentials: (request) => operatorKeyRefusal(deps, request) },
      )
    },
    { prefix: '/api' },
  )
}

/** The refusal of a request without the operator's key (401), or where the server has none (403). */
function operatorKeyRefusal(deps: ServerDeps, request: FastifyRequest): Failure | undefined {
  const header = request.headers[OPERATOR_KEY_HEADER]
  const key = tenants.operatorKeyMatches(deps.config.operatorKey, typeof header === 'string' ? header : undefined)
  return E.isLeft(key) ? tenantFailure(key.left) : undefined
}
