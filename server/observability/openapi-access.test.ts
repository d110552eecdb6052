/**
 * What an integrator relies on in the OpenAPI document: redocly's recommended rules pass, every
 * operation says what it does and who may call it, the security it declares is what the server
 * checks (each call made without credentials, and staff calls with a customer's token), and the
 * document and the server list the same routes, under /api/v1 as under /api.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { namedRoutes } from '../../src/contract'
import { platformRoutes, tenantPageRoutes } from '../../src/contract/platform.routes'
import { encodeRequest, type Access, type Route } from '../../src/contract/route'
import { routeSamples } from '../../test/contract/samples'
import { TOKEN_MESSAGE } from '../http/contract-route'
import { buildTestServer, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { API_V1_BASE, buildOpenApiDocument } from './openapi-document'

const document = buildOpenApiDocument('1.2.3')
type Operation = { operationId: string; summary?: string; description?: string; security?: Record<string, string[]>[] }
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op: op as Operation })),
)
const allRoutes: Route[] = [...namedRoutes.map((n) => n.route), ...(Object.values({ ...platformRoutes, ...tenantPageRoutes }) as Route[])]

describe('the OpenAPI document for integrators', () => {
  it("passes redocly lint with the recommended rules: no error", async () => {
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config })
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)
    expect(errors).toEqual([])
  })

  it('gives every operation a summary, a description and its security from the contract', () => {
    expect(operations).toHaveLength(allRoutes.length)
    for (const route of allRoutes) {
      const op = document.paths[route.path][route.method.toLowerCase()] as Operation
      expect(op.summary).toBe(route.summary)
      expect(op.description).toContain(route.description)
      const schemes = (op.security ?? []).map((requirement) => Object.keys(requirement)[0] ?? 'none')
      const expected: Record<Access, string[]> = {
        public: [],
        optionalCustomer: ['customerBearer', 'none'],
        customer: ['customerBearer'],
        staff: ['staffBearer'],
        admin: ['staffBearer'],
        operator: ['operatorKey'],
        metrics: ['metricsBearer', 'none'],
        apiKey: ['apiKey'],
      }
      // A public route that names a scope takes an API key too (checked, rate limited, logged when sent).
      const wanted = route.access === 'public' && route.scope ? ['apiKey', 'none'] : expected[route.access]
      expect(schemes, `${route.method} ${route.path}`).toEqual(wanted)
      if (route.scope) expect(op.security?.[0]).toEqual({ apiKey: [route.scope] })
    }
    expect(document.servers).toEqual([expect.objectContaining({ url: API_V1_BASE })])
    const schemes = (document.components as { securitySchemes: object }).securitySchemes
    expect(Object.keys(schemes).sort()).toEqual(['apiKey', 'customerBearer', 'metricsBearer', 'operatorKey', 'staffBearer'])
    expect(schemes).toMatchObject({ operatorKey: { type: 'apiKey', in: 'header', name: 'X-Operator-Key' }, apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } })
  })
})

describe('the server against its document', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await buildTestServer({ operatorKey: 'operator-key-for-tests-0123456789' })
  })
  afterAll(() => t.close())

  /** A call of the route with its sample's input (else placeholder ids), under the given base. */
  const call = (route: Route, base: string, headers: Record<string, string> = {}) => {
    const sample = routeSamples.find((s) => s.route === route)
    const ids = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], '5e0000000000000000000001']))
    const request = encodeRequest(route, { params: (sample?.params ?? ids) as never, query: sample?.query as never, body: (sample?.body ?? (route.method === 'GET' ? undefined : {})) as never })
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body)
    return t.app.inject({ method: route.method, url: `${base}${request.url}`, payload, headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers } })
  }

  it('answers every operation of the document under /api/v1 (no "Route ... not found")', async () => {
    for (const route of allRoutes) {
      const response = await call(route, API_V1_BASE)
      expect(response.body, `${route.method} ${API_V1_BASE}${route.path}`).not.toMatch(/^\{"statusCode":404,"message":"Route /)
    }
  })

  it('answers /api/v1/... as it answers /api/...', async () => {
    for (const path of ['/public/organisations', '/health', '/payments/config', '/clinics?x=1']) {
      const v1 = await t.app.inject({ method: 'GET', url: `${API_V1_BASE}${path}` })
      const plain = await t.app.inject({ method: 'GET', url: `/api${path}` })
      expect(v1.statusCode, path).toBe(200)
      expect(v1.body).toBe(plain.body)
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/health' })).statusCode).toBe(404)
  })

  it('names an unknown /api/v1 path as it was sent', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `${API_V1_BASE}/nothing-here?x=1` })
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, `Route GET ${API_V1_BASE}/nothing-here?x=1 not found`])
  })

  it('refuses a call without credentials where the document asks for them, and takes one where it does not', async () => {
    for (const route of allRoutes) {
      const response = await call(route, API_V1_BASE)
      const where = `${route.method} ${route.path}: ${response.statusCode} ${response.body.slice(0, 120)}`
      if (route.access === 'customer' || route.access === 'staff' || route.access === 'admin' || route.access === 'operator' || route.access === 'apiKey') {
        expect(response.statusCode, where).toBe(401)
      } else {
        // A public call may refuse its own input (a form's password, bad credentials), never for want of a token.
        expect(response.body, where).not.toContain(TOKEN_MESSAGE)
      }
    }
  })

  it("refuses a customer's token on the staff calls", async () => {
    const token = await t.login(DEMO_CUSTOMER)
    for (const { route } of namedRoutes.filter((n) => n.route.access === 'staff' || n.route.access === 'admin')) {
      const response = await call(route, API_V1_BASE, t.auth(token))
      expect([401, 403], `${route.method} ${route.path}: ${response.statusCode}`).toContain(response.statusCode)
    }
  })

  it('lists every route the server answers under /api (but the documentation pages and the live-events socket)', () => {
    // printRoutes draws a tree: each line is a path segment under the line above it, four characters deeper.
    const parents: string[] = []
    const served = t.app
      .printRoutes({ commonPrefix: false, includeHooks: false })
      .split('\n')
      .flatMap((line) => {
        const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line)
        if (!m) return []
        const depth = m[1].length / 4
        parents[depth] = (parents[depth - 1] ?? '') + m[2]
        const path = parents[depth]
        return m[3] && path.startsWith('/api/') ? m[3].split(', ').filter((method) => method !== 'HEAD').map((method) => `${method} ${path}`) : []
      })
      .filter((route) => !/ \/api\/(docs|ws)\b/.test(route))
    const documented = allRoutes.map((r) => `${r.method} /api${r.path.replace(/\{(\w+)\}/g, ':$1')}`)
    expect(served.length).toBeGreaterThan(80)
    expect(served.filter((route) => !documented.includes(route))).toEqual([])
  })
})
