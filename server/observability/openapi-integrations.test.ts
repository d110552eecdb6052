/**
 * The OpenAPI document against what the server answers an integrator: every route an API key opens
 * (the integration routes and the catalogue reads), asked with no key, a wrong key, a key without the
 * scope, a malformed or mistyped body, a bad or unknown id and as it should be. Each answer's status is
 * one the document lists for the operation, and its body validates against that status's schema.
 */
import { Ajv2020 } from 'ajv/dist/2020'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { clearDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'
import { buildOpenApiDocument } from './openapi-document'

const document = buildOpenApiDocument('test')
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
ajv.addSchema({ $id: 'openapi.json', components: document.components }, 'openapi.json')

type Operation = { security?: Record<string, string[]>[]; responses: Record<string, { content?: Record<string, { schema: object }> }> }

let t: TestServer
const keys: Record<'all' | 'none', string> = { all: '', none: '' }

beforeAll(async () => {
  t = await buildTestServer()
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  const admin = { authorization: `Bearer ${login.json().token as string}` }
  const create = async (scopes: string[]) => (await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name: 'OpenAPI', scopes } })).json().key as string
  keys.all = await create(['catalogue:read', 'bookings:read', 'bookings:write', 'customers:read'])
  // 'bookings:read' only: without the scope of every route below but GET /integrations/bookings/{id}.
  keys.none = await create(['bookings:read'])
})
afterAll(() => t.close())

const day = clearDate(8, [2, 3, 4, 5])
const booking = (time: string) => ({
  customer: { email: `openapi.${time.replace(':', '')}@example.com`, firstName: 'Oa', surname: 'Pi' },
  appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation },
})

interface Ask {
  method: 'GET' | 'POST'
  /** the document's path (its parameters filled in `url`) */
  path: string
  url: string
  payload?: string | object
  /** the body's type when not JSON */
  contentType?: string
}
const asks: Ask[] = [
  { method: 'GET', path: '/public-clinics', url: '/public-clinics' },
  { method: 'GET', path: '/categories', url: `/categories?clinic=${DEMO.clinicLondon}` },
  { method: 'GET', path: '/services/public', url: `/services/public?clinic=${DEMO.clinicLondon}` },
  { method: 'GET', path: '/services/public/{id}', url: `/services/public/${DEMO.sConsultation}` },
  { method: 'GET', path: '/services/public/{id}', url: '/services/public/0123456789abcdef01234567' },
  { method: 'GET', path: '/services/public/{id}', url: '/services/public/nope' },
  { method: 'GET', path: '/integrations/customers', url: '/integrations/customers?q=demo' },
  { method: 'GET', path: '/integrations/customers', url: '/integrations/customers?pageSize=0' },
  { method: 'GET', path: '/integrations/customers', url: '/integrations/customers?offset=x' },
  { method: 'GET', path: '/integrations/bookings/{id}', url: `/integrations/bookings/${DEMO.apptFuture}` },
  { method: 'GET', path: '/integrations/bookings/{id}', url: '/integrations/bookings/0123456789abcdef01234567' },
  { method: 'GET', path: '/integrations/bookings/{id}', url: '/integrations/bookings/nope' },
  { method: 'POST', path: '/integrations/bookings', url: '/integrations/bookings', payload: booking('10:00') },
  { method: 'POST', path: '/integrations/bookings', url: '/integrations/bookings', payload: booking('10:00') },
  { method: 'POST', path: '/integrations/bookings', url: '/integrations/bookings', payload: { ...booking('10:30'), customer: { email: 'not-an-email', firstName: 'A', surname: 'B' } } },
  { method: 'POST', path: '/integrations/bookings', url: '/integrations/bookings', payload: { ...booking('11:00'), appointment: { ...booking('11:00').appointment, clinic: '0123456789abcdef01234567' } } },
  { method: 'POST', path: '/integrations/bookings', url: '/integrations/bookings', payload: { customer: { email: 1 }, appointment: 'x' } },
  { method: 'POST', path: '/integrations/bookings', url: '/integrations/bookings', payload: '{not json' },
  { method: 'POST', path: '/integrations/bookings', url: '/integrations/bookings', payload: '[]' },
  { method: 'POST', path: '/integrations/bookings', url: '/integrations/bookings', payload: 'customer[email]=a%40b.c', contentType: 'application/x-www-form-urlencoded' },
]

function check(ask: Ask, statusCode: number, body: unknown): string | undefined {
  const op = document.paths[ask.path]?.[ask.method.toLowerCase()] as Operation | undefined
  if (!op) return 'no such operation'
  const response = op.responses[String(statusCode)]
  if (!response) return `status ${statusCode} is not in the document (${Object.keys(op.responses).join(', ')}): ${JSON.stringify(body)}`
  const schema = response.content?.['application/json']?.schema
  if (!schema) return undefined
  const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/')))
  return validate(body) ? undefined : `${statusCode} body: ${ajv.errorsText(validate.errors)}`
}

describe('what the server answers an integrator is what the OpenAPI document says', () => {
  it('for every route a key opens, with no key, a wrong key, a key without the scope and the right one', async () => {
    const seen = new Set<number>()
    for (const ask of asks) {
      for (const key of [undefined, 'ck_live_wrong', keys.none, keys.all]) {
        const headers: Record<string, string> = { ...(key ? { 'x-api-key': key } : {}), ...(typeof ask.payload === 'string' ? { 'content-type': ask.contentType ?? 'application/json' } : {}) }
        const res = await t.app.inject({ method: ask.method, url: `/api/v1${ask.url}`, headers, ...(ask.payload !== undefined ? { payload: ask.payload } : {}) })
        seen.add(res.statusCode)
        expect(check(ask, res.statusCode, res.json()), `${ask.method} ${ask.url} with ${key ? key.slice(0, 12) : 'no key'}`).toBeUndefined()
      }
    }
    // The cases cover the answers an integrator meets.
    expect([...seen].sort()).toEqual([200, 201, 400, 401, 403, 404, 409, 415])
  })
})
