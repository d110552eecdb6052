/**
 * The security headers of every answer (CSP, X-Frame-Options, HSTS, …), worked out once by helmet at
 * start and set on each reply as they are. @fastify/helmet built helmet's middleware again on every
 * request (parsing the CSP directives each time), a tenth of a millisecond of CPU per request.
 */
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The headers helmet's middleware sets for these options (names as helmet spells them). The options
 * must not depend on the request (no CSP nonces, no directive functions): they are read once.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): [name: string, value: string][] {
  const response = new SpellingResponse(new IncomingMessage(new Socket()))
  helmet(options)(response.req, response, (error?: unknown) => {
    if (error) throw error
  })
  return response.getHeaderNames().map((name) => [response.spelling.get(name) ?? name, String(response.getHeader(name))])
}

/** Remembers how each header name was spelled (getHeaderNames() lower-cases): they go out as helmet spells them, as before. */
class SpellingResponse extends ServerResponse {
  readonly spelling = new Map<string, string>()

  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.spelling.set(name.toLowerCase(), name)
    return super.setHeader(name, value)
  }
}

/** Sets the headers on every reply of `app` at the start of the request (where @fastify/helmet did). */
export function addSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeaders(options)
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value)
    done()
  })
}
