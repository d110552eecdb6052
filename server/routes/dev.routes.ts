/**
 * GET /dev/mailbox[?to=]: the mail outbox of the tenant, newest first. Only for development without a
 * mail server: in production, or once SMTP_URL sends real mail, it is a 404 (reset links are in there).
 */
import type { FastifyInstance } from 'fastify'
import { getDevMailbox } from '../../src/contract'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { notFound, ok } from '../http/results'

export async function devRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  serve(app, getDevMailbox, async ({ query }, ctx) => {
    if (deps.config.env === 'production' || deps.config.smtpUrl) return notFound('Not found')
    const rows = await ctx.db
      .selectFrom('outbox')
      .select(['id', 'to_address', 'subject', 'text', 'html', 'created_at'])
      .where('tenant_id', '=', ctx.tenant)
      .$if(Boolean(query.to), (q) => q.where('to_address', '=', String(query.to).trim().toLowerCase()))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute()
    return ok(
      rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.text, createdAt: r.created_at.toISOString(), ...(r.html ? { html: r.html } : {}) })),
    )
  })
}
