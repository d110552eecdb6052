/**
 * `--charge-fee` on a staff cancel, with the sandbox card processor: the late-cancellation fee is taken
 * from the customer's stored card only when the booking is within the late-cancellation period (demo:
 * a fixed £25 inside 48 hours); outside it nothing is charged; without a stored card nothing is cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertStaff } from '../staff/staff.repository'
import { setPasswordLink } from '../staff/staff.service'
import { operatorDb } from '../staff/staff.tables'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { STAFF_PASSWORD } from './admin-test-support'

let t: TestServer
let admin: Record<string, string>

beforeAll(async () => {
  t = await buildTestServer()
  const db = operatorDb(t.db)
  const row = await insertStaff(db, { tenant: 'demo', email: 'fees@demo.example.com', displayName: 'Fees', role: 'admin', practitionerId: null })
  const token = (await setPasswordLink(db, 'demo', row.id, 'http://x', new Date())).split('/').pop()!
  await t.app.inject({ method: 'POST', url: '/api/staff/set-password', payload: { token, password: STAFF_PASSWORD } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: { email: 'fees@demo.example.com', password: STAFF_PASSWORD } })
  admin = { authorization: `Bearer ${login.json().token as string}` }
})
afterAll(() => t.close())

const cancel = (id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/cancel`, headers: admin, payload })
const statusOf = async (id: string) => (await t.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const feePayments = (id: string) =>
  t.db
    .withTables<{ sandbox_payments: { reference: string; status: string; amount: string | number; tenant_id: string } }>()
    .selectFrom('sandbox_payments')
    .select(['status', 'amount'])
    .where('reference', '=', `late-fee:${id}`)
    .execute()

async function storeCard(): Promise<void> {
  const customer = await t.login(DEMO_CUSTOMER)
  const nonce = (await t.app.inject({ method: 'POST', url: '/sandbox/tokenize', payload: { cardNo: '4242424242424242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' } })).json().nonce as string
  const saved = await t.app.inject({ method: 'POST', url: '/api/square/add-customer-card', headers: t.auth(customer), payload: { cardNonce: nonce, customerId: DEMO.customerDemo } })
  expect(saved.statusCode, saved.body).toBe(200)
}

describe('staff cancel with --charge-fee', () => {
  it('refuses, and cancels nothing, when a fee is due but the customer has no stored card', async () => {
    const refused = await cancel(DEMO.apptSoon, { chargeFee: true })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe('The customer has no stored card for the late-cancellation fee. Cancel without the fee, or take it at the till.')
    expect(await statusOf(DEMO.apptSoon)).toBe('Scheduled')
    expect(await feePayments(DEMO.apptSoon)).toEqual([])
  })

  it('charges the fee to the stored card inside the late-cancellation period, once', async () => {
    await storeCard()
    const cancelled = await cancel(DEMO.apptSoon, { chargeFee: true })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({ id: DEMO.apptSoon, status: 'Cancelled', feeCharged: 25 })
    const payments = await feePayments(DEMO.apptSoon)
    expect(payments.map((p) => [p.status, Number(p.amount)])).toEqual([['captured', 25]])
    // a retry finds the booking cancelled: no second charge
    expect((await cancel(DEMO.apptSoon, { chargeFee: true })).statusCode).toBe(409)
    expect(await feePayments(DEMO.apptSoon)).toHaveLength(1)
  })

  it('charges nothing outside the late-cancellation period, and nothing without --charge-fee', async () => {
    const outside = await cancel(DEMO.apptFuture, { chargeFee: true })
    expect(outside.statusCode, outside.body).toBe(200)
    expect(outside.json()).toMatchObject({ status: 'Cancelled', feeCharged: 0 })
    expect(await feePayments(DEMO.apptFuture)).toEqual([])
    const plain = await cancel(DEMO.apptLinkedMain, {})
    expect(plain.statusCode).toBe(200)
    expect(plain.json().feeCharged).toBeUndefined()
    expect(await feePayments(DEMO.apptLinkedMain)).toEqual([])
  })
})
