/**
 * Forms sent to customers, opened by link (optionally with a password): GET /forms/user-form/{id},
 * POST /forms/user-form/sign/{id}/public, POST /forms/user-form/update/{id}/public.
 * Rate limited (password guessing).
 */
import type { FastifyInstance } from 'fastify'
import * as C from '../../src/contract'
import { commerceDeps } from './commerce.module'
import { answer } from '../http/service-failure'
import { getUserForm, signUserForm, updateUserForm } from './forms.service'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'

export const FORMS_RATE_LIMIT = { max: 30, timeWindow: 60_000 }

export async function formsRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const commerce = () => commerceDeps(deps)

  serve(app, C.getUserForm, async ({ params, query }, ctx) => answer(await getUserForm(commerce(), ctx.tenant, params.id, query.password)), {
    rateLimit: FORMS_RATE_LIMIT,
  })

  serve(
    app,
    C.signUserForm,
    async ({ params, body }, ctx) => answer(await signUserForm(commerce(), ctx.tenant, params.id, body.signature, body.password)),
    { rateLimit: FORMS_RATE_LIMIT },
  )

  serve(
    app,
    C.updateUserForm,
    async ({ params, body }, ctx) => answer(await updateUserForm(commerce(), ctx.tenant, params.id, body.data, body.password)),
    { rateLimit: FORMS_RATE_LIMIT },
  )
}
