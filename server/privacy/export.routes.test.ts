/**
 * The right of access (issue 30): a customer downloads everything held about them, an admin exports
 * any customer's; a signed form comes with its signature, the staff's notes with their author; nobody
 * else's data, no secret, in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { buildTestServer, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

let t: TestServer
let customer: string
let admin: Record<string, string>
let customerId: string
beforeAll(async () => {
  t = await buildTestServer()
  customer = await t.login(DEMO_CUSTOMER)
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  admin = { authorization: `Bearer ${login.json().token as string}` }
  customerId = (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.auth(customer) })).json().id as string
})
afterAll(() => t.close())

describe('GET /api/user/me/export', () => {
  it('gives the signed-in customer their account, bookings, signed forms with the signature and the mails sent, as a file', async () => {
    const sent = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${customerId}/forms`, headers: admin, payload: { type: 'consent' } })
    expect(sent.statusCode).toBe(201)
    const formId = sent.json().id as string
    const signed = await t.app.inject({ method: 'POST', url: `/api/forms/user-form/sign/${formId}/public`, payload: { signature: SIGNATURE } })
    expect(signed.statusCode, signed.body).toBe(200)
    // The form's mail may be queued after the answer (mail.later): the export reads the outbox once it is there.
    await t.app.deps.mail.flush()

    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/me/export', headers: t.auth(customer) })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toBe('attachment; filename="my-data.json"')
    const data = response.json()
    expect(data.organisation).toBe('Harley Aesthetics')
    expect(data.customer).toMatchObject({ id: customerId, email: DEMO_CUSTOMER.email })
    expect(data.appointments.length).toBeGreaterThan(0)
    expect(data.appointments.every((a: { customer_id: string }) => a.customer_id === customerId)).toBe(true)
    expect(data.appointments[0]).toHaveProperty('service_name')
    expect(data.forms).toContainEqual(expect.objectContaining({ id: formId, is_signed: true, signature: SIGNATURE }))
    expect(data.messages).toContainEqual(expect.objectContaining({ to_address: DEMO_CUSTOMER.email, subject: expect.stringContaining('Form to fill in') }))
    // Nothing secret, nothing of another customer or tenant.
    expect(response.body).not.toContain('password_hash')
    expect(response.body).not.toContain('tenant_id')
    expect(response.body).not.toContain(OTHER_CUSTOMER.email)
  })

  it("includes the staff's notes about the customer, with who wrote each and when (staff-only on screen, their personal data all the same)", async () => {
    const added = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${customerId}/notes`, headers: admin, payload: { text: 'Prefers mornings; mild reaction to retinol' } })
    expect(added.statusCode, added.body).toBe(201)
    const note = added.json() as { id: string; author: string; createdAt: string }

    const data = (await t.app.inject({ method: 'GET', url: '/api/user/me/export', headers: t.auth(customer) })).json()
    expect(data.notes).toEqual([{ id: note.id, author: note.author, text: 'Prefers mornings; mild reaction to retinol', created_at: note.createdAt }])
    expect(note.author).not.toBe('')
    // Another customer's export holds none of them.
    const other = await t.login(OTHER_CUSTOMER)
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me/export', headers: t.auth(other) })).json().notes).toEqual([])
  })

  it('needs the customer signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me/export' })).statusCode).toBe(401)
  })
})

describe('GET /api/admin/customers/{id}/export', () => {
  it("gives an admin the same export of a customer; 404 for no such customer; a customer's token is refused", async () => {
    // The mail drain that an earlier change started may mark a message sent between the two reads: let it end first.
    await t.app.deps.mail.flush()
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/customers/${customerId}/export`, headers: admin })
    expect(response.statusCode).toBe(200)
    const mine = (await t.app.inject({ method: 'GET', url: '/api/user/me/export', headers: t.auth(customer) })).json()
    const { exportedAt: _a, ...byAdmin } = response.json()
    const { exportedAt: _b, ...byCustomer } = mine
    expect(byAdmin).toEqual(byCustomer)
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/customers/5e0000000000000000000099/export', headers: admin })).json()).toEqual({ statusCode: 404, message: 'Customer not found.' })
    expect([401, 403]).toContain((await t.app.inject({ method: 'GET', url: `/api/admin/customers/${customerId}/export`, headers: t.auth(customer) })).statusCode)
  })
})
