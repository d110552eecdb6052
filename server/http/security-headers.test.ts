import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { cspDirectives } from '../app'
import { addSecurityHeaders } from './security-headers'

const OPTIONS = { contentSecurityPolicy: { useDefaults: false, directives: cspDirectives() }, crossOriginEmbedderPolicy: false, frameguard: { action: 'sameorigin' } } as const

/** The headers @fastify/helmet sent with the app's options, word for word. */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';script-src 'self' https://www.googletagmanager.com;style-src 'self' 'unsafe-inline' https://fonts.googleapis.com;font-src 'self' data: https://fonts.gstatic.com;img-src 'self' data: blob: https://*.tile.openstreetmap.org https:;connect-src 'self' ws: wss: https:;frame-src 'self';frame-ancestors 'self';form-action 'self';object-src 'none';base-uri 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
}

describe('security headers', () => {
  it('sets helmet headers on every answer (success, error, not found), and a route can still change them', async () => {
    const app = Fastify()
    addSecurityHeaders(app, OPTIONS)
    app.get('/ok', async () => ({ ok: true }))
    app.get('/fails', async () => {
      throw new Error('boom')
    })
    app.get('/framed', async (_request, reply) => reply.removeHeader('x-frame-options').header('content-security-policy', "frame-ancestors *").send('framed'))
    for (const url of ['/ok', '/fails', '/missing']) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.headers, url).toMatchObject(EXPECTED)
      expect(response.headers, url).not.toHaveProperty('cross-origin-embedder-policy')
    }
    const framed = await app.inject({ method: 'GET', url: '/framed' })
    expect(framed.headers['x-frame-options']).toBeUndefined()
    expect(framed.headers['content-security-policy']).toBe('frame-ancestors *')
    await app.close()
  })
})
