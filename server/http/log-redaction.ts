/**
 * What the request log may show of a request. Reset and verification tokens travel in URLs (the mailed
 * links /user/reset-password/{token}, /staff/set-password/{token} and /api/user/verify-email/{token},
 * the socket's ?token=): the log gets the URL with those parts masked, never the secret itself.
 */
import type { FastifyRequest } from 'fastify'

const MASK = '***'
/** Path segments that carry a token after them. */
const TOKEN_PATHS = /(\/(?:reset-password|set-password|verify-email)\/)[^/?#]+/gi
/** Query parameters whose value is a secret. */
const SECRET_PARAMS = new Set(['token', 'access_token', 'code', 'password'])

export function redactUrl(url: string): string {
  const [path, ...rest] = url.split('?')
  const maskedPath = path.replace(TOKEN_PATHS, `$1${MASK}`)
  if (rest.length === 0) return maskedPath
  const query = rest
    .join('?')
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0]
      let decoded = name
      try {
        decoded = decodeURIComponent(name)
      } catch {
        // a malformed name is shown as it came
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) && pair.includes('=') ? `${name}=${MASK}` : pair
    })
    .join('&')
  return `${maskedPath}?${query}`
}

/** Fastify's own request serializer, with the URL masked. */
export function requestLogSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
