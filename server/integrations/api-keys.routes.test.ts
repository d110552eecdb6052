/**
 * API keys (issue 30): an admin creates, lists and revokes them; the key is shown once and stored
 * hashed; a key opens the routes whose contract names one of its scopes (403 without the scope, 401
 * unknown or revoked), for its own tenant; the request log names the key's id, never the key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { clearDays, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, seedIds, type TestServer } from '../test-support/test-server'
import { API_KEY_RATE_LIMIT } from '../http/contract-route'
import { API_KEY_MESSAGES, hashApiKey } from './api-keys.service'
import { newId } from '../db/ids'
import { CUSTOMER_PAGE } from '../../src/contract/integrations.routes'

let t: TestServer
// Two different days (Tuesday to Friday): a weekend or a seeded day would move two clearDate()s onto one.
const bookingDays = clearDays(4, 2, new Date(), [2, 3, 4, 5])
let admin: Record<string, string>
const logLines: string[] = []
beforeAll(async () => {
  t = await buildTestServer({ logLevel: 'info', logStream: { write: (line) => void logLines.push(line) } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  admin = { authorization: `Bearer ${login.json().token as string}` }
})
afterAll(() => t.close())

const createKey = async (scopes: string[], name = 'CRM') => {
  const created = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name, scopes } })
  expect(created.statusCode, created.body).toBe(201)
  return created.json() as { id: string; key: string; prefix: string; scopes: string[] }
}

describe('API keys', () => {
  it('are made, listed and revoked by an admin only; the key is shown once and kept as a hash', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', payload: { name: 'x', scopes: ['bookings:read'] } })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name: 'x', scopes: [] } })).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name: 'x', scopes: ['everything'] } })).statusCode).toBe(400)
    const key = await createKey(['customers:read', 'bookings:read'])
    expect(key.key).toMatch(/^ck_live_[A-Za-z0-9_-]{32}$/)
    expect(key.prefix).toBe(key.key.slice(0, 12))
    const row = await t.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow()
    expect(row.key_hash).toBe(hashApiKey(key.key))
    expect(JSON.stringify(row)).not.toContain(key.key)
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: admin })
    expect(list.json()).toContainEqual(expect.objectContaining({ id: key.id, prefix: key.prefix, scopes: ['customers:read', 'bookings:read'] }))
    expect(list.body).not.toContain(key.key)
  })

  it('opens the routes of its scopes: 403 without the scope, 401 unknown, revoked or missing', async () => {
    const key = await createKey(['customers:read'])
    const found = await t.app.inject({ method: 'GET', url: '/api/v1/integrations/customers?q=demo', headers: { 'x-api-key': key.key } })
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json().length).toBeGreaterThan(0)

    const book = await t.app.inject({ method: 'POST', url: '/api/v1/integrations/bookings', headers: { 'x-api-key': key.key }, payload: { customer: { email: 'a@example.com', firstName: 'A', surname: 'B' }, appointment: {} } })
    expect(book.statusCode).toBe(403)
    expect(book.json().message).toBe(API_KEY_MESSAGES.scope('bookings:write'))
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/integrations/customers?q=demo' })
    expect(missing.statusCode).toBe(401)
    expect(missing.json().message).toBe(API_KEY_MESSAGES.missing)
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/integrations/customers?q=demo', headers: { 'x-api-key': `${key.key.slice(0, -2)}xx` } })
    expect(unknown.statusCode).toBe(401)
    // Another tenant's key is unknown here.
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/v1/integrations/customers?q=demo', headers: { 'x-api-key': key.key, 'x-tenant': 'other' } })
    expect([401, 404]).toContain(elsewhere.statusCode)

    // A public catalogue call takes a key with catalogue:read, and refuses a key without it.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/public-clinics', headers: { 'x-api-key': key.key } })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/public-clinics' })).statusCode).toBe(200)

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${key.id}`, headers: admin })
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json().revokedAt).toBeDefined()
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/integrations/customers?q=demo', headers: { 'x-api-key': key.key } })
    expect(after.statusCode).toBe(401)
    expect(after.json().message).toBe(API_KEY_MESSAGES.unknown)
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/public-clinics', headers: { 'x-api-key': key.key } })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/api-keys/5e0000000000000000000009', headers: admin })).statusCode).toBe(404)
  })

  it('checks the key before the body is read: a malformed body sent without a valid key answers 401 or 403, not 400', async () => {
    const readOnly = await createKey(['bookings:read'])
    const revoked = await createKey(['bookings:write'])
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${revoked.id}`, headers: admin })).statusCode).toBe(200)
    const post = (headers: Record<string, string>, payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/integrations/bookings', headers: { 'content-type': 'application/json', ...headers }, payload })
    for (const body of ['{not json', '[]', JSON.stringify({ customer: 'x' })]) {
      const missing = await post({}, body)
      expect([missing.statusCode, missing.json()], body).toEqual([401, { statusCode: 401, message: API_KEY_MESSAGES.missing }])
      const gone = await post({ 'x-api-key': revoked.key }, body)
      expect([gone.statusCode, gone.json()], body).toEqual([401, { statusCode: 401, message: API_KEY_MESSAGES.unknown }])
      const unscoped = await post({ 'x-api-key': readOnly.key }, body)
      expect([unscoped.statusCode, unscoped.json()], body).toEqual([403, { statusCode: 403, message: API_KEY_MESSAGES.scope('bookings:write') }])
    }
    // With a key that may book, the same malformed body is the client's mistake: 400 with the same error shape.
    const writer = await createKey(['bookings:write'])
    const malformed = await post({ 'x-api-key': writer.key }, '{not json')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ statusCode: 400, message: expect.any(String) })
  })

  it("keeps to its tenant: another tenant's key is unknown here, and another tenant's ids are not found", async () => {
    const OTHER = seedIds('other')
    const otherLogin = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-tenant': 'other' }, payload: DEMO_STAFF_ADMIN })
    expect(otherLogin.statusCode, otherLogin.body).toBe(200)
    const otherKey = await t.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: { 'x-tenant': 'other', authorization: `Bearer ${otherLogin.json().token as string}` },
      payload: { name: 'Elsewhere', scopes: ['bookings:read', 'bookings:write', 'customers:read'] },
    })
    expect(otherKey.statusCode, otherKey.body).toBe(201)
    const foreign = otherKey.json().key as string
    // Its own tenant's booking reads; the same key at demo is unknown (401), whatever the route.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/integrations/bookings/${OTHER.apptFuture}`, headers: { 'x-tenant': 'other', 'x-api-key': foreign } })).statusCode).toBe(200)
    for (const url of [`/api/v1/integrations/bookings/${DEMO.apptFuture}`, '/api/v1/integrations/customers?q=demo']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': foreign } })
      expect([res.statusCode, res.json()], url).toEqual([401, { statusCode: 401, message: API_KEY_MESSAGES.unknown }])
    }
    // A demo key does not find the other tenant's appointment, nor book at its clinic; nobody is created for it.
    const key = await createKey(['bookings:read', 'bookings:write'])
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/integrations/bookings/${OTHER.apptFuture}`, headers: { 'x-api-key': key.key } })
    expect([read.statusCode, read.json()]).toEqual([404, { statusCode: 404, message: 'Appointment not found.' }])
    const [day] = bookingDays
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/integrations/bookings',
      headers: { 'x-api-key': key.key },
      payload: {
        customer: { email: 'cross.tenant@example.com', firstName: 'Cy', surname: 'Ross' },
        appointment: { event: { start: londonInstant(day, '16:00'), end: londonInstant(day, '16:00') }, practitioner: OTHER.pSarah, clinic: OTHER.clinicLondon, service: OTHER.sAntiWrinkle1 },
      },
    })
    expect(booked.statusCode, booked.body).toBe(404)
    expect(booked.json()).toEqual({ statusCode: 404, message: expect.any(String) })
    expect(await t.db.selectFrom('customers').select('id').where('email', '=', 'cross.tenant@example.com').executeTakeFirst()).toBeUndefined()
  })

  it('pages the customers found: offset and pageSize, in a stable order, every match reachable, out-of-range paging refused', async () => {
    const template = await t.db.selectFrom('customers').selectAll().where('id', '=', DEMO.customerOther).executeTakeFirstOrThrow()
    const many = CUSTOMER_PAGE.size + 10
    await t.db
      .insertInto('customers')
      .values(
        Array.from({ length: many }, (_, i) => ({
          ...template,
          id: newId(),
          email: `pager-${i}@example.com`,
          first_name: 'Pat',
          surname: 'Pager',
          marketing_types: JSON.stringify(template.marketing_types),
          notification_types: JSON.stringify(template.notification_types),
        })),
      )
      .execute()
    const key = await createKey(['customers:read'])
    const page = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/integrations/customers?q=pager${query}`, headers: { 'x-api-key': key.key } })
      expect(res.statusCode, res.body).toBe(200)
      return (res.json() as { id: string }[]).map((c) => c.id)
    }
    const first = await page('')
    expect(first).toHaveLength(CUSTOMER_PAGE.size)
    const rest = await page(`&offset=${CUSTOMER_PAGE.size}`)
    expect(rest).toHaveLength(10)
    expect(new Set([...first, ...rest]).size).toBe(many)
    expect([...(await page('&pageSize=7')), ...(await page('&offset=7&pageSize=7'))]).toEqual(first.slice(0, 14))
    for (const bad of [`pageSize=${CUSTOMER_PAGE.max + 1}`, 'pageSize=0', 'offset=-1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/integrations/customers?q=pager&${bad}`, headers: { 'x-api-key': key.key } })
      expect(res.statusCode, bad).toBe(400)
    }
    // Without q (or with an empty one) every customer matches, paged the same (docs/integrations.md).
    for (const query of ['', '?q=']) {
      const all = await t.app.inject({ method: 'GET', url: `/api/v1/integrations/customers${query}${query ? '&' : '?'}pageSize=${CUSTOMER_PAGE.max}`, headers: { 'x-api-key': key.key } })
      expect(all.statusCode, all.body).toBe(200)
      const ids = (all.json() as { id: string }[]).map((c) => c.id)
      expect(ids, query).toEqual(expect.arrayContaining([...first, DEMO.customerOther]))
    }
  })

  it('books for a customer by email (created when new), reads the booking back, and logs the key id only', async () => {
    const key = await createKey(['bookings:write', 'bookings:read'])
    const day = bookingDays[0]
    const body = {
      customer: { email: 'New.Patient@Example.com', firstName: 'Nia', surname: 'Patel', mobilePhone: '07700 900123' },
      appointment: { event: { start: londonInstant(day, '11:00'), end: londonInstant(day, '11:00') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
    }
    const made = await t.app.inject({ method: 'POST', url: '/api/v1/integrations/bookings', headers: { 'x-api-key': key.key }, payload: body })
    expect(made.statusCode, made.body).toBe(201)
    const booked = made.json()
    expect(booked).toMatchObject({ customerCreated: true, booking: { deposit: 36, appointment: { status: 'Pending' } } })
    const customer = await t.db.selectFrom('customers').selectAll().where('id', '=', booked.customerId).executeTakeFirstOrThrow()
    expect(customer).toMatchObject({ email: 'new.patient@example.com', first_name: 'Nia', password_hash: '' })

    const read = await t.app.inject({ method: 'GET', url: `/api/v1/integrations/bookings/${booked.booking.appointment.id}`, headers: { 'x-api-key': key.key } })
    expect(read.statusCode).toBe(200)
    expect(read.json().id).toBe(booked.booking.appointment.id)

    // The same email again: the same customer, not changed.
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/integrations/bookings', headers: { 'x-api-key': key.key }, payload: { ...body, customer: { ...body.customer, firstName: 'Changed' }, appointment: { ...body.appointment, event: { start: londonInstant(day, '14:00'), end: londonInstant(day, '14:00') } } } })
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json()).toMatchObject({ customerId: booked.customerId, customerCreated: false })
    expect((await t.db.selectFrom('customers').select('first_name').where('id', '=', booked.customerId).executeTakeFirstOrThrow()).first_name).toBe('Nia')

    const logged = logLines.filter((line) => line.includes('"apiKey"'))
    expect(logged.some((line) => line.includes(`"apiKey":"${key.id}"`))).toBe(true)
    expect(logLines.join('\n')).not.toContain(key.key)
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: admin })).json() as { id: string; lastUsedAt?: string }[]
    expect(listed.find((k) => k.id === key.id)?.lastUsedAt).toBeDefined()
  })

  it('leaves nothing behind when the booking is refused: no customer made for it, no customer.created sent', async () => {
    const key = await createKey(['bookings:write'])
    const hook = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin, payload: { url: 'http://localhost:9/hooks', events: ['customer.created'] } })
    expect(hook.statusCode, hook.body).toBe(201)
    const day = bookingDays[1]
    const appointment = { event: { start: londonInstant(day, '11:00'), end: londonInstant(day, '11:00') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 }
    const book = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/integrations/bookings', headers: { 'x-api-key': key.key }, payload: { customer: { email, firstName: 'Ann', surname: 'Lee' }, appointment } })
    expect((await book('first.here@example.com')).statusCode).toBe(201)
    const taken = await book('second.here@example.com')
    expect(taken.statusCode, taken.body).toBe(409)
    expect(await t.db.selectFrom('customers').select('id').where('email', '=', 'second.here@example.com').executeTakeFirst()).toBeUndefined()
    const announced = await t.db.selectFrom('outbox').select('text').where('channel', '=', 'webhook').where('subject', '=', 'customer.created').execute()
    expect(announced.some((row) => row.text.includes('first.here@example.com'))).toBe(true)
    expect(announced.some((row) => row.text.includes('second.here@example.com'))).toBe(false)
    // Asked again once the time is free elsewhere, the customer is made then.
    const later = await t.app.inject({ method: 'POST', url: '/api/v1/integrations/bookings', headers: { 'x-api-key': key.key }, payload: { customer: { email: 'second.here@example.com', firstName: 'Ann', surname: 'Lee' }, appointment: { ...appointment, event: { start: londonInstant(day, '14:00'), end: londonInstant(day, '14:00') } } } })
    expect(later.statusCode, later.body).toBe(201)
    expect(later.json().customerCreated).toBe(true)
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${hook.json().id as string}`, headers: admin })
    expect(deleted.statusCode).toBe(200)
  })

  it('are rate limited per key: the next call after the limit is a 429, other keys and calls without a key go on', async () => {
    const busy = await createKey(['catalogue:read'], 'Busy')
    const calm = await createKey(['catalogue:read'], 'Calm')
    const clinics = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/v1/public-clinics', headers })
    for (let i = 0; i < API_KEY_RATE_LIMIT; i++) expect((await clinics({ 'x-api-key': busy.key })).statusCode).toBe(200)
    const limited = await clinics({ 'x-api-key': busy.key })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
    expect((await clinics({ 'x-api-key': calm.key })).statusCode).toBe(200)
    expect((await clinics()).statusCode).toBe(200)
  })
})
