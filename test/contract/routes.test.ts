import { describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import {
  AppointmentPayload,
  LinkedAppointmentPayload,
  ReschedulePayload,
  allRoutes,
  ErrorBody,
  errorStatuses,
  fastifyPattern,
  namedRoutes,
  pathFor,
  successStatuses,
  type Route,
} from '../../src/contract'
import { routeSamples, type RouteSample } from './samples'
import { isExact, requiredKeys, wrongType } from './introspect'

const label = (r: Route) => `${r.method} ${r.path}`
const json = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown

function decodeOk(codec: t.Mixed, value: unknown): unknown {
  const result = codec.decode(value)
  if (E.isLeft(result)) throw new Error(`expected ${codec.name} to decode ${JSON.stringify(value)}`)
  return result.right
}


describe('the route table', () => {
  it('has one sample row per route of allRoutes, and nothing else', () => {
    const sampled = new Set(routeSamples.map((s) => s.route))
    const missing = namedRoutes.filter((n) => !sampled.has(n.route)).map((n) => n.name)
    expect(missing).toEqual([])
    expect(routeSamples.length).toBe(allRoutes.length)
  })

  it('has unique method + path pairs, under the /api base (no /api prefix, leading slash)', () => {
    const keys = allRoutes.map(label)
    expect(new Set(keys).size).toBe(keys.length)
    for (const r of allRoutes) {
      expect(r.path.startsWith('/')).toBe(true)
      expect(r.path.startsWith('/api')).toBe(false)
    }
  })

  it('gives every route a 2xx response codec and the ErrorBody for each error status', () => {
    for (const r of allRoutes) {
      expect(successStatuses(r).length, label(r)).toBeGreaterThan(0)
      expect(errorStatuses(r).length, label(r)).toBeGreaterThan(0)
      for (const s of errorStatuses(r)) expect(r.responses[s], `${label(r)} ${s}`).toBe(ErrorBody)
    }
  })

  it('lists the answers of an API key on every route that takes one: 401 (unknown or revoked), 403 (scope), 429 (rate limit)', () => {
    // serve() checks a key sent to any route with a scope, public catalogue reads too (docs/integrations.md).
    const scoped = allRoutes.filter((r) => r.scope !== undefined)
    expect(scoped.length).toBeGreaterThan(0)
    for (const r of scoped) expect(errorStatuses(r), label(r)).toEqual(expect.arrayContaining([401, 403, 429]))
  })

  it('covers every call of spec section 7', () => {
    const expected = [
      'GET /public/links', 'GET /public/organisations', 'GET /public/organisations/card-requirement',
      'GET /public-clinics', 'GET /clinics', 'POST /login', 'POST /user/customer/register',
      'POST /user/forgot-password/{email}', 'PUT /user/change-password', 'GET /user/me', 'GET /lists', 'PUT /lists',
      'POST /appointments/days-available-by-month', 'GET /appointments/customer/{customerId}',
      'POST /appointments/public', 'GET /appointments/{id}', 'PUT /appointments/cancel-by-customer/{id}',
      'PUT /appointments/delete-pending/{id}', 'PUT /appointments/reschedule/{id}', 'GET /categories',
      'GET /categories/{id}', 'GET /services/public', 'GET /services/public/{id}', 'GET /course/groupedByCategory',
      'POST /practitioners/time', 'POST /practitioners/public', 'PUT /customers/{id}', 'PUT /customers/default-card/{id}',
      'POST /customers-lead', 'GET /square/get-customer-cards/{id}', 'POST /square/add-customer-card',
      'DELETE /square/delete-customer-cards/{id}', 'GET /square/is-connected', 'GET /square/get-seller',
      'POST /invoice/create', 'POST /invoice/{id}/pay', 'GET /invoices/{id}', 'POST /invoice/{id}/has-payment-intent',
      'GET /coherence/check-payment/{transactionId}', 'GET /course/customer-course', 'POST /course/verify-assignment/{id}',
      'GET /course/withoutAppt/{id}', 'GET /taxes', 'POST /taxes', 'PUT /taxes/{id}', 'GET /taxes/{id}/items',
      'GET /taxes/{id}', 'GET /forms/user-form/{id}', 'POST /forms/user-form/sign/{id}/public',
      'POST /forms/user-form/update/{id}/public', 'GET /countries', 'GET /dev/mailbox',
    ]
    const actual = new Set(allRoutes.map(label))
    expect(expected.filter((k) => !actual.has(k))).toEqual([])
  })
})

describe.each(routeSamples.map((s) => [label(s.route), s] as const))('%s', (_name, s: RouteSample) => {
  const r = s.route

  it('round-trips its path parameters and builds a concrete path that its Fastify pattern matches', () => {
    const params = (s.params ?? {}) as Record<string, string>
    expect(decodeOk(r.params, params)).toEqual(s.params ?? {})
    const path = pathFor(r, params)
    expect(path).not.toMatch(/[{}]/)
    const pattern = new RegExp(`^${fastifyPattern(r).replace(/:\w+/g, '[^/]+')}$`)
    expect(path).toMatch(pattern)
  })

  it('round-trips its query through the URL (encode gives strings, decode gives the value back)', () => {
    const query = s.query ?? {}
    const encoded = r.query.encode(query) as Record<string, unknown>
    for (const v of Object.values(encoded ?? {})) expect(typeof v === 'string' || v === undefined).toBe(true)
    const viaUrl = Object.fromEntries(new URLSearchParams(encoded as Record<string, string>))
    expect(decodeOk(r.query, viaUrl)).toEqual(query)
    expect(decodeOk(r.query, query)).toEqual(query)
  })

  it('round-trips its body through JSON', () => {
    if (s.body === undefined) {
      expect(E.isRight(r.body.decode(undefined))).toBe(true)
      return
    }
    expect(decodeOk(r.body, json(r.body.encode(s.body)))).toEqual(s.body)
  })

  it('round-trips its success responses through JSON, with encode as the identity', () => {
    const statuses = successStatuses(r)
    const sampled = Object.keys(s.responses).map(Number)
    expect(sampled.length).toBeGreaterThan(0)
    for (const status of statuses) {
      const codec = r.responses[status] as t.Mixed
      const value = (s.responses as Record<number, unknown>)[status]
      if (value === undefined) continue
      expect(codec.encode(value)).toEqual(value)
      expect(decodeOk(codec, json(value))).toEqual(value)
    }
  })

  it('round-trips an ErrorBody for each error status and rejects a success body there', () => {
    for (const status of errorStatuses(r)) {
      const codec = r.responses[status] as t.Mixed
      const err = { statusCode: status, message: `failure ${status}` }
      expect(decodeOk(codec, json(codec.encode(err)))).toEqual(err)
      expect(E.isLeft(codec.decode({ message: 'no status' }))).toBe(true)
    }
  })

  const body = s.body
  const elementCodec = r.body instanceof t.ArrayType ? (r.body.type as t.Mixed) : r.body
  const elementSample = (Array.isArray(body) ? body[0] : body) as Record<string, unknown> | undefined
  const wrap = (x: unknown) => (r.body instanceof t.ArrayType ? [x] : x)
  const required = requiredKeys(elementCodec)

  if (elementSample !== undefined && required !== undefined) {
    it('rejects a body missing any required field, or with a wrong type in any field', () => {
      for (const key of required) {
        const { [key]: _dropped, ...without } = elementSample
        expect(E.isLeft(r.body.decode(wrap(without))), `missing ${key}`).toBe(true)
      }
      for (const key of Object.keys(elementSample)) {
        const wrong = { ...elementSample, [key]: wrongType(elementSample[key]) }
        expect(E.isLeft(r.body.decode(wrap(wrong))), `wrong type for ${key}`).toBe(true)
      }
      expect(E.isLeft(r.body.decode('a string'))).toBe(true)
      expect(E.isLeft(r.body.decode(null))).toBe(true)
    })
  }

  if (elementSample !== undefined && isExact(elementCodec)) {
    it('strips unknown body fields', () => {
      const decoded = decodeOk(r.body, wrap({ ...elementSample, injected: 'x' }))
      const first = (Array.isArray(decoded) ? decoded[0] : decoded) as Record<string, unknown>
      expect(first).not.toHaveProperty('injected')
    })
  }
})

describe('required body fields are the spec\'s (and designed) ones', () => {
  const c = Object.fromEntries(namedRoutes.map((n) => [n.name, n.route]))
  const element = (r: Route) => (r.body instanceof t.ArrayType ? (r.body.type as t.Mixed) : r.body)
  it.each([
    ['login', ['email', 'password']],
    ['register', ['title', 'name', 'surname', 'dob', 'gender', 'email', 'mobile', 'password']],
    ['getDaysAvailableByMonth', ['service', 'month', 'year', 'location']],
    ['getPublicPractitioners', ['month', 'clinic', 'service']],
    ['getPractitionerTimes', ['date', 'service', 'clinic']],
    ['createPublicAppointment', ['appointment']],
    ['rescheduleAppointment', ['appointment']],
    ['updateCustomer', []],
    ['putLists', ['sys_name', 'values']],
    ['createInvoice', ['customer', 'clinic']],
    ['payInvoice', ['payments']],
    ['addCustomerCard', ['cardNonce', 'customerId']],
    ['deleteCustomerCards', ['cards']],
    ['setDefaultCard', ['cardId']],
    ['createSetupIntent', ['customerId']],
    ['purchaseGiftVouchers', ['customer', 'clinic', 'vouchers']],
    ['createTax', ['name', 'rate']],
    ['updateTax', []],
    ['signUserForm', ['signature']],
    ['updateUserForm', ['data']],
    ['createLead', ['firstName', 'surname', 'email']],
  ] as const)('%s requires %j', (name, expected) => {
    const r = c[name]
    expect(r, name).toBeDefined()
    expect(requiredKeys(element(r))?.sort()).toEqual([...expected].sort())
  })

  it('the appointment payload requires event, practitioner, clinic and service; a linked one event, clinic and service', () => {
    expect(requiredKeys(AppointmentPayload)?.sort()).toEqual(['clinic', 'event', 'practitioner', 'service'])
    expect(requiredKeys(LinkedAppointmentPayload)?.sort()).toEqual(['clinic', 'event', 'service'])
    expect(requiredKeys(ReschedulePayload)).toEqual(['event'])
  })

  it('change password takes either {token, newPassword} or {newPassword, currentPassword, userId}', () => {
    const body = c.changePassword.body
    expect(E.isRight(body.decode({ token: 't', newPassword: 'Secret123' }))).toBe(true)
    expect(E.isRight(body.decode({ newPassword: 'Secret123', currentPassword: 'Old12345', userId: '0'.repeat(24) }))).toBe(true)
    expect(E.isLeft(body.decode({ newPassword: 'Secret123', currentPassword: 'Old12345' }))).toBe(true)
    expect(E.isLeft(body.decode({ token: '', newPassword: 'Secret123' }))).toBe(true)
    expect(E.isLeft(body.decode({ token: 't', newPassword: 42 }))).toBe(true)
  })
})
