/**
 * Accounts: POST /login?from=customer, POST /user/customer/register, GET /user/verify-email/{token}
 * (the link of the verification mail), POST /user/forgot-password/{email}, PUT /user/change-password,
 * GET /user/me, PUT /customers/{id}, POST /logout (ends the token's session on the server). Login,
 * register and forgot-password are rate limited (counters in the database, shared by every instance).
 */
import * as E from 'fp-ts/Either'
import type { FastifyInstance } from 'fastify'
import { changePassword, forgotPassword, getCurrentUser, login, logout, register, updateCustomer } from '../../src/contract'
import type { ServerDeps } from '../deps'
import { bearerToken, originOf, serve, type RequestContext } from '../http/contract-route'
import { forbidden, ok, unauthorized } from '../http/results'
import { answer, failureOf } from '../http/service-failure'
import { publishLogout } from '../realtime/live-events.hub'
import * as account from './account.service'
import { endSession } from './session.service'

function accountDeps(ctx: RequestContext): account.AccountDeps {
  return { db: ctx.db, jwt: ctx.deps.jwt, mail: ctx.deps.mail, now: ctx.now(), origin: ctx.origin }
}

/**
 * Ends the customer's other sessions: 'logout-customer' to the live sockets opened with a token older
 * than the new session generation (the session that changed the password, which now holds the new
 * token, stays signed in). Never fails the request.
 */
function logoutElsewhere(ctx: RequestContext, customerId: string, generation: number): void {
  void publishLogout(ctx.tenant, customerId, { before: generation }).catch((err) => ctx.request.log.warn({ err }, 'logout-customer not published'))
}

export async function accountRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const rateLimit = { max: deps.config.rateLimitMax, timeWindow: deps.config.rateLimitWindowMs }

  serve(
    app,
    login,
    async ({ body }, ctx) => {
      const result = await account.login(accountDeps(ctx), ctx.tenant, body.email, body.password)
      if (E.isLeft(result)) {
        // For the operator: who was tried from where (never the password).
        ctx.request.log.warn({ email: body.email, clientAddress: ctx.request.ip, tenant: ctx.tenant, reason: failureOf(result.left)._tag }, 'failed login')
      }
      return answer(result)
    },
    { rateLimit },
  )

  serve(app, register, async ({ body }, ctx) => answer(await account.register(accountDeps(ctx), ctx.tenant, body)), { rateLimit })

  serve(
    app,
    forgotPassword,
    async ({ params, query }, ctx) => ok(await account.forgotPassword(accountDeps(ctx), ctx.tenant, params.email, query.existingUser === true)),
    { rateLimit },
  )

  serve(
    app,
    changePassword,
    async ({ body }, ctx) => {
      if ('token' in body) {
        const reset = await account.resetPassword(accountDeps(ctx), ctx.tenant, body.token, body.newPassword)
        if (E.isLeft(reset)) return answer(reset)
        logoutElsewhere(ctx, reset.right.customerId, reset.right.generation)
        return ok(reset.right.answer)
      }
      const who = await ctx.requireCustomer()
      if (who.sub !== body.userId) return unauthorized(account.MESSAGES.otherUser)
      const changed = await account.changePassword(accountDeps(ctx), ctx.tenant, who.sub, body.currentPassword, body.newPassword)
      if (E.isLeft(changed)) return answer(changed)
      logoutElsewhere(ctx, who.sub, changed.right.generation)
      return ok(changed.right.answer)
    },
    { rateLimit },
  )

  serve(app, logout, async (_input, ctx) => {
    const who = await ctx.requireCustomer()
    const now = ctx.now()
    // Every token is signed with an expiry; a day is a fallback for one without.
    const expiresAt = who.exp ? new Date(who.exp * 1000) : new Date(now.getTime() + 86_400_000)
    await endSession(ctx.db, ctx.tenant, who.sub, bearerToken(ctx.request)!, expiresAt, now)
    return ok({ message: account.MESSAGES.loggedOut })
  })

  serve(app, getCurrentUser, async (_input, ctx) => {
    const who = await ctx.requireCustomer()
    const row = await account.findCustomer(ctx.db, ctx.tenant, who.sub)
    return row ? ok(account.customerDto(row)) : unauthorized()
  })

  serve(app, updateCustomer, async ({ params, body }, ctx) => {
    const who = await ctx.requireCustomer()
    if (who.sub !== params.id) return forbidden('You can only change your own details.')
    return answer(await account.updateCustomer(ctx.db, ctx.tenant, params.id, body, ctx.now()))
  })

  // The verification mail's link: verifies, then opens the app with a flag the UI may show.
  app.get<{ Params: { token: string } }>('/user/verify-email/:token', async (request, reply) => {
    const verified = await account.verifyEmail(
      { db: deps.db, jwt: deps.jwt, mail: deps.mail, now: deps.clock(), origin: originOf(request, deps) },
      request.tenant,
      request.params.token,
    )
    return reply.redirect(verified ? '/?emailVerified=true' : '/?emailVerified=false')
  })
}
