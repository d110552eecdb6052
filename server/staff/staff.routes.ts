/**
 * POST /staff/login, POST /staff/logout, GET /staff/me, POST /staff/forgot-password, POST
 * /staff/set-password (src/contract/staff.routes.ts). Login, forgot-password and set-password are
 * rate limited per client, as the customers' ones.
 */
import * as E from 'fp-ts/Either'
import type { FastifyInstance } from 'fastify'
import { createStaff, listStaff, removeStaff, staffPasswordLink, updateStaff } from '../../src/contract/admin.routes'
import { getStaffMe, staffForgotPassword, staffLogin, staffLogout, staffSetPassword } from '../../src/contract/staff.routes'
import type { ServerDeps } from '../deps'
import { bearerToken, serve } from '../http/contract-route'
import { ok } from '../http/results'
import { answer, failureOf } from '../http/service-failure'
import { ADMIN_ONLY, requireStaff } from './staff.guard'
import * as staff from './staff.service'
import { operatorDb } from './staff.tables'

export async function staffRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const rateLimit = { max: deps.config.rateLimitMax, timeWindow: deps.config.rateLimitWindowMs }

  serve(
    app,
    staffLogin,
    async ({ body }, ctx) => {
      const result = await staff.login(operatorDb(ctx.db), ctx.deps.jwt, ctx.tenant, body.email, body.password)
      if (E.isLeft(result)) {
        ctx.request.log.warn({ email: body.email, clientAddress: ctx.request.ip, tenant: ctx.tenant }, 'failed staff login')
        return failureOf(result.left)
      }
      return ok(result.right)
    },
    { rateLimit },
  )

  serve(app, staffLogout, async (_input, ctx) => {
    const who = await requireStaff(ctx)
    await staff.logout(operatorDb(ctx.db), who, bearerToken(ctx.request)!, ctx.now())
    return ok({ message: 'You have been logged out.' })
  })

  serve(app, getStaffMe, async (_input, ctx) => ok(staff.staffDto((await requireStaff(ctx)).staff)))

  serve(
    app,
    staffForgotPassword,
    async ({ body }, ctx) => ok(staff.forgotPassword({ db: ctx.db, mail: ctx.deps.mail, origin: ctx.origin, now: ctx.now() }, ctx.tenant, body.email)),
    { rateLimit },
  )

  serve(
    app,
    staffSetPassword,
    async ({ body }, ctx) => {
      const result = await staff.setPassword(operatorDb(ctx.db), ctx.tenant, body.token, body.password, ctx.now())
      return E.isLeft(result) ? failureOf(result.left) : ok({ message: 'Your password is set. You can now log in.' })
    },
    { rateLimit },
  )

  serve(app, createStaff, async ({ body }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    const created = await staff.createStaff({ db: ctx.db, mail: ctx.deps.mail, origin: ctx.origin, now: ctx.now() }, ctx.tenant, body)
    return answer(created, 201)
  })

  serve(app, listStaff, async (_input, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    return ok(await staff.listStaff(operatorDb(ctx.db), ctx.tenant))
  })

  serve(app, staffPasswordLink, async ({ params }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    const link = await staff.passwordLink(operatorDb(ctx.db), ctx.tenant, params.id, ctx.origin, ctx.now())
    return answer(link)
  })

  serve(app, updateStaff, async ({ params, body }, ctx) => {
    await requireStaff(ctx, ADMIN_ONLY)
    return answer(await staff.updateStaff(operatorDb(ctx.db), ctx.tenant, params.id, body))
  })

  serve(app, removeStaff, async ({ params }, ctx) => {
    const who = await requireStaff(ctx, ADMIN_ONLY)
    return answer(await staff.removeStaff(operatorDb(ctx.db), ctx.tenant, params.id, who.staff.id))
  })
}
