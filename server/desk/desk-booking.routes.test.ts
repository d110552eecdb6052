/** The front desk books on a customer's behalf (issue 29), on the seeded demo tenant with staff made by the real services. */
import { formatInTimeZone } from 'date-fns-tz'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { insertStaff } from '../staff/staff.repository'
import { setPasswordLink } from '../staff/staff.service'
import { operatorDb } from '../staff/staff.tables'
import { clearDate, clearDays, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { STAFF_PASSWORD } from '../admin/admin-test-support'
import { MESSAGES } from '../service-error'
import { transactionReusedText } from '../http/service-failure'

const PAY_LINK_VOIDED = MESSAGES.payLinkVoided

let t: TestServer
let admin: Record<string, string>
let practitioner: Record<string, string>
let offsetMs = 0

async function staffLogin(tenant: string, email: string, role: 'admin' | 'practitioner', practitionerId: string | null): Promise<Record<string, string>> {
  const db = operatorDb(t.db)
  const row = await insertStaff(db, { tenant, email, displayName: `Desk ${email}`, role, practitionerId })
  const token = (await setPasswordLink(db, tenant, row.id, 'http://x', new Date())).split('/').pop()!
  const headers = { 'x-tenant': tenant }
  await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers, payload: { token, password: STAFF_PASSWORD } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers, payload: { email, password: STAFF_PASSWORD } })
  return { ...headers, authorization: `Bearer ${login.json().token as string}` }
}

beforeAll(async () => {
  t = await buildTestServer({ clock: () => new Date(Date.now() + offsetMs) })
  admin = await staffLogin('demo', 'desk@demo.example.com', 'admin', null)
  practitioner = await staffLogin('demo', 'sarah@demo.example.com', 'practitioner', DEMO.pSarah)
})
afterAll(() => t.close())
beforeEach(() => {
  offsetMs = 0
})

const post = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url, headers, payload })
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers })
const book = (payload: object, headers = admin) => post('/api/admin/desk/bookings', headers, payload)
/** The mails to an address, once pending notices are rendered into mails (as the outbox's sender does). */
const mailsTo = async (to: string) => {
  await t.app.deps.mail.flush()
  return t.db.selectFrom('outbox').select(['subject', 'text', 'attachments']).where('to_address', '=', to).orderBy('created_at').execute()
}
const status = async (id: string) => (await t.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

const newCustomer = {
  title: 'Ms',
  firstName: 'Pat',
  surname: 'Phone',
  email: 'pat.phone@example.com',
  mobilePhone: '07700 900456',
  dob: '1980-04-02',
  gender: 'female',
}

describe('POST /admin/customers', () => {
  it("creates a customer from the sign-up fields without a password and mails a set-password link that works", async () => {
    const created = await post('/api/admin/customers', admin, newCustomer)
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ email: 'pat.phone@example.com', firstName: 'Pat', surname: 'Phone', mobilePhone: '+447700900456' })
    const [mail] = await mailsTo('pat.phone@example.com')
    expect(mail.subject).toBe('Set your password')
    const token = /\/user\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]
    const set = await t.app.inject({ method: 'PUT', url: '/api/user/change-password', payload: { token, newPassword: 'Newpass123' } })
    expect(set.statusCode, set.body).toBeLessThan(300)
    const login = await post('/api/login?from=customer', {}, { email: 'pat.phone@example.com', password: 'Newpass123' })
    expect(login.statusCode, login.body).toBe(200)
  })

  it('announces the new customer to the integrators listening to customer.created; a refused one is not announced', async () => {
    const hook = await post('/api/admin/webhooks', admin, { url: 'http://localhost:9/customers', events: ['customer.created'] })
    expect(hook.statusCode, hook.body).toBe(201)
    const created = await post('/api/admin/customers', admin, { ...newCustomer, email: 'desk.made@example.com' })
    expect(created.statusCode, created.body).toBe(201)
    expect((await post('/api/admin/customers', admin, { ...newCustomer, email: DEMO_CUSTOMER.email })).statusCode).toBe(409)
    const events = await t.db.selectFrom('outbox').select('text').where('channel', '=', 'webhook').where('subject', '=', 'customer.created').execute()
    expect(events.map((e) => JSON.parse(e.text).data)).toEqual([
      { customer: { id: created.json().id, email: 'desk.made@example.com', firstName: 'Pat', surname: 'Phone' }, source: 'api' },
    ])
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${hook.json().id as string}`, headers: admin })).statusCode).toBe(200)
  })

  it("refuses the spec's invalid fields and an email already taken", async () => {
    const bad = await post('/api/admin/customers', admin, { ...newCustomer, email: 'nope', mobilePhone: '12' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('Phone number is invalid')
    expect(bad.json().message).toContain('Invalid email address')
    const taken = await post('/api/admin/customers', admin, { ...newCustomer, email: DEMO_CUSTOMER.email })
    expect(taken.statusCode).toBe(409)
    expect((await post('/api/admin/customers', practitioner, newCustomer)).statusCode).toBe(403)
  })
})

describe('finding a customer and what the desk can book', () => {
  it('finds a customer by name, email or phone as the desk types it', async () => {
    for (const q of ['jane', 'demo@example', '07700 900123', '+447700900123']) {
      const found = await get(`/api/admin/customers?q=${encodeURIComponent(q)}`, admin)
      expect(found.statusCode, found.body).toBe(200)
      expect(found.json().map((c: { id: string }) => c.id), q).toContain(DEMO.customerDemo)
    }
  })

  it("lists the location's services with their practitioners, those not bookable online too", async () => {
    const res = await get(`/api/admin/desk/services?location=${DEMO.clinicLondon}`, admin)
    expect(res.statusCode, res.body).toBe(200)
    const touchUp = res.json().find((s: { id: string }) => s.id === DEMO.sTouchUp)
    expect(touchUp).toMatchObject({ online: false, practitioners: [{ id: DEMO.pSarah, name: 'Dr Sarah Jones' }] })
    expect(res.json().find((s: { id: string }) => s.id === DEMO.sSkincarePack)).toBeUndefined()
    expect((await get(`/api/admin/desk/services?location=${DEMO.clinicLondon}`, practitioner)).statusCode).toBe(403)
  })
})

describe('POST /admin/desk/bookings', () => {
  // A day each: the tests book Sarah at times of their own.
  const [day, soon, chainDay] = clearDays(5, 3)
  const at = (time: string) => londonInstant(day, time)

  it('a new phone customer booked with pay at the clinic: Scheduled at once, nothing paid, the confirmation with .ics', async () => {
    const customer = (await post('/api/admin/customers', admin, { ...newCustomer, email: 'walk.in@example.com' })).json()
    const res = await book({ customer: customer.id, location: DEMO.clinicLondon, start: at('09:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'clinic' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ payment: 'clinic', status: 'Scheduled', deposit: 0, depositPaid: 0 })
    // what is due there: the visit's price (a service with a deposit takes none now)
    const priced = await t.db.selectFrom('appointments').select(['price', 'gross_price']).where('id', '=', res.json().appointments[0].id).executeTakeFirstOrThrow()
    expect(res.json().dueAtClinic).toBeGreaterThan(0)
    expect(res.json().dueAtClinic).toBe(Number(priced.gross_price ?? priced.price))
    expect(res.json().appointments[0]).toMatchObject({ start: at('09:00'), practitioner: 'Dr Sarah Jones', customerId: customer.id })
    const mails = await mailsTo('walk.in@example.com')
    expect(mails.map((m) => m.subject.split(':')[0])).toEqual(['Set your password', 'Booking confirmed'])
    expect(JSON.stringify(mails[1].attachments)).toContain('.ics')
  })

  it('the same time again is refused with the spec 409, never a double booking', async () => {
    const res = await book({ customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at('09:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'clinic' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toMatch(/^Sorry, this time is no longer available/)
  })

  it("refuses a time outside the practitioner's working day with the reason and the hours, not 'no longer available'", async () => {
    const longDate = formatInTimeZone(new Date(at('12:00')), 'Europe/London', 'EEEE do MMMM yyyy')
    const early = await book({ customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at('07:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'clinic' })
    expect(early.json()).toEqual({ statusCode: 409, message: `This time is outside Dr Sarah Jones's working hours: 09:00 to 17:00 on ${longDate}. Please choose a time within them.` })
    const anyone = await book({ customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at('07:00'), services: [{ service: DEMO.sAntiWrinkle1 }], payment: 'clinic' })
    expect(anyone.json()).toEqual({ statusCode: 409, message: `None of the practitioners for this service works at this time on ${longDate}. Please choose another time.` })
  })

  it("refuses a chain whose later service runs past the working day with that service's reason, not 'no longer available'", async () => {
    const longDate = formatInTimeZone(new Date(at('12:00')), 'Europe/London', 'EEEE do MMMM yyyy')
    // Anti-wrinkle 16:30-17:00 fits Sarah's day; the lip filler after it would start at 17:00, when she has finished.
    const late = await book({ customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at('16:30'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }, { service: DEMO.sLipFiller, practitioner: DEMO.pSarah }], payment: 'clinic' })
    expect(late.json()).toEqual({ statusCode: 409, message: `Lip filler 1ml would start at 17:00: This time is outside Dr Sarah Jones's working hours: 09:00 to 17:00 on ${longDate}. Please choose a time within them.` })
  })

  it("refuses a free time off the service's grid of start times with the nearest offered ones, not 'no longer available'", async () => {
    const off = { customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at('16:07'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'clinic' }
    const res = await book(off)
    expect(res.json()).toEqual({ statusCode: 409, message: '16:07 is not one of the start times for this booking. The nearest free times are 16:00 and 16:15.' })
    const rows = await t.db.selectFrom('appointments').select('id').where('practitioner_id', '=', DEMO.pSarah).where('starts_at', '=', new Date(at('16:07'))).execute()
    expect(rows).toEqual([])
  })

  it("refuses to book a customer at a time they already have a visit with another practitioner, naming it; staff may book anyway", async () => {
    // A day of its own when James works at London too (Tuesday to Friday).
    const clashDay = clearDate(12, [2, 3, 4, 5])
    const at = (time: string) => londonInstant(clashDay, time)
    const first = await book({ customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at('15:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'clinic' })
    expect(first.statusCode, first.body).toBe(201)
    const firstId = first.json().appointments[0].id as string
    const overlapping = { customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at('15:15'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pJames }], payment: 'clinic' }
    const refused = await book(overlapping)
    const date = formatInTimeZone(new Date(at('15:00')), 'Europe/London', 'dd/MM/yyyy')
    expect(refused.json()).toEqual({ statusCode: 409, message: `This customer already has a booking at this time: Anti-wrinkle injections: 1 area with Dr Sarah Jones, ${date} 15:00–15:30 (appointment ${firstId}).` })
    const rows = await t.db.selectFrom('appointments').select('id').where('customer_id', '=', DEMO.customerOther).where('practitioner_id', '=', DEMO.pJames).where('starts_at', '=', new Date(at('15:15'))).execute()
    expect(rows).toEqual([])
    // Back to back is no clash; another customer at the same time neither.
    expect((await book({ ...overlapping, start: at('15:30') })).statusCode).toBe(201)
    const anyway = await book({ ...overlapping, start: at('14:30'), allowOverlap: true })
    expect(anyway.statusCode, anyway.body).toBe(201)
    expect(anyway.json().appointments[0]).toMatchObject({ start: at('14:30'), practitioner: 'James Patel' })
  })

  it('refuses to move a booking to a time the customer already has another visit, naming it; staff may move anyway', async () => {
    const moveDay = clearDate(35, [2, 3, 4, 5])
    const at = (time: string) => londonInstant(moveDay, time)
    const sarahs = await book({ customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at('10:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'clinic' })
    const jamess = await book({ customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at('15:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pJames }], payment: 'clinic' })
    expect([sarahs.statusCode, jamess.statusCode], jamess.body).toEqual([201, 201])
    const sarahsId = sarahs.json().appointments[0].id as string
    const jamessId = jamess.json().appointments[0].id as string
    const move = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${jamessId}/move`, headers: admin, payload })
    const refused = await move({ start: at('10:15') })
    const date = formatInTimeZone(new Date(at('10:00')), 'Europe/London', 'dd/MM/yyyy')
    expect(refused.json()).toEqual({ statusCode: 409, message: `This customer already has a booking at this time: Anti-wrinkle injections: 1 area with Dr Sarah Jones, ${date} 10:00–10:30 (appointment ${sarahsId}).` })
    expect((await t.db.selectFrom('appointments').select('starts_at').where('id', '=', jamessId).executeTakeFirstOrThrow()).starts_at).toEqual(new Date(at('15:00')))
    // Its own old time is no clash (a small shift), nor is back to back with the other visit.
    expect((await move({ start: at('15:15') })).statusCode).toBe(200)
    expect((await move({ start: at('10:30') })).statusCode).toBe(200)
    const anyway = await move({ start: at('10:15'), allowOverlap: true })
    expect(anyway.statusCode, anyway.body).toBe(200)
    expect(anyway.json()).toMatchObject({ start: at('10:15'), practitioner: 'James Patel' })
  })

  it('takes the deposit from the stored card: Scheduled, the deposit paid, the confirmation sent', async () => {
    const demo = await t.login(DEMO_CUSTOMER)
    const nonce = (await t.app.inject({ method: 'POST', url: '/sandbox/tokenize', payload: { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' } })).json().nonce
    expect((await post('/api/square/add-customer-card', t.auth(demo), { cardNonce: nonce, customerId: DEMO.customerDemo })).statusCode).toBe(200)
    const res = await book({ customer: DEMO.customerDemo, location: DEMO.clinicLondon, start: at('10:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'card' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ payment: 'card', status: 'Scheduled', deposit: 36, depositPaid: 36 })
    const subjects = (await mailsTo(DEMO_CUSTOMER.email)).map((m) => m.subject.split(':')[0])
    expect(subjects).toContain('Booking confirmed')
  })

  it('refuses a stored-card deposit when the customer has no card, booking nothing', async () => {
    const res = await book({ customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at('11:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'card' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('The customer has no stored card. Send a pay link, or take the payment at the clinic.')
    const again = await book({ customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at('11:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'clinic' })
    expect(again.statusCode, again.body).toBe(201)
  })

  it('mails a pay link: the booking is held until the customer pays from the link, then confirmed', async () => {
    const res = await book({ customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at('14:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'link' })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({ payment: 'link', status: 'Pending', deposit: 36, depositPaid: 0 })
    // Held for a day, not the online 5 minutes: the customer pays when they read the mail.
    expect(Date.parse(body.holdExpiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000)
    const mail = (await mailsTo(OTHER_CUSTOMER.email)).find((m) => m.subject === 'Pay your deposit to confirm your appointment')!
    expect(mail.text).toContain(body.payLink)
    const path = new URL(body.payLink).pathname
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('Pay £36.00')
    const paid = await t.app.inject({ method: 'POST', url: path, payload: { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' } })
    expect(paid.statusCode, paid.body).toBeLessThan(300)
    expect(await status(body.appointments[0].id)).toBe('Scheduled')
    expect((await mailsTo(OTHER_CUSTOMER.email)).map((m) => m.subject.split(':')[0])).toContain('Booking confirmed')
  })

  /** A desk booking at `time` paid by link, marked `mark` at `markedAt`: its appointment and its pay link's path. */
  async function markedLinkBooking(time: string, mark: 'checked-in' | 'no-show', markedAt: string) {
    const res = await book({ customer: DEMO.customerOther, location: DEMO.clinicLondon, start: at(time), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'link' })
    expect(res.statusCode, res.body).toBe(201)
    const { payLink, appointments } = res.json()
    const id = appointments[0].id as string
    offsetMs = Date.parse(at(markedAt)) - Date.now()
    const marked = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/attendance`, headers: admin, payload: { mark } })
    expect(marked.statusCode, marked.body).toBe(200)
    return { id, path: new URL(payLink).pathname }
  }

  /** The link paid late takes nothing, saying why; its payment is voided and its invoice void. */
  async function paidLateTakesNothing(path: string, why: string) {
    const late = await t.app.inject({ method: 'POST', url: path, payload: { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' } })
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(why)
    const payments = await t.db.selectFrom('commerce_payments').innerJoin('commerce_invoices', 'commerce_invoices.id', 'commerce_payments.invoice_id')
      .select(['commerce_payments.status', 'commerce_invoices.payment_status'])
      .where('commerce_invoices.customer_id', '=', DEMO.customerOther).where('commerce_payments.transaction_id', '=', path.split('/').pop()!).execute()
    expect(payments.map((p) => [p.status, p.payment_status])).toEqual([['voided', 'Void']])
  }

  it('voids the pay link once the customer is checked in: checkout takes the whole price, and the link then takes nothing', async () => {
    const { id, path } = await markedLinkBooking('15:00', 'checked-in', '14:55')
    const page = (await t.app.inject({ method: 'GET', url: path })).body
    expect(page).toContain('<h2 id="done-title">Payment closed</h2>')
    expect(page).toContain(PAY_LINK_VOIDED)
    const due = (await get(`/api/admin/appointments/${id}/checkout`, admin)).json()
    expect(due).toMatchObject({ price: 180, paid: 0, balance: 180 })
    const checkedOut = await post(`/api/admin/appointments/${id}/checkout`, admin, { payments: [{ method: 'cash', amount: 180 }] })
    expect(checkedOut.statusCode, checkedOut.body).toBe(200)
    await paidLateTakesNothing(path, PAY_LINK_VOIDED)
    expect((await get(`/api/admin/appointments/${id}/checkout`, admin)).json()).toMatchObject({ paid: 180, balance: 0 })
  })

  it('voids the pay link of a no-show, saying so: paying it later takes nothing and is not answered with an expired hold', async () => {
    const { path } = await markedLinkBooking('16:00', 'no-show', '16:20')
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain(MESSAGES.payLinkVoidedNoShow)
    await paidLateTakesNothing(path, MESSAGES.payLinkVoidedNoShow)
  })

  it('books services not bookable online and inside the online notice, which online booking refuses', async () => {
    // 09:20 in London: the organisation's 60-minute online notice keeps 10:00 from customers.
    offsetMs = Date.parse(londonInstant(soon, '09:20')) - Date.now()
    const demo = await t.login(DEMO_CUSTOMER)
    const online = await post('/api/appointments/public', t.auth(demo), {
      appointment: { event: { start: londonInstant(soon, '10:00'), end: londonInstant(soon, '10:00') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
    })
    expect(online.statusCode).toBeGreaterThanOrEqual(400)
    const times = await post('/api/admin/desk/times', admin, { location: DEMO.clinicLondon, date: soon, services: [{ service: DEMO.sTouchUp }] })
    expect(times.statusCode, times.body).toBe(200)
    expect(times.json().map((x: { value: string }) => x.value)).toContain('10:00')
    expect(times.json().map((x: { value: string }) => x.value)).not.toContain('09:00')
    const desk = await book({ customer: DEMO.customerDemo, location: DEMO.clinicLondon, start: londonInstant(soon, '10:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'clinic' })
    expect(desk.statusCode, desk.body).toBe(201)
    const bookOnly = await book({ customer: DEMO.customerDemo, location: DEMO.clinicLondon, start: londonInstant(soon, '11:00'), services: [{ service: DEMO.sTouchUp }], payment: 'clinic' })
    expect(bookOnly.statusCode, bookOnly.body).toBe(201)
    expect(bookOnly.json().appointments[0].service).toBe('Filler touch-up (staff booking only)')
  })

  it('chains several services, any practitioner for the second, from the same times the desk is offered', async () => {
    const times = await post('/api/admin/desk/times', admin, { location: DEMO.clinicLondon, date: chainDay, services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }, { service: DEMO.sB12 }] })
    expect(times.statusCode, times.body).toBe(200)
    const first = times.json()[0]
    expect(first.services).toHaveLength(2)
    expect(first.services[1].start).toBe(first.services[0].end)
    const res = await book({ customer: DEMO.customerDemo, location: DEMO.clinicLondon, start: first.start, services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }, { service: DEMO.sB12 }], payment: 'clinic' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().appointments).toHaveLength(2)
  })

  it('answers a retry (same transactionId, same choices, any practitioner) with the booking it made; the id with other choices is a 409, booking nothing', async () => {
    const times = await post('/api/admin/desk/times', admin, { location: DEMO.clinicLondon, date: chainDay, services: [{ service: DEMO.sAntiWrinkle1 }] })
    const last = times.json().at(-1)
    const choices = { customer: DEMO.customerOther, location: DEMO.clinicLondon, services: [{ service: DEMO.sAntiWrinkle1 }], payment: 'clinic', transactionId: 'desk-txn-reused' }
    const first = await book({ ...choices, start: last.start })
    expect(first.statusCode, first.body).toBe(201)
    const id = first.json().appointments[0].id
    // The practitioner the chain gave is busy now: a retry of "any" still answers the same booking.
    const again = await book({ ...choices, start: last.start })
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json().appointments.map((a: { id: string }) => a.id)).toEqual([id])
    const earlier = times.json().at(-3).start
    for (const other of [{ ...choices, start: earlier }, { ...choices, start: last.start, services: [{ service: DEMO.sAntiWrinkle1, practitioner: last.services[0].practitioner }] }]) {
      const reused = await book(other)
      expect(reused.json()).toEqual({ statusCode: 409, message: transactionReusedText(id) })
    }
    const rows = await t.db.selectFrom('appointments').select('id').where('transaction_id', '=', 'desk-txn-reused').execute()
    expect(rows.map((r) => r.id)).toEqual([id])
    expect(await t.db.selectFrom('appointments').select('id').where('customer_id', '=', DEMO.customerOther).where('starts_at', '=', new Date(earlier)).execute()).toEqual([])
  })

  it('is for the tenant\'s admins: a practitioner is refused, a customer token too, and another tenant finds no demo customer', async () => {
    const payload = { customer: DEMO.customerDemo, location: DEMO.clinicLondon, start: at('15:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'clinic' }
    expect((await book(payload, practitioner)).statusCode).toBe(403)
    expect((await book(payload, t.auth(await t.login(DEMO_CUSTOMER)))).statusCode).toBe(401)
    const otherAdmin = await staffLogin('other', 'desk@other.example.com', 'admin', null)
    expect((await book(payload, otherAdmin)).json()).toEqual({ statusCode: 404, message: 'Customer not found.' })
    expect((await get(`/api/admin/customers/${DEMO.customerDemo}`, otherAdmin)).statusCode).toBe(404)
    expect((await post(`/api/admin/customers/${DEMO.customerDemo}/notes`, otherAdmin, { text: 'cross-tenant' })).statusCode).toBe(404)
  })
})

describe("the customer's record", () => {
  const NOTE = 'Prefers afternoon appointments; allergic to lidocaine (staff note 7c1f).'

  it('shows contact details, upcoming and past visits, courses, forms (openable once signed) and staff notes', async () => {
    const form = await post(`/api/admin/customers/${DEMO.customerDemo}/forms`, admin, { type: 'consent' })
    expect(form.statusCode, form.body).toBe(201)
    const note = await post(`/api/admin/customers/${DEMO.customerDemo}/notes`, admin, { text: NOTE })
    expect(note.statusCode, note.body).toBe(201)
    expect(note.json()).toMatchObject({ text: NOTE, author: 'Desk desk@demo.example.com' })
    const res = await get(`/api/admin/customers/${DEMO.customerDemo}`, admin)
    expect(res.statusCode, res.body).toBe(200)
    const record = res.json()
    expect(record.contact).toMatchObject({ id: DEMO.customerDemo, email: DEMO_CUSTOMER.email, mobilePhone: '+447700900123' })
    expect(record.upcoming.map((b: { id: string }) => b.id)).toContain(DEMO.apptFuture)
    expect(record.past.map((b: { id: string }) => b.id)).toContain(DEMO.apptPast)
    expect(record.courses.map((c: { id: string }) => c.id)).toContain(DEMO.customerCourseDemo)
    expect(record.forms[0]).toMatchObject({ id: form.json().id, type: 'consent', isSigned: false })
    expect(record.notes[0]).toMatchObject({ text: NOTE })
    const opened = await get(`/api/admin/customers/${DEMO.customerDemo}/forms/${form.json().id}`, admin)
    expect(opened.statusCode, opened.body).toBe(200)
    expect(opened.json()).toMatchObject({ id: form.json().id, type: 'consent', customer: { id: DEMO.customerDemo } })
    // Another customer's form is not found under this customer.
    expect((await get(`/api/admin/customers/${DEMO.customerOther}/forms/${form.json().id}`, admin)).statusCode).toBe(404)
  })

  it('lists a cancelled visit still to come under upcoming, shown as cancelled, not under past', async () => {
    const customer = (await post('/api/admin/customers', admin, { ...newCustomer, email: 'record.visits@example.com' })).json()
    const [day] = clearDays(20, 1)
    const booked = await book({ customer: customer.id, location: DEMO.clinicLondon, start: londonInstant(day, '15:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'clinic' })
    expect(booked.statusCode, booked.body).toBe(201)
    const id = booked.json().appointments[0].id as string
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/cancel`, headers: admin, payload: {} })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const record = (await get(`/api/admin/customers/${customer.id as string}`, admin)).json()
    expect(record.upcoming.map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([[id, 'Cancelled']])
    expect(record.past).toEqual([])
  })

  it("never shows a staff note in the customer's own account answers; their data export holds it (right of access)", async () => {
    const demo = t.auth(await t.login(DEMO_CUSTOMER))
    const answers = await Promise.all([
      get('/api/user/me', demo),
      get(`/api/appointments/customer/${DEMO.customerDemo}`, demo),
      get(`/api/appointments/${DEMO.apptFuture}`, demo),
      get(`/api/course/customer-course?customerId=${DEMO.customerDemo}`, demo),
    ])
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200)
      expect(answer.body).not.toContain('lidocaine')
    }
    const exported = await get('/api/user/me/export', demo)
    expect(exported.statusCode, exported.body).toBe(200)
    expect(exported.body).toContain('lidocaine')
  })

  it('refuses an empty or overlong note and an unknown customer', async () => {
    expect((await post(`/api/admin/customers/${DEMO.customerDemo}/notes`, admin, { text: '  ' })).statusCode).toBe(400)
    expect((await post(`/api/admin/customers/${DEMO.customerDemo}/notes`, admin, { text: 'x'.repeat(4001) })).statusCode).toBe(400)
    expect((await get('/api/admin/customers/ffffffffffffffffffffffff', admin)).json()).toEqual({ statusCode: 404, message: 'Customer not found.' })
    expect((await get(`/api/admin/customers/${DEMO.customerDemo}`, practitioner)).statusCode).toBe(403)
  })
})
