/**
 * The live-events websocket as a root route module: GET /api/ws?token=<customer token>. The token's
 * tenant and customer decide which messages the socket receives; a token older than the customer's
 * last password change, or logged out, is refused. On PostgreSQL the hub fans out with LISTEN/NOTIFY.
 */
import type { FastifyInstance } from 'fastify'
import type { ServerDeps } from '../deps'
import { tokenIsCurrent } from '../accounts/jwt.service'
import { sessionState } from '../accounts/session.service'
import { listenControlSocket } from './live-events.control'
import { LiveEventsHub, publishLogout } from './live-events.hub'
import { liveEventsRoutes } from './live-events.routes'

export async function liveEventsRootRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const hub = new LiveEventsHub({
    ...(deps.database.pool ? { pool: deps.database.pool } : {}),
    log: (message, detail) => app.log.warn({ detail }, message),
  })
  app.decorate('liveEvents', hub)
  if (deps.database.kind === 'pglite' && !deps.config.databaseUrl && deps.config.dataDir !== 'memory://') {
    // The staff script (logout-customer.ts) cannot open a data directory this server owns: it asks here.
    const closeControl = await listenControlSocket(deps.config.dataDir, ({ tenant, customerId }) => publishLogout(tenant, customerId))
    if (closeControl) app.addHook('onClose', closeControl)
    else app.log.warn(`DATA_DIR ${deps.config.dataDir} is too long a path for the live-events control socket: logout-customer.ts cannot reach this server`)
  }
  await liveEventsRoutes(app, {
    hub,
    authenticate: async (token) => {
      if (!token) return undefined
      const claims = await deps.jwt.verify(token)
      if (!claims) return undefined
      const session = await sessionState(deps.db, claims.tenant, claims.sub, token)
      if (!session || session.revoked) return undefined
      if (!tokenIsCurrent(claims, session.tokensValidAfter)) return undefined
      return { tenant: claims.tenant, customerId: claims.sub, generation: claims.gen ?? 0 }
    },
  })
}

declare module 'fastify' {
  interface FastifyInstance {
    /** this instance's live-events hub (server/realtime) */
    liveEvents: LiveEventsHub
  }
}
