/**
 * GET /api/admin/reports, May 2031 on the demo tenant (no demo data falls in it), driven through the
 * real routes: a gift voucher sold online and paid by card, a booking checked out at the desk partly
 * with that voucher's code, and the desk's blocks (a meeting, a break, a day's leave) in Sarah's
 * working hours. A voucher redemption is no new money; blocks take their minutes from working time.
 */
import { fromZonedTime } from 'date-fns-tz'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staffLogin } from '../desk/desk-test-support'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'

let t: TestServer
let admin: Record<string, string>
let customer: string
let now: Date | undefined
const london = (local: string) => fromZonedTime(local, 'Europe/London')
const MAY = 'from=2031-05-01&to=2031-05-31'
const report = async () => {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/reports?${MAY}`, headers: admin })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const block = async (type: string, start: string, end: string) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/blocks', headers: admin, payload: { practitioner: DEMO.pSarah, type, start: london(start).toISOString(), end: london(end).toISOString() } })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as string
}

beforeAll(async () => {
  t = await buildTestServer({ clock: () => now ?? new Date() })
  admin = await staffLogin(t, 'owner.money@demo.example.com', 'admin', null)
  customer = await t.login(DEMO_CUSTOMER)
  // Sarah works Mondays 09:00-17:00 at London with a break 12:00-13:00: 4 Mondays in May 2031, 7 hours each.
  await t.db.deleteFrom('practitioner_hours').where('practitioner_id', '=', DEMO.pSarah).execute()
  await t.db
    .insertInto('practitioner_hours')
    .values([
      { tenant_id: 'demo', practitioner_id: DEMO.pSarah, clinic_id: DEMO.clinicLondon, weekday: 1, start_time: '09:00', end_time: '17:00', kind: 'work' },
      { tenant_id: 'demo', practitioner_id: DEMO.pSarah, clinic_id: DEMO.clinicLondon, weekday: 1, start_time: '12:00', end_time: '13:00', kind: 'break' },
    ])
    .execute()
  // An hour's peel (£95) on Monday 5 May.
  await t.db
    .insertInto('appointments')
    .values({
      id: 'ae0000000000000000000101',
      tenant_id: 'demo',
      customer_id: DEMO.customerDemo,
      practitioner_id: DEMO.pSarah,
      clinic_id: DEMO.clinicLondon,
      service_id: DEMO.sPeel,
      status: 'Scheduled',
      starts_at: london('2031-05-05T10:00:00'),
      ends_at: london('2031-05-05T11:00:00'),
      price: 95,
    })
    .execute()
  now = london('2031-05-02T10:00:00')
})
afterAll(() => t.close())

describe('takings: a gift voucher sold, then taken in payment at the desk', () => {
  it('counts the sale as money taken, the redemption apart and never in payments', async () => {
    const bought = await t.app.inject({ method: 'POST', url: '/api/gift-vouchers/purchase', headers: t.auth(customer), payload: { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, vouchers: [{ value: 100 }] } })
    expect(bought.statusCode, bought.body).toBe(200)
    const invoice = bought.json()
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/invoice/${invoice.id}/pay`,
      headers: t.auth(customer),
      payload: { payments: [{ value: 100, type: 'Card', coherentPaymentFlag: true }], invoice: invoice.id, idempotencyKey: `${invoice.id}:card` },
    })
    expect(started.statusCode, started.body).toBe(200)
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${started.json().transactionId as string}`, payload: { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' } })
    expect(paid.statusCode, paid.body).toBe(200)
    const code = (await t.db.selectFrom('commerce_gift_vouchers').select('code').where('invoice_id', '=', invoice.id).executeTakeFirstOrThrow()).code

    let body = await report()
    let atLondon = body.clinics.find((c: { id: string }) => c.id === DEMO.clinicLondon)
    expect(atLondon).toMatchObject({ depositsTaken: 0, paymentsTaken: 100, refunds: 0, vouchersRedeemed: 0, vouchersSold: 1, voucherSales: 100, coursesSold: 0 })

    // The peel's £95 at checkout: £60 of the voucher, £35 cash.
    now = london('2031-05-05T11:05:00')
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/admin/appointments/ae0000000000000000000101/checkout',
      headers: admin,
      payload: { payments: [{ method: 'voucher', amount: 60, voucherCode: code }, { method: 'cash', amount: 35 }] },
    })
    expect(checkout.statusCode, checkout.body).toBe(200)
    body = await report()
    atLondon = body.clinics.find((c: { id: string }) => c.id === DEMO.clinicLondon)
    // New money: the voucher's £100 and the £35 cash; the £60 of the voucher was taken when it was sold.
    expect(atLondon).toMatchObject({ depositsTaken: 0, paymentsTaken: 135, refunds: 0, vouchersRedeemed: 60, vouchersSold: 1, voucherSales: 100 })
    expect(body.totals).toMatchObject({ paymentsTaken: 135, vouchersRedeemed: 60, vouchersSold: 1, voucherSales: 100 })
  })
})

describe('utilisation: booked minutes over working minutes less the blocks', () => {
  it("takes the desk's blocks out of the working time, only where they cover it", async () => {
    now = london('2031-05-02T10:00:00')
    const sarahAtLondon = async () => (await report()).practitioners.find((p: { id: string; clinicId: string }) => p.id === DEMO.pSarah && p.clinicId === DEMO.clinicLondon)
    expect(await sarahAtLondon()).toMatchObject({ bookedMinutes: 60, workingMinutes: 4 * 420, utilisation: Math.round((60 / 1680) * 1000) / 10 })
    // A meeting 10:00-11:00 on the 12th (60), a break 11:30-12:30 over the weekly break (30 of it
    // is working time), a day's leave on the 19th from 08:00 to 18:00 (that day's 420), and a block
    // on Sunday the 25th, when Sarah does not work (0).
    await block('Block', '2031-05-12T10:00:00', '2031-05-12T11:00:00')
    await block('Break', '2031-05-12T11:30:00', '2031-05-12T12:30:00')
    const leave = await block('Leave', '2031-05-19T08:00:00', '2031-05-19T18:00:00')
    await block('Block', '2031-05-25T10:00:00', '2031-05-25T11:00:00')
    const working = 1680 - 60 - 30 - 420
    expect(await sarahAtLondon()).toMatchObject({ bookedMinutes: 60, workingMinutes: working, utilisation: Math.round((60 / working) * 1000) / 10 })
    expect([working, (await sarahAtLondon()).utilisation]).toEqual([1170, 5.1])
    // A block removed gives its time back.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/blocks/${leave}`, headers: admin })
    expect(removed.statusCode, removed.body).toBeLessThan(300)
    expect(await sarahAtLondon()).toMatchObject({ workingMinutes: 1680 - 90 })
  })
})
