/**
 * Request ids and the one log line per request. The line names the route pattern, never the raw URL
 * (paths and query strings carry ids, emails and tokens); the id comes from X-Request-Id when a proxy
 * sent one, and goes back in the answer's X-Request-Id.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { ServerConfig } from '../config'
import { routeOf } from './metrics.plugin'
import { requestLogSerializer } from '../http/log-redaction'

export const REQUEST_ID_HEADER = 'x-request-id'
const MAX_REQUEST_ID = 64

/** The caller's request id, reduced to safe characters and capped; a new UUID when none is left. */
export function requestIdOf(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header
  const clean = (given ?? '').replace(/[^A-Za-z0-9._:-]/g, '').slice(0, MAX_REQUEST_ID)
  return clean || randomUUID()
}

/** Fastify's logger and request-id options: JSON lines (pino), our own request line instead of Fastify's two. */
export function loggingOptions(config: ServerConfig, stream?: { write(line: string): void }): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId' | 'requestIdHeader'> {
  return {
    logger: { level: config.logLevel, serializers: { req: requestLogSerializer }, ...(stream ? { stream } : {}) },
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => requestIdOf(request.headers[REQUEST_ID_HEADER]),
  }
}

/** Who a request acted for: set by the route layer once it has read the token. */
export interface SignedIn {
  id: string
  role: string
}

export async function requestLogPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('signedIn', undefined)
  // `done` rather than async: no promise per request for these two.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
  app.addHook('onResponse', (request, reply, done) => {
    const who = request.signedIn
    const status = reply.statusCode
    const line = {
      tenant: request.tenant || undefined,
      method: request.method,
      route: routeOf(request),
      status,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ...(who ? (who.role === 'customer' ? { customer: who.id } : who.role === 'apiKey' ? { apiKey: who.id } : { staff: who.id, role: who.role }) : {}),
    }
    if (status >= 500) request.log.error(line, 'request')
    else request.log.info(line, 'request')
    done()
  })
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer or staff member, when the request carried a valid token. */
    signedIn: SignedIn | undefined
  }
}
