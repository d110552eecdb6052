/** PUT /admin/desk/bookings/{id}/pay-at-clinic: a booking waiting for its pay link is paid at the clinic instead. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clearDays, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { MESSAGES } from '../service-error'
import { staffLogin } from './desk-test-support'
import { PAY_AT_CLINIC_MESSAGES } from './pay-at-clinic.service'

let t: TestServer
let admin: Record<string, string>
let practitioner: Record<string, string>
let offsetMs = 0

beforeAll(async () => {
  t = await buildTestServer({ clock: () => new Date(Date.now() + offsetMs) })
  admin = await staffLogin(t, 'switch.desk@demo.example.com', 'admin', null)
  practitioner = await staffLogin(t, 'switch.sarah@demo.example.com', 'practitioner', DEMO.pSarah)
})
afterAll(() => t.close())
beforeEach(() => {
  offsetMs = 0
})

const [day, otherDay] = clearDays(9, 2)
const at = (time: string, date = day) => londonInstant(date, time)
const CARD = { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' }

const book = (time: string, payment: 'link' | 'clinic', services: object[] = [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], date = day) =>
  t.app.inject({ method: 'POST', url: '/api/admin/desk/bookings', headers: admin, payload: { customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at(time, date), services, payment } })
const switchToClinic = (id: string, headers = admin) => t.app.inject({ method: 'PUT', url: `/api/admin/desk/bookings/${id}/pay-at-clinic`, headers })
const mailsTo = async (to: string) => {
  await t.app.deps.mail.flush()
  return t.db.selectFrom('outbox').select(['subject', 'attachments']).where('to_address', '=', to).orderBy('created_at').execute()
}
const rows = (ids: string[]) => t.db.selectFrom('appointments').select(['id', 'status', 'hold_expires_at', 'deposit']).where('id', 'in', ids).orderBy('starts_at').execute()

/** A booking of `time` held for its pay link: its appointment ids and its link's path. */
async function linkBooking(time: string, services?: object[], date?: string) {
  const res = await book(time, 'link', services, date)
  expect(res.statusCode, res.body).toBe(201)
  expect(res.json()).toMatchObject({ status: 'Pending' })
  expect(res.json().deposit).toBeGreaterThan(0)
  return { ids: res.json().appointments.map((a: { id: string }) => a.id) as string[], path: new URL(res.json().payLink as string).pathname }
}

describe('PUT /admin/desk/bookings/{id}/pay-at-clinic', () => {
  it('confirms a booking whose pay link is not paid, with nothing due now and the usual confirmation; the link then says why it takes nothing', async () => {
    const { ids, path } = await linkBooking('10:00')
    const confirmedBefore = (await mailsTo(OTHER_CUSTOMER.email)).filter((m) => m.subject.startsWith('Booking confirmed')).length
    const res = await switchToClinic(ids[0]!)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ payment: 'clinic', status: 'Scheduled', deposit: 0, depositPaid: 0, dueAtClinic: 180, message: PAY_AT_CLINIC_MESSAGES.switched })
    expect(res.json().payLink).toBeUndefined()
    expect(await rows(ids)).toEqual([{ id: ids[0], status: 'Scheduled', hold_expires_at: null, deposit: expect.anything() }])
    expect(Number((await rows(ids))[0]!.deposit)).toBe(0)
    const confirmations = (await mailsTo(OTHER_CUSTOMER.email)).filter((m) => m.subject.startsWith('Booking confirmed'))
    expect(confirmations).toHaveLength(confirmedBefore + 1)
    expect(JSON.stringify(confirmations.at(-1)!.attachments)).toContain('.ics')

    const page = (await t.app.inject({ method: 'GET', url: path })).body
    expect(page).toContain('<h2 id="done-title">Payment closed</h2>')
    expect(page).toContain(MESSAGES.payLinkVoided)
    const late = await t.app.inject({ method: 'POST', url: path, payload: CARD })
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(MESSAGES.payLinkVoided)
    // Nothing was taken: checkout asks the whole price.
    const due = await t.app.inject({ method: 'GET', url: `/api/admin/appointments/${ids[0]!}/checkout`, headers: admin })
    expect(due.json()).toMatchObject({ price: 180, paid: 0, balance: 180 })
    // Done once: the same switch again finds nothing waiting for a payment.
    expect((await switchToClinic(ids[0]!)).json()).toEqual({ statusCode: 409, message: MESSAGES.notAwaitingPayment })
  })

  it('takes any appointment of a chained booking and confirms all of them', async () => {
    const { ids } = await linkBooking('14:00', [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }, { service: DEMO.sB12 }])
    expect(ids).toHaveLength(2)
    const res = await switchToClinic(ids[1]!)
    expect(res.statusCode, res.body).toBe(200)
    expect((await rows(ids)).map((r) => r.status)).toEqual(['Scheduled', 'Scheduled'])
    expect(res.json().appointments.map((a: { id: string }) => a.id)).toEqual(ids)
  })

  it('refuses a booking already paid by its link, one booked to pay at the clinic, and one whose hold ended', async () => {
    const paid = await linkBooking('15:00')
    expect((await t.app.inject({ method: 'POST', url: paid.path, payload: CARD })).statusCode).toBeLessThan(300)
    expect((await switchToClinic(paid.ids[0]!)).json()).toEqual({ statusCode: 409, message: MESSAGES.notAwaitingPayment })

    const atClinic = await book('16:00', 'clinic')
    expect((await switchToClinic(atClinic.json().appointments[0].id)).json()).toEqual({ statusCode: 409, message: MESSAGES.notAwaitingPayment })

    const lapsed = await linkBooking('11:00', undefined, otherDay)
    offsetMs = 25 * 3_600_000
    expect((await switchToClinic(lapsed.ids[0]!)).json()).toEqual({ statusCode: 409, message: PAY_AT_CLINIC_MESSAGES.holdEnded })
    expect((await rows(lapsed.ids)).map((r) => r.status)).toEqual(['Pending'])
  })

  it('refuses a booking the customer is paying online now (no pay link was sent)', async () => {
    const demo = t.auth(await t.login(DEMO_CUSTOMER))
    const start = at('14:00', otherDay)
    const online = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/public',
      headers: demo,
      payload: { appointment: { event: { start, end: start }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 } },
    })
    expect(online.statusCode, online.body).toBeLessThan(300)
    const id = (await t.db.selectFrom('appointments').select(['id', 'status']).where('customer_id', '=', DEMO.customerDemo).where('starts_at', '=', new Date(start)).executeTakeFirstOrThrow())
    expect(id.status).toBe('Pending')
    expect((await switchToClinic(id.id)).json()).toEqual({ statusCode: 409, message: PAY_AT_CLINIC_MESSAGES.noPayLink })
  })

  it("is for the tenant's admins; an unknown appointment is not found", async () => {
    const { ids } = await linkBooking('12:00')
    expect((await switchToClinic(ids[0]!, practitioner)).statusCode).toBe(403)
    expect((await rows(ids)).map((r) => r.status)).toEqual(['Pending'])
    expect((await switchToClinic('ffffffffffffffffffffffff')).json()).toEqual({ statusCode: 404, message: 'Appointment not found.' })
  })
})
