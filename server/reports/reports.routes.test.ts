/**
 * GET /api/admin/reports on the demo tenant, with March 2031 seeded by the test (no demo data falls
 * in it): appointments in every state, cancellations through the real customer and desk routes,
 * no-shows through the desk, payments, and the practitioner's hours, breaks and leave.
 */
import { eachDayOfInterval, getDay } from 'date-fns'
import { fromZonedTime } from 'date-fns-tz'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertStaff } from '../staff/staff.repository'
import { setPasswordLink } from '../staff/staff.service'
import { operatorDb } from '../staff/staff.tables'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { OPERATOR_KEY, STAFF_PASSWORD, tenantWithAdmin } from '../admin/admin-test-support'

let t: TestServer
let admin: Record<string, string>
let sarah: Record<string, string>
let now: Date | undefined
const london = (local: string) => fromZonedTime(local, 'Europe/London')
const MARCH = 'from=2031-03-01&to=2031-03-31'

async function staffLogin(email: string, role: 'admin' | 'practitioner', practitionerId: string | null): Promise<Record<string, string>> {
  const db = operatorDb(t.db)
  const row = await insertStaff(db, { tenant: 'demo', email, displayName: email, role, practitionerId })
  const token = (await setPasswordLink(db, 'demo', row.id, 'http://x', new Date())).split('/').pop()!
  await t.app.inject({ method: 'POST', url: '/api/staff/set-password', payload: { token, password: STAFF_PASSWORD } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: { email, password: STAFF_PASSWORD } })
  return { authorization: `Bearer ${login.json().token as string}` }
}

const report = (headers: Record<string, string>, query = MARCH) => t.app.inject({ method: 'GET', url: `/api/admin/reports?${query}`, headers })

/** An hour-long appointment of Sarah's at London for the demo customer, starting at a London local time. */
const appointment = (id: string, local: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  tenant_id: 'demo',
  customer_id: DEMO.customerDemo,
  practitioner_id: DEMO.pSarah,
  clinic_id: DEMO.clinicLondon,
  service_id: DEMO.sPeel,
  status,
  starts_at: london(local),
  ends_at: new Date(london(local).getTime() + 3_600_000),
  price: 95,
  ...extra,
})

async function seedMoney(): Promise<void> {
  const invoice = (id: string, clinic: string | null) => ({ id, tenant_id: 'demo', code: id, customer_id: DEMO.customerDemo, clinic_id: clinic, description: 'test', origin: 'SALE', amount: 1 })
  await t.db.insertInto('commerce_invoices').values([invoice('rep-inv-1', DEMO.clinicLondon), invoice('rep-inv-2', DEMO.clinicLondon), invoice('rep-inv-3', null), invoice('rep-inv-4', DEMO.clinicLondon), invoice('rep-inv-5', DEMO.clinicLondon)]).execute()
  await t.db.insertInto('commerce_invoice_appointments').values({ tenant_id: 'demo', invoice_id: 'rep-inv-1', appointment_id: 'ae0000000000000000000001' }).execute()
  const item = (id: string, invoiceId: string, type: string, quantity: number, total: number) => ({ id, tenant_id: 'demo', invoice_id: invoiceId, position: 0, type, name: type, quantity, list_price: total, gross_price: total, net_price: total, tax: 0, tax_value: 0, discount: 0, final_price: total })
  await t.db.insertInto('commerce_invoice_items').values([item('rep-item-2', 'rep-inv-2', 'Course', 1, 300), item('rep-item-3', 'rep-inv-3', 'Giftvoucher', 2, 100)]).execute()
  const payment = (invoiceId: string, amount: number, status: string, local: string) => ({ id: `${invoiceId}-p`, tenant_id: 'demo', invoice_id: invoiceId, transaction_id: `${invoiceId}-tx`, processor: 'sandbox', amount, status, settled_at: london(local) })
  await t.db
    .insertInto('commerce_payments')
    .values([
      payment('rep-inv-1', 25.5, 'paid', '2031-03-02T10:00:00'),
      payment('rep-inv-2', 300, 'paid', '2031-03-04T10:00:00'),
      payment('rep-inv-3', 100, 'paid', '2031-03-05T10:00:00'),
      payment('rep-inv-4', 40, 'refunded', '2031-03-06T10:00:00'),
      // London's 1 April (still 31 March in UTC): outside the range
      payment('rep-inv-5', 10, 'paid', '2031-04-01T00:30:00'),
    ])
    .execute()
}

beforeAll(async () => {
  t = await buildTestServer({ operatorKey: OPERATOR_KEY, clock: () => now ?? new Date() })
  admin = await staffLogin('owner@demo.example.com', 'admin', null)
  sarah = await staffLogin('sarah.reports@demo.example.com', 'practitioner', DEMO.pSarah)
  // Sarah works Mondays 09:00-17:00 at London with an hour's break, and is on leave on 17 March ...
  await t.db.deleteFrom('practitioner_hours').where('practitioner_id', '=', DEMO.pSarah).execute()
  await t.db
    .insertInto('practitioner_hours')
    .values([
      { tenant_id: 'demo', practitioner_id: DEMO.pSarah, clinic_id: DEMO.clinicLondon, weekday: 1, start_time: '09:00', end_time: '17:00', kind: 'work' },
      { tenant_id: 'demo', practitioner_id: DEMO.pSarah, clinic_id: DEMO.clinicLondon, weekday: 1, start_time: '12:00', end_time: '13:00', kind: 'break' },
    ])
    .execute()
  // ... and London is closed on 24 March (a training day): no working minutes for anyone there.
  await t.db
    .insertInto('closures')
    .values([
      { id: 'rep-leave-1', tenant_id: 'demo', kind: 'holiday', practitioner_id: DEMO.pSarah, clinic_id: null, starts_on: '2031-03-17', ends_on: '2031-03-17', name: 'Leave' },
      { id: 'rep-closed-1', tenant_id: 'demo', kind: 'closed', practitioner_id: null, clinic_id: DEMO.clinicLondon, starts_on: '2031-03-24', ends_on: '2031-03-24', name: 'Training' },
    ])
    .execute()
  await t.db
    .insertInto('appointments')
    .values([
      appointment('ae0000000000000000000001', '2031-03-03T10:00:00', 'Completed'),
      appointment('ae0000000000000000000002', '2031-03-10T10:00:00', 'Scheduled'),
      appointment('ae0000000000000000000003', '2031-03-24T10:00:00', 'Scheduled'),
      // after the clocks go forward (30 March)
      appointment('ae0000000000000000000004', '2031-03-31T10:00:00', 'Scheduled'),
      appointment('ae0000000000000000000005', '2031-03-03T14:00:00', 'Scheduled'),
      appointment('ae0000000000000000000006', '2031-03-01T00:30:00', 'Scheduled'),
      // never bookings: a hold and a released hold
      appointment('ae0000000000000000000007', '2031-03-05T10:00:00', 'Pending', { customer_id: null, hold_expires_at: london('2031-03-05T10:00:00') }),
      appointment('ae0000000000000000000008', '2031-03-05T12:00:00', 'Deleted'),
      // London's 1 April, 31 March in UTC: outside the range
      appointment('ae0000000000000000000009', '2031-04-01T00:30:00', 'Scheduled'),
    ])
    .execute()
  await seedMoney()
  // The customer cancels weeks ahead; the desk cancels the next day's (late) and marks a no-show.
  const customer = await t.login(DEMO_CUSTOMER)
  const byCustomer = await t.app.inject({ method: 'PUT', url: '/api/appointments/cancel-by-customer/ae0000000000000000000003', headers: t.auth(customer) })
  expect(byCustomer.statusCode, byCustomer.body).toBe(200)
  // The desk checks the customer of 3 March 14:00 in: the visit took place (completed).
  now = london('2031-03-03T13:55:00')
  const checkIn = await t.app.inject({ method: 'PUT', url: '/api/admin/appointments/ae0000000000000000000005/attendance', headers: admin, payload: { mark: 'checked-in' } })
  expect(checkIn.statusCode, checkIn.body).toBe(200)
  now = london('2031-03-09T12:00:00')
  const byClinic = await t.app.inject({ method: 'PUT', url: '/api/admin/appointments/ae0000000000000000000002/cancel', headers: admin, payload: {} })
  expect(byClinic.statusCode, byClinic.body).toBe(200)
  now = london('2031-03-31T12:00:00')
  const noShow = await t.app.inject({ method: 'PUT', url: '/api/admin/appointments/ae0000000000000000000004/attendance', headers: admin, payload: { mark: 'no-show' } })
  expect(noShow.statusCode, noShow.body).toBe(200)
  now = undefined
})
afterAll(() => t.close())

describe('GET /admin/reports', () => {
  it("counts a practitioner's bookings, cancellations by whom and late, no-shows and utilisation over London dates", async () => {
    const response = await report(admin)
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    const mondays = eachDayOfInterval({ start: new Date(2031, 2, 1), end: new Date(2031, 2, 31) }).filter((d) => getDay(d) === 1).length
    // every Monday but the day of leave and the closed day, 7 hours each (8 less the break)
    const workingMinutes = (mondays - 2) * 7 * 60
    const bookedMinutes = 4 * 60
    const row = body.practitioners.find((p: { id: string; clinicId: string }) => p.id === DEMO.pSarah && p.clinicId === DEMO.clinicLondon)
    expect(row).toEqual({
      id: DEMO.pSarah,
      name: 'Dr Sarah Jones',
      clinicId: DEMO.clinicLondon,
      clinic: expect.any(String),
      bookings: 6,
      // the one marked Completed and the one checked in at the desk
      completed: 2,
      cancelled: 2,
      cancelledByCustomer: 1,
      cancelledByClinic: 1,
      cancelledLate: 1,
      noShows: 1,
      bookedMinutes,
      workingMinutes,
      utilisation: Math.round((bookedMinutes / workingMinutes) * 1000) / 10,
    })
  })

  it('finds every cancellation said to be by the customer or the clinic, the demo seed\'s too (else it counts as cancelled by no one)', async () => {
    const unattributed = await t.db.selectFrom('appointments').select(['id', 'tenant_id']).where('status', '=', 'Cancelled').where('cancelled_by', 'is', null).execute()
    expect(unattributed).toEqual([])
  })

  it("adds a clinic's practitioners up, and takes its money by payment date", async () => {
    const body = (await report(admin)).json()
    const london = body.clinics.find((c: { id: string }) => c.id === DEMO.clinicLondon)
    const atLondon = body.practitioners.filter((p: { clinicId: string }) => p.clinicId === DEMO.clinicLondon)
    const sum = (key: string) => atLondon.reduce((n: number, p: Record<string, number>) => n + p[key], 0)
    for (const key of ['bookings', 'cancelled', 'noShows', 'bookedMinutes', 'workingMinutes']) expect(london[key], key).toBe(sum(key))
    expect(london).toMatchObject({ depositsTaken: 25.5, paymentsTaken: 325.5, refunds: 40, coursesSold: 1, courseSales: 300, vouchersSold: 0, voucherSales: 0 })
    // The gift vouchers were sold online, at no clinic: only in the totals.
    expect(body.totals).toMatchObject({ bookings: 6, cancelled: 2, depositsTaken: 25.5, paymentsTaken: 425.5, refunds: 40, vouchersSold: 2, voucherSales: 100, coursesSold: 1 })
    expect(body.currency).toBe('GBP')
  })

  it('narrows to one location (by slug, id or name) and refuses an unknown one or a bad range', async () => {
    const manchester = (await report(admin, `${MARCH}&location=${DEMO.clinicManchester}`)).json()
    expect(manchester.clinics.map((c: { id: string }) => c.id)).toEqual([DEMO.clinicManchester])
    expect(manchester.totals).toMatchObject({ bookings: 0, paymentsTaken: 0 })
    const nowhere = await report(admin, `${MARCH}&location=nowhere`)
    expect([nowhere.statusCode, nowhere.json().message]).toEqual([400, "No location is called 'nowhere'."])
    const backwards = await report(admin, 'from=2031-03-02&to=2031-03-01')
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, "The report's end date is before its start date."])
    const tooLong = await report(admin, 'from=2030-01-01&to=2031-01-02')
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, 'A report covers at most 366 days. Choose a shorter range.'])
  })

  it("is for admins only, and another tenant's admin sees nothing of this one", async () => {
    expect((await report(sarah)).statusCode).toBe(403)
    const customer = await t.login(DEMO_CUSTOMER)
    expect((await report(t.auth(customer))).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/reports?${MARCH}` })).statusCode).toBe(401)
    const other = await tenantWithAdmin(t, 'reportsother')
    const theirs = await report(other.headers)
    expect(theirs.statusCode, theirs.body).toBe(200)
    expect(theirs.json()).toMatchObject({ clinics: [], practitioners: [], totals: { bookings: 0, paymentsTaken: 0, workingMinutes: 0 } })
    // The demo admin's token on the other tenant's header opens nothing either.
    expect((await report({ ...admin, 'x-tenant': 'reportsother' })).statusCode).toBe(401)
  })
})
