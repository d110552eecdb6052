/**
 * The live-events websocket (spec section 1 and 7): GET /api/ws?token=<the customer's token>.
 * The URL is one of the links /public/links returns. Messages are `{ from, customerId }` JSON.
 * A missing or invalid token closes the socket with code 4401; a customer's socket beyond the cap
 * (MAX_SOCKETS_PER_CUSTOMER on this instance) with 4429.
 */
import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { LiveEventsHub, registerHub, TOO_MANY_SOCKETS } from './live-events.hub'

export const LIVE_EVENTS_PATH = '/api/ws'

export interface LiveEventsRoutesOptions {
  hub: LiveEventsHub
  /** Verifies the token; the tenant and customer it belongs to (and its session generation), or undefined. */
  authenticate: (token: string, request: FastifyRequest) => Promise<{ tenant: string; customerId: string; generation?: number } | undefined>
}

export async function liveEventsRoutes(app: FastifyInstance, options: LiveEventsRoutesOptions): Promise<void> {
  const { hub } = options
  await hub.start()
  const unregister = registerHub(hub)
  app.addHook('onClose', async () => {
    unregister()
    await hub.close()
  })
  if (!app.hasDecorator('websocketServer')) await app.register(websocket)

  app.get<{ Querystring: { token?: string } }>(LIVE_EVENTS_PATH, { websocket: true }, (socket, request) => {
    // Messages from the client are ignored; keep a reference so nothing queues.
    socket.on('message', () => undefined)
    const token = typeof request.query.token === 'string' ? request.query.token : ''
    let remove: (() => void) | undefined
    let gone = false
    socket.on('close', () => {
      gone = true
      remove?.()
    })
    void options
      .authenticate(token, request)
      .catch(() => undefined)
      .then((who) => {
        if (gone) return
        if (!who) {
          socket.close(4401, 'Unauthorized')
          return
        }
        remove = hub.add(who.tenant, who.customerId, socket, who.generation)
        if (!remove) {
          socket.close(TOO_MANY_SOCKETS.code, TOO_MANY_SOCKETS.reason)
          return
        }
        socket.send(JSON.stringify({ from: 'connected', customerId: who.customerId }))
      })
  })
}
