/** PUT /admin/customers/{id}: the desk edits a customer's details with the customer's own form's rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertStaff } from '../staff/staff.repository'
import { setPasswordLink } from '../staff/staff.service'
import { operatorDb } from '../staff/staff.tables'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'
import { STAFF_PASSWORD } from '../admin/admin-test-support'
import { PERSONAL_DETAILS_PHONE_INVALID } from '../../src/domain/validation/personal-details'

let t: TestServer
let admin: Record<string, string>
let practitioner: Record<string, string>

async function staffLogin(email: string, role: 'admin' | 'practitioner', practitionerId: string | null): Promise<Record<string, string>> {
  const db = operatorDb(t.db)
  const row = await insertStaff(db, { tenant: 'demo', email, displayName: `Desk ${email}`, role, practitionerId })
  const token = (await setPasswordLink(db, 'demo', row.id, 'http://x', new Date())).split('/').pop()!
  const headers = { 'x-tenant': 'demo' }
  await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers, payload: { token, password: STAFF_PASSWORD } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers, payload: { email, password: STAFF_PASSWORD } })
  return { ...headers, authorization: `Bearer ${login.json().token as string}` }
}

beforeAll(async () => {
  t = await buildTestServer()
  admin = await staffLogin('desk@demo.example.com', 'admin', null)
  practitioner = await staffLogin('sarah@demo.example.com', 'practitioner', DEMO.pSarah)
})
afterAll(() => t.close())

const put = (id: string, payload: object, headers = admin) => t.app.inject({ method: 'PUT', url: `/api/admin/customers/${id}`, headers, payload })

describe('PUT /admin/customers/{id}', () => {
  it('changes the details sent, and only those', async () => {
    const res = await put(DEMO.customerOther, { firstName: 'Olivia', mobilePhone: '07700 900789', notificationTypes: ['Email', 'SMS'], dateOfBirth: '1985-06-07T12:00:00.000Z' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: DEMO.customerOther, firstName: 'Olivia', mobilePhone: '+447700900789', notificationTypes: ['Email', 'SMS'], email: 'other@example.com' })
  })

  it("refuses with the customer's own form's messages, a taken email and an unknown customer", async () => {
    const phone = await put(DEMO.customerOther, { mobilePhone: '123' })
    expect(phone.statusCode).toBe(400)
    expect(phone.json().message).toBe(PERSONAL_DETAILS_PHONE_INVALID)
    const taken = await put(DEMO.customerOther, { email: 'demo@example.com' })
    expect(taken.statusCode).toBe(409)
    expect((await put('f'.repeat(24), { firstName: 'Nobody' })).statusCode).toBe(404)
  })

  it('is for admins only', async () => {
    expect((await put(DEMO.customerOther, { firstName: 'X' }, practitioner)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/customers/${DEMO.customerOther}`, payload: { firstName: 'X' } })).statusCode).toBe(401)
  })
})
