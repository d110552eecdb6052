/**
 * The order of a route's refusals, over every route of the registry that needs credentials: no
 * credentials 401, no role 403, and only then the body (415/400), as Stripe and GitHub answer. An
 * unauthenticated caller learns nothing of a route's input. The rightful caller, sending the same
 * input, hears the 400/415 (the input really is refused), so a new route cannot slip back.
 */
import * as E from 'fp-ts/Either'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { namedRoutes } from '../../src/contract'
import { platformRoutes, tenantPageRoutes } from '../../src/contract/platform.routes'
import type { Route } from '../../src/contract/route'
import { exampleDocument, OPERATOR_KEY, STAFF_PASSWORD, tenantWithAdmin } from '../admin/admin-test-support'
import { buildTestServer, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { TOKEN_MESSAGE } from './contract-route'

const allRoutes: Route[] = [...namedRoutes.map((n) => n.route), ...(Object.values({ ...platformRoutes, ...tenantPageRoutes }) as Route[])]
const sessionRoutes = allRoutes.filter((r) => r.access === 'customer' || r.access === 'staff' || r.access === 'admin')
// A GET's body is not read: its input is its params and query.
const withBody = sessionRoutes.filter((r) => r.method !== 'GET')
const reads = sessionRoutes.filter((r) => r.method === 'GET')
const BAD_ID = 'not-an-id'
const TENANT = 'order-of-checks'

/** Input no route takes: a text body, JSON that does not parse, a media type the server does not read. */
const BAD_BODIES = [
  { kind: 'text body', type: 'text/plain', payload: 'not json' },
  { kind: 'malformed JSON', type: 'application/json', payload: '{"not json' },
  { kind: 'unknown media type', type: 'application/x-unknown', payload: '<x/>' },
] as const

let t: TestServer
let admin: Record<string, string>
let practitioner: Record<string, string>
let customer: Record<string, string>

beforeAll(async () => {
  t = await buildTestServer({ operatorKey: OPERATOR_KEY })
  admin = (await tenantWithAdmin(t, TENANT)).headers
  expect((await t.app.inject({ method: 'POST', url: '/api/admin/setup', headers: admin, payload: { document: exampleDocument() } })).statusCode).toBe(200)
  const email = `maya@${TENANT}.example.com`
  const added = await t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: admin, payload: { email, displayName: 'Maya', role: 'practitioner', practitioner: 'maya' } })
  expect(added.statusCode).toBe(201)
  const token = String(added.json().setPasswordUrl).split('/').pop()!
  await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers: { 'x-tenant': TENANT }, payload: { token, password: STAFF_PASSWORD } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-tenant': TENANT }, payload: { email, password: STAFF_PASSWORD } })
  practitioner = { 'x-tenant': TENANT, authorization: `Bearer ${login.json().token as string}` }
  customer = t.auth(await t.login(DEMO_CUSTOMER))
})
afterAll(() => t.close())

const url = (route: Route, id = '5e0000000000000000000001') => `/api${route.path.replace(/\{\w+\}/g, id)}`
const send = (route: Route, body: (typeof BAD_BODIES)[number], headers: Record<string, string>) =>
  t.app.inject({ method: route.method, url: url(route), payload: body.payload, headers: { ...headers, 'content-type': body.type } })
/** Who may call the route, and one who is signed in but may not (with the status the route answers them). */
const callers = (route: Route): { rightful: Record<string, string>; other: Record<string, string>; otherStatus: number } =>
  route.access === 'admin'
    ? { rightful: admin, other: practitioner, otherStatus: 403 }
    : route.access === 'staff'
      ? { rightful: practitioner, other: customer, otherStatus: 401 } // a customer's token is no staff session
      : { rightful: customer, other: admin, otherStatus: 401 } // nor a staff token a customer's

describe('credentials before the body, on every route that needs a session', () => {
  it('covers the customer, staff and admin routes', () => {
    expect(new Set(sessionRoutes.map((r) => r.access))).toEqual(new Set(['customer', 'staff', 'admin']))
  })

  /** What each caller hears for the request `call` makes as them; `refused`: the rightful caller's answer must be 400/415. */
  async function misanswered(route: Route, call: (headers: Record<string, string>) => Promise<{ statusCode: number; body: string }>, refused: boolean): Promise<string[]> {
    const { rightful, other, otherStatus } = callers(route)
    const name = `${route.method} ${route.path}`
    const wrong: string[] = []
    const anonymous = await call(route.access === 'customer' ? {} : { 'x-tenant': TENANT })
    if (anonymous.statusCode !== 401) wrong.push(`${name} without a token: ${anonymous.statusCode} ${anonymous.body.slice(0, 100)}`)
    else if (route.access === 'customer' && !anonymous.body.includes(TOKEN_MESSAGE)) wrong.push(`${name} without a token: ${anonymous.body}`)
    const outsider = await call(other)
    if (outsider.statusCode !== otherStatus) wrong.push(`${name} without the role: ${outsider.statusCode} ${outsider.body.slice(0, 100)}`)
    const allowed = await call(rightful)
    if (refused && ![400, 415].includes(allowed.statusCode)) wrong.push(`${name} as its caller: ${allowed.statusCode} ${allowed.body.slice(0, 100)}`)
    return wrong
  }

  for (const body of BAD_BODIES) {
    it(`answers 401 without a token, 401/403 to a caller without the role, then 400/415, for a ${body.kind}`, async () => {
      const wrong: string[] = []
      for (const route of withBody) wrong.push(...(await misanswered(route, (headers) => send(route, body, headers), true)))
      expect(wrong).toEqual([])
    })
  }

  it('answers a GET with ids that are none and no query 401, then 401/403, then 400', async () => {
    const wrong: string[] = []
    let refusable = 0
    for (const route of reads) {
      const ids = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], BAD_ID]))
      // Only where the route's codecs refuse the input has its rightful caller a 400 to hear.
      const refused = E.isLeft(route.params.decode(ids)) || E.isLeft(route.query.decode({}))
      if (refused) refusable += 1
      wrong.push(...(await misanswered(route, (headers) => t.app.inject({ method: 'GET', url: url(route, BAD_ID), headers }), refused)))
    }
    expect(wrong).toEqual([])
    expect(refusable).toBeGreaterThan(10)
  })

  it("refuses DELETE /admin/webhooks/{id} with a text body and no token 401, as the route's own answer", async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/admin/webhooks/5e0000000000000000000001', payload: 'x', headers: { 'x-tenant': TENANT, 'content-type': 'text/plain' } })
    expect(response.statusCode).toBe(401)
    expect(response.json().message).not.toMatch(/body|params/i)
  })

  it('answers a body over the size limit 401 without a token, 413 to the admin', async () => {
    const big = JSON.stringify({ url: 'x'.repeat(6 * 1024 * 1024) })
    const post = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/admin/webhooks', payload: big, headers: { ...headers, 'content-type': 'application/json' } })
    expect((await post({ 'x-tenant': TENANT })).statusCode).toBe(401)
    expect((await post(practitioner)).statusCode).toBe(403)
    expect((await post(admin)).statusCode).toBe(413)
  })

  it("asks the operator's key before reading the tenant it would create", async () => {
    for (const body of BAD_BODIES) {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/tenants', payload: body.payload, headers: { 'content-type': body.type } })
      expect([body.kind, response.statusCode, response.json().message]).toEqual([body.kind, 401, 'The operator key is missing or wrong.'])
      const keyed = await t.app.inject({ method: 'POST', url: '/api/admin/tenants', payload: body.payload, headers: { 'content-type': body.type, 'x-operator-key': OPERATOR_KEY } })
      expect([400, 415]).toContain(keyed.statusCode)
    }
  })
})
