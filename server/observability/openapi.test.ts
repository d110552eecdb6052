import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020'
import type * as t from 'io-ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { namedRoutes } from '../../src/contract'
import { platformRoutes, tenantPageRoutes } from '../../src/contract/platform.routes'
import { NoInput } from '../../src/contract/route'
import { routeSamples } from '../../test/contract/samples'
import { buildTestServer, type TestServer } from '../test-support/test-server'
import { DATABASE_UNAVAILABLE } from '../app'
import { buildOpenApiDocument, mayBeShed, takesBody, type OpenApiDocument } from './openapi-document'

const document = buildOpenApiDocument('1.2.3')
type Operation = {
  operationId: string
  parameters: { name?: string; in?: string; required?: boolean; schema?: object; $ref?: string }[]
  requestBody?: { content: { 'application/json': { schema: object } } }
  responses: Record<string, { content: Record<string, { schema: object }> }>
}
/** The schema of a response, whatever its media type (JSON, or a calendar file's text). */
const schemaOf = (response: { content: Record<string, { schema: object }> }) => Object.values(response.content)[0].schema
const operationOf = (method: string, path: string) => document.paths[path]?.[method.toLowerCase()] as Operation | undefined

/** Validates values against a schema of the document (its $refs resolved in the document's components). */
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
ajv.addSchema({ $id: 'openapi.json', components: document.components }, 'openapi.json')
function validates(schema: object, value: unknown): string | undefined {
  const withRefs = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/'))
  const validate = ajv.compile(withRefs)
  return validate(value) ? undefined : ajv.errorsText(validate.errors)
}

describe('the OpenAPI document generated from src/contract', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document) as Parameters<Validator["validate"]>[0])
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(document.openapi).toBe('3.1.0')
    expect(document.info).toMatchObject({ version: '1.2.3' })
  })

  it('has every route of the contract: method and path, its parameters, body and a schema per response status', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item))
    // The contract's routes and the platform's (health, readiness, metrics, payments config, webhooks...).
    expect(operations).toHaveLength(namedRoutes.length + Object.keys({ ...platformRoutes, ...tenantPageRoutes }).length)
    for (const { name, route } of namedRoutes) {
      const op = operationOf(route.method, route.path)
      expect(op, `${route.method} ${route.path}`).toBeDefined()
      expect(op!.operationId).toMatch(new RegExp(`${name}$`))
      const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
      expect(op!.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(pathParams)
      if (route.query !== NoInput) {
        const declared = Object.keys(queryProps(route.query))
        expect(op!.parameters.filter((p) => p.in === 'query').map((p) => p.name).sort()).toEqual(declared.sort())
      }
      expect(op!.requestBody !== undefined).toBe(route.body !== NoInput)
      const serverStatuses = [...(takesBody(route) ? [415] : []), ...(mayBeShed(route) ? [503] : [])]
      expect(Object.keys(op!.responses).map(Number).sort()).toEqual([...new Set([...Object.keys(route.responses).map(Number), ...serverStatuses])].sort())
      for (const response of Object.values(op!.responses)) expect(schemaOf(response)).toBeTypeOf('object')
    }
  })

  it('names the Retry-After header of every 429 (rate limits answer it)', () => {
    const limited = Object.values(document.paths).flatMap((item) => Object.values(item as Record<string, { responses: Record<string, { headers?: object }> }>)).filter((op) => op.responses['429'])
    expect(limited.length).toBeGreaterThan(0)
    for (const op of limited) expect(op.responses['429'].headers).toHaveProperty('Retry-After')
  })

  it('lists 415 on every operation that reads a body and 503 with Retry-After on every one the server may shed (all but liveness)', () => {
    const all = [...namedRoutes.map((n) => n.route), ...Object.values({ ...platformRoutes, ...tenantPageRoutes })]
    for (const route of all) {
      const op = operationOf(route.method, route.path)! as Operation & { responses: Record<string, { headers?: Record<string, unknown> }> }
      const where = `${route.method} ${route.path}`
      if (route.method === 'GET') expect(op.responses, where).not.toHaveProperty('415')
      else expect(validates(schemaOf(op.responses['415']), { statusCode: 415, message: 'Unsupported Media Type' }), where).toBeUndefined()
      if (route.path === '/health') {
        expect(op.responses, where).not.toHaveProperty('503')
        continue
      }
      expect(op.responses['503'].headers, where).toHaveProperty('Retry-After')
      expect(validates(schemaOf(op.responses['503']), { statusCode: 503, message: DATABASE_UNAVAILABLE }), where).toBeUndefined()
    }
    // Readiness keeps its own 503 body (the failing check named) beside the shed one.
    const ready = operationOf('GET', '/ready')!
    expect((schemaOf(ready.responses['503']) as { anyOf?: object[] }).anyOf).toEqual([schemaOf(ready.responses['200']), schemaOf(operationOf('GET', '/clinics')!.responses['503'])])
  })

  it('tells that the operations an API key opens refuse an unknown field', () => {
    for (const { route } of namedRoutes.filter((n) => n.route.access === 'apiKey')) {
      expect((operationOf(route.method, route.path) as Operation & { description: string }).description, route.path).toContain('does not name is refused with 400')
    }
  })

  it("describes what the server really sends and takes: each route sample's body and responses validate", () => {
    let checked = 0
    for (const sample of routeSamples) {
      const op = operationOf(sample.route.method, sample.route.path)!
      if (sample.body !== undefined) {
        expect(validates(op.requestBody!.content['application/json'].schema, sample.route.body.encode(sample.body)), `${sample.route.path} body`).toBeUndefined()
        checked++
      }
      for (const [status, value] of Object.entries(sample.responses)) {
        const codec = sample.route.responses[Number(status)] as t.Mixed
        expect(validates(schemaOf(op.responses[status]), codec.encode(value)), `${sample.route.path} ${status}`).toBeUndefined()
        checked++
      }
    }
    expect(checked).toBeGreaterThan(40)
  })

  it('rejects what the contract rejects (a wrong id, a missing field, a value outside an enum)', () => {
    const booking = operationOf('POST', '/appointments/public')!.requestBody!.content['application/json'].schema
    expect(validates(booking, {})).toMatch(/appointment/)
    const idParam = Object.values(document.paths).flatMap((item) => Object.values(item) as Operation[]).flatMap((o) => o.parameters).find((p) => p.name === 'id')!
    expect(validates(idParam.schema!, 'not-an-id')).toBeDefined()
    expect(validates(idParam.schema!, '5e0000000000000000000001')).toBeUndefined()
    const conflict = operationOf('POST', '/appointments/public')!.responses['409'].content['application/json'].schema
    expect(validates(conflict, { statusCode: 'four hundred', message: 1 })).toBeDefined()
    expect(validates(conflict, { statusCode: 409, message: 'Sorry' })).toBeUndefined()
    const status = Object.values(document.paths).flatMap((item) => Object.values(item) as Operation[]).flatMap((o) => o.parameters).find((p) => p.in === 'query' && p.name === 'from')!
    expect(validates(status.schema!, 'staff')).toBeDefined()
    expect(validates(status.schema!, 'customer')).toBeUndefined()
  })
})

/** The query parameter names a query codec declares (t.exact over an intersection of t.type and t.partial). */
function queryProps(codec: t.Mixed): Record<string, unknown> {
  const c = codec as t.Mixed & { props?: Record<string, unknown>; type?: t.Mixed; types?: t.Mixed[] }
  if (c.props) return c.props
  if (c.type) return queryProps(c.type)
  return Object.assign({}, ...(c.types ?? []).map(queryProps))
}

describe('served by the app', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await buildTestServer()
  })
  afterAll(() => t.close())

  it('GET /api/openapi.json: the document, without a tenant', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'x-tenant': 'no-such-tenant' } })
    expect(response.statusCode).toBe(200)
    const served = response.json() as OpenApiDocument
    expect(served.paths).toEqual(JSON.parse(JSON.stringify(document.paths)))
  })

  it('GET /api/docs: Swagger UI from node_modules, pointed at the document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1])
    const styles = [...page.body.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])
    expect(scripts.length).toBeGreaterThan(0)
    for (const url of [...scripts, ...styles]) {
      expect(url.startsWith('/api/docs/')).toBe(true)
      const asset = await t.app.inject({ method: 'GET', url })
      expect(asset.statusCode, url).toBe(200)
      expect(asset.body.length).toBeGreaterThan(0)
    }
    const init = await t.app.inject({ method: 'GET', url: scripts[scripts.length - 1] })
    expect(init.body).toContain('"/api/openapi.json"')
  })
})

describe('npm run openapi', () => {
  it('writes the same document to a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'))
    try {
      const out = join(dir, 'openapi.json')
      await promisify(execFile)(process.execPath, ['scripts/openapi.mjs', out], { cwd: process.cwd() })
      const written = JSON.parse(readFileSync(out, 'utf8')) as OpenApiDocument
      expect(written.paths).toEqual(JSON.parse(JSON.stringify(document.paths)))
      expect(written.components).toEqual(JSON.parse(JSON.stringify(document.components)))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
