/**
 * GET /dev/mailbox[?to=]: the mail outbox of the tenant, newest first. Only for development without a
 * mail server (reset links are in there): the route exists only when NODE_ENV is exactly development
 * or test (deny by default), and once SMTP_URL sends real mail it is a 404. Pending notices are
 * rendered first, so a change's mail is there as soon as the change is answered.
 */
import type { FastifyInstance } from 'fastify'
import { getDevMailbox } from '../../src/contract'
import type { ServerConfig } from '../config'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { notFound, ok } from '../http/results'

/** Whether the dev mailbox exists at all: an allow-list of modes, so a new mode never exposes it. */
export function devMailboxEnabled(config: Pick<ServerConfig, 'env'>): boolean {
  return config.env === 'development' || config.env === 'test'
}

export async function devRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  if (!devMailboxEnabled(deps.config)) return
  serve(app, getDevMailbox, async ({ query }, ctx) => {
    if (deps.config.smtpUrl) return notFound('Not found')
    // What has happened shows at once: notices recorded but not rendered yet become mail first.
    await deps.notifications.renderPending()
    const rows = await ctx.db
      .selectFrom('outbox')
      .select(['id', 'to_address', 'subject', 'text', 'html', 'created_at'])
      .where('tenant_id', '=', ctx.tenant)
      .where('channel', '!=', 'webhook')
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
