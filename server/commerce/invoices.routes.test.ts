import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sendBookingConfirmation } from './commerce.module'
import { londonInstant, londonWorkdays } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

let t: TestServer
let demo: string
let other: string
let offsetMs = 0
beforeAll(async () => {
  t = await buildTestServer({ clock: () => new Date(Date.now() + offsetMs) })
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
})
afterAll(() => t.close())
beforeEach(() => {
  offsetMs = 0
})

const good = { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' }
const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30']
const slots = londonWorkdays(4, 3).flatMap((d) => times.map((time) => ({ day: d, time })))
let slot = 0

async function hold(token = demo): Promise<string> {
  const { day, time } = slots[slot++]
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/public',
    headers: t.auth(token),
    payload: {
      appointment: {
        event: { start: londonInstant(day, time), end: londonInstant(day, time) },
        practitioner: DEMO.pSarah,
        clinic: DEMO.clinicLondon,
        service: DEMO.sAntiWrinkle1,
      },
    },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().appointment.id
}

const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? t.auth(token) : {}, ...(payload ? { payload } : {}) })

async function depositInvoice(appointmentId: string) {
  const res = await inject('POST', '/api/invoice/create', demo, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId, origin: 'SALE', description: 'Invoice for Booking Deposit' })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const payBody = (invoice: string) => ({ payments: [{ value: 36, type: 'Card', coherentPaymentFlag: true }], invoice, idempotencyKey: `${invoice}:card` })

async function pay(invoiceId: string) {
  const res = await inject('POST', `/api/invoice/${invoiceId}/pay`, demo, payBody(invoiceId))
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { paymentUrl: string; transactionId: string }
}

const submitCard = (transactionId: string, card: object) => t.app.inject({ method: 'POST', url: `/sandbox/pay/${transactionId}`, payload: card })
const check = async (transactionId: string) => (await inject('GET', `/api/coherence/check-payment/${transactionId}`)).json()
const appointmentStatus = async (id: string) =>
  (await t.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

describe('deposit invoices and card payments', () => {
  it('creates a draft deposit invoice computed on the server, readable by its customer only', async () => {
    const appointmentId = await hold()
    const invoice = await depositInvoice(appointmentId)
    expect(invoice).toMatchObject({ amount: 36, isDraft: true, paymentStatus: 'Unpaid', origin: 'SALE', description: 'Invoice for Booking Deposit', customer: DEMO.customerDemo, appointmentId })
    expect((await inject('GET', `/api/invoices/${invoice.id}`, demo)).json()).toMatchObject({ id: invoice.id, amount: 36 })
    expect((await inject('GET', `/api/invoices/${invoice.id}`, other)).statusCode).toBe(403)
    expect((await inject('GET', `/api/invoices/${invoice.id}`)).statusCode).toBe(401)
    expect((await inject('GET', '/api/invoices/ffffffffffffffffffffffff', demo)).statusCode).toBe(404)
  })

  it('refuses bad input, another customer and a client-chosen amount', async () => {
    expect((await inject('POST', '/api/invoice/create', demo, { customer: 'nope', clinic: DEMO.clinicLondon })).statusCode).toBe(400)
    expect((await inject('POST', '/api/invoice/create', demo, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon })).statusCode).toBe(400)
    const appointmentId = await hold()
    expect((await inject('POST', '/api/invoice/create', other, { customer: DEMO.customerOther, clinic: DEMO.clinicLondon, appointmentId })).statusCode).toBe(403)
    expect((await inject('POST', '/api/invoice/create', other, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId })).statusCode).toBe(403)
    const invoice = await depositInvoice(appointmentId)
    expect((await inject('POST', `/api/invoice/${invoice.id}/pay`, other, payBody(invoice.id))).statusCode).toBe(403)
    expect((await inject('POST', `/api/invoice/${invoice.id}/pay`, demo, { payments: 'all' })).statusCode).toBe(400)
    // The amount comes from the invoice, whatever the client says.
    const started = await pay(invoice.id)
    const page = await t.app.inject({ method: 'GET', url: started.paymentUrl })
    expect(page.body).toContain('Pay £36.00')
  })

  it('a deposit invoice for an appointment that is already booked: a 409 that does not speak of an expired hold', async () => {
    const res = await inject('POST', '/api/invoice/create', demo, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId: DEMO.apptFuture })
    expect(res.json()).toEqual({ statusCode: 409, message: 'This appointment is not waiting for a payment.' })
  })

  it('pays through the sandbox page: the hold becomes Scheduled, a confirmation with .ics is queued, a retry charges once', async () => {
    const appointmentId = await hold()
    const invoice = await depositInvoice(appointmentId)
    const started = await pay(invoice.id)
    expect(started.paymentUrl).toBe(`/sandbox/pay/${started.transactionId}`)
    expect((await pay(invoice.id)).transactionId).toBe(started.transactionId)
    expect((await inject('POST', `/api/invoice/${invoice.id}/has-payment-intent`, demo)).json()).toEqual({ hasPaymentIntent: true, transactionId: started.transactionId, paymentUrl: started.paymentUrl })
    expect(await check(started.transactionId)).toEqual({ isPaid: false, status: 'pending' })

    const page = await t.app.inject({ method: 'GET', url: started.paymentUrl })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-/)
    expect(page.body).toContain('<label for="cardNo">Card number</label>')

    const paid = await submitCard(started.transactionId, good)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json()).toMatchObject({ status: 'paid' })
    // The same request again (a retry) answers paid and charges nothing more.
    expect((await submitCard(started.transactionId, good)).json()).toMatchObject({ status: 'paid' })
    expect(await check(started.transactionId)).toEqual({ isPaid: true, status: 'paid' })
    expect(await check(started.transactionId)).toEqual({ isPaid: true, status: 'paid' })
    const charges = await t.db.withTables<{ sandbox_payments: { transaction_id: string; charges: number } }>()
      .selectFrom('sandbox_payments').select('charges').where('transaction_id', '=', started.transactionId).executeTakeFirstOrThrow()
    expect(charges.charges).toBe(1)
    expect(await appointmentStatus(appointmentId)).toBe('Scheduled')
    expect((await inject('GET', `/api/invoices/${invoice.id}`, demo)).json()).toMatchObject({ paymentStatus: 'Paid', isDraft: false })
    await t.app.deps.mail.flush() // notices become mails
    const mails = await t.db.selectFrom('outbox').selectAll().where('tenant_id', '=', 'demo').where('subject', 'like', 'Booking confirmed%').execute()
    expect(mails.length).toBeGreaterThanOrEqual(1)
    const ics = mails.at(-1)!.attachments[0]
    expect(ics.filename).toBe('appointment.ics')
    expect(ics.content).toContain(`UID:${appointmentId}@demo.clinic-booking`)
    // Paying a paid invoice again is refused.
    expect((await inject('POST', `/api/invoice/${invoice.id}/pay`, demo, payBody(invoice.id))).statusCode).toBe(409)
    expect((await t.app.inject({ method: 'GET', url: started.paymentUrl })).body).toContain('Thank you. Your payment has been received.')
  })

  it.each([
    ['4242 4242 4242 4241', 'Card number is not correct.'],
    ['4000 0000 0000 0101', 'Card number is not correct.'],
    ['4000 0000 0000 0069', 'Expiry date is not correct.'],
    ['4000 0000 0000 0127', 'CVV is not correct.'],
    ['4000 0000 0000 0036', 'Postal code is not correct.'],
    ['4000 0000 0000 0002', 'Unhandled request.'],
  ])('card %s is declined with "%s"', async (cardNo, message) => {
    const invoice = await depositInvoice(await hold())
    const started = await pay(invoice.id)
    const res = await submitCard(started.transactionId, { ...good, cardNo })
    expect(res.statusCode).toBe(402)
    expect(res.json()).toMatchObject({ statusCode: 402, message })
    expect(await check(started.transactionId)).toEqual({ isPaid: false, status: 'declined', message })
  })

  it.each([
    [{ expDate: '01/20' }, 'Expiry date is not correct.'],
    [{ cvv: '1' }, 'CVV is not correct.'],
    [{ postCode: '' }, 'Postal code is not correct.'],
  ])('the form check %j answers "%s"', async (change, message) => {
    const invoice = await depositInvoice(await hold())
    const started = await pay(invoice.id)
    expect((await submitCard(started.transactionId, { ...good, ...change })).json()).toMatchObject({ message })
  })

  it('a payment after the hold expired is voided and reported; the invoice is void, not paid', async () => {
    const appointmentId = await hold()
    const invoice = await depositInvoice(appointmentId)
    const started = await pay(invoice.id)
    offsetMs = 6 * 60_000
    const res = await submitCard(started.transactionId, good)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toContain('you have not been charged')
    expect(await check(started.transactionId)).toMatchObject({ isPaid: false, status: 'voided', message: expect.stringContaining('hold has expired') })
    expect((await inject('GET', `/api/invoices/${invoice.id}`, demo)).json()).toMatchObject({ paymentStatus: 'Void' })
    expect(await appointmentStatus(appointmentId)).not.toBe('Scheduled')
  })

  it('refuses to start a payment once the hold expired', async () => {
    const invoice = await depositInvoice(await hold())
    offsetMs = 6 * 60_000
    const res = await inject('POST', `/api/invoice/${invoice.id}/pay`, demo, payBody(invoice.id))
    expect(res.statusCode).toBe(409)
  })

  it('pays with a stored card without the hosted page; an unknown or foreign card is refused', async () => {
    const nonce = (await t.app.inject({ method: 'POST', url: '/sandbox/tokenize', payload: good })).json().nonce
    const card = (await inject('POST', '/api/square/add-customer-card', demo, { cardNonce: nonce, customerId: DEMO.customerDemo })).json()
    const appointmentId = await hold()
    const invoice = await depositInvoice(appointmentId)
    const withCard = (cardId: string, token = demo) =>
      inject('POST', `/api/invoice/${invoice.id}/pay`, token, { payments: [{ value: 36, type: 'Card', cardData: { cardId } }], invoice: invoice.id })
    expect((await withCard('ccof_unknown')).statusCode).toBe(404)
    expect((await withCard(card.id, other)).statusCode).toBe(403)
    const paid = await withCard(card.id)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(await check(paid.json().transactionId)).toEqual({ isPaid: true, status: 'paid' })
    expect(await appointmentStatus(appointmentId)).toBe('Scheduled')
    expect((await withCard(card.id)).statusCode).toBe(409)
  })

  it('concurrent pay requests for one invoice open one payment', async () => {
    const invoice = await depositInvoice(await hold())
    const answers = await Promise.all(Array.from({ length: 6 }, () => inject('POST', `/api/invoice/${invoice.id}/pay`, demo, payBody(invoice.id))))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    expect(new Set(answers.map((a) => a.json().transactionId)).size).toBe(1)
    const rows = await t.db.withTables<{ commerce_payments: { invoice_id: string; status: string } }>()
      .selectFrom('commerce_payments').select('status').where('invoice_id', '=', invoice.id).execute()
    expect(rows).toEqual([{ status: 'open' }])
  })

  it('check-payment of an unknown transaction is 404', async () => {
    expect((await inject('GET', '/api/coherence/check-payment/txn_unknown')).statusCode).toBe(404)
  })
})

describe('course purchase and gift vouchers', () => {
  it('buys a course through an ONLINE_COURSE invoice; after payment it is the customer\'s, newest first', async () => {
    const res = await inject('POST', '/api/invoice/create', other, {
      customer: DEMO.customerOther,
      clinic: DEMO.clinicLondon,
      origin: 'ONLINE_COURSE',
      description: 'Online Course Purchase',
      items: [{ type: 'Course', quantity: 1, referenceId: DEMO.coursePeel, location: DEMO.clinicLondon, onlineSale: true }],
    })
    expect(res.statusCode, res.body).toBe(200)
    const invoice = res.json()
    expect(invoice).toMatchObject({ amount: 320, origin: 'ONLINE_COURSE', description: 'Online Course Purchase', items: [{ type: 'Course', netPrice: 266.67, taxValue: 53.33 }] })
    const before = await inject('POST', `/api/course/verify-assignment/${invoice.id}`, other)
    expect(before.json()).toEqual({ assigned: false, courses: [] })
    const started = (await inject('POST', `/api/invoice/${invoice.id}/pay`, other, payBody(invoice.id))).json()
    expect((await submitCard(started.transactionId, good)).statusCode).toBe(200)
    const verified = (await inject('POST', `/api/course/verify-assignment/${invoice.id}`, other)).json()
    expect(verified.assigned).toBe(true)
    expect(verified.courses[0]).toMatchObject({ name: 'Peel course: 4 sessions', quantity: 4, redeemed: 0, reserved: 0 })
    const list = (await inject('GET', `/api/course/customer-course?customerId=${DEMO.customerOther}&clinic=all&excludeExpired=false`, other)).json()
    expect(list[0].id).toBe(verified.courses[0].id)
    expect((await inject('POST', `/api/course/verify-assignment/${invoice.id}`, demo)).statusCode).toBe(403)
  })

  it('tells the buyer once, after payment, that the course is bought (mail through the notices)', async () => {
    const res = await inject('POST', '/api/invoice/create', other, {
      customer: DEMO.customerOther,
      clinic: DEMO.clinicLondon,
      origin: 'ONLINE_COURSE',
      description: 'Online Course Purchase',
      items: [{ type: 'Course', quantity: 1, referenceId: DEMO.coursePeel, location: DEMO.clinicLondon, onlineSale: true }],
    })
    const invoice = res.json()
    const courseMails = () => t.db.selectFrom('outbox').selectAll().where('to_address', '=', OTHER_CUSTOMER.email).where('subject', 'like', 'Course bought%').execute()
    await t.app.deps.notifications.renderPending() // earlier purchases' notices
    const before = (await courseMails()).length
    const started = (await inject('POST', `/api/invoice/${invoice.id}/pay`, other, payBody(invoice.id))).json()
    await t.app.deps.notifications.renderPending()
    expect(await courseMails()).toHaveLength(before)
    expect((await submitCard(started.transactionId, good)).statusCode).toBe(200)
    await check(started.transactionId)
    await t.app.deps.notifications.renderPending()
    const mails = await courseMails()
    expect(mails).toHaveLength(before + 1)
    expect(mails.at(-1)!.subject).toMatch(/^Course bought: Peel course: 4 sessions \| /)
    expect(mails.at(-1)!.text).toContain('Your course is ready to use:')
    expect(mails.at(-1)!.text).toContain('- Peel course: 4 sessions')
  })

  it('refuses mixing courses with services and unknown courses', async () => {
    const mixed = await inject('POST', '/api/invoice/create', demo, {
      customer: DEMO.customerDemo,
      clinic: DEMO.clinicLondon,
      items: [{ type: 'Course', quantity: 1, referenceId: DEMO.coursePeel }, { type: 'Service', quantity: 1, referenceId: DEMO.sPeel }],
    })
    expect(mixed.json()).toEqual({ statusCode: 400, message: 'Cannot mix course purchases with individual services' })
    const unknown = await inject('POST', '/api/invoice/create', demo, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, items: [{ type: 'Course', quantity: 1, referenceId: 'ffffffffffffffffffffffff' }] })
    expect(unknown.statusCode).toBe(404)
  })

  it('sells gift vouchers for someone else; paid, the receiver gets the code by email', async () => {
    const bad = await inject('POST', '/api/gift-vouchers/purchase', demo, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, vouchers: [{ value: 75 }] })
    expect(bad.json()).toEqual({ statusCode: 400, message: 'This gift voucher amount is not available.' })
    const badEmail = await inject('POST', '/api/gift-vouchers/purchase', demo, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, vouchers: [{ value: 50, receiver: { name: 'Sam', email: 'not-an-email' } }] })
    expect(badEmail.json()).toEqual({ statusCode: 400, message: 'Invalid email address' })
    expect((await inject('POST', '/api/gift-vouchers/purchase', other, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, vouchers: [{ value: 50 }] })).statusCode).toBe(403)
    const res = await inject('POST', '/api/gift-vouchers/purchase', demo, {
      customer: DEMO.customerDemo,
      clinic: DEMO.clinicLondon,
      vouchers: [{ value: 100, receiver: { name: 'Sam Green', email: 'Sam@Example.com', message: 'Happy birthday!' } }, { value: 50 }],
    })
    expect(res.statusCode, res.body).toBe(200)
    const invoice = res.json()
    expect(invoice.amount).toBe(150)
    expect(invoice.items.map((i: { giftVouchers: { status: string }[] }) => i.giftVouchers[0].status)).toEqual(['Unpaid', 'Unpaid'])
    const started = (await inject('POST', `/api/invoice/${invoice.id}/pay`, demo, payBody(invoice.id))).json()
    expect((await submitCard(started.transactionId, good)).statusCode).toBe(200)
    const paid = (await inject('GET', `/api/invoices/${invoice.id}`, demo)).json()
    const vouchers = paid.items.map((i: { giftVouchers: { status: string; code: string }[] }) => i.giftVouchers[0])
    expect(vouchers.map((v: { status: string }) => v.status)).toEqual(['Available', 'Available'])
    await t.app.deps.notifications.renderPending()
    const mail = await t.db.selectFrom('outbox').selectAll().where('to_address', '=', 'sam@example.com').executeTakeFirstOrThrow()
    expect(mail.text).toContain(vouchers[0].code)
    expect(mail.text).toContain('Happy birthday!')
  })
})

describe('booking confirmation without payment', () => {
  it('queues a confirmation with an RFC 5545 calendar attachment in UTC', async () => {
    await sendBookingConfirmation(t.app.deps, t.db, 'demo', DEMO.customerDemo, [DEMO.apptFuture])
    await t.app.deps.mail.flush()
    const mail = await t.db.selectFrom('outbox').selectAll().where('to_address', '=', 'demo@example.com').orderBy('created_at', 'desc').executeTakeFirstOrThrow()
    expect(mail.subject).toMatch(/^Booking confirmed: /)
    expect(mail.text).toContain('Harley Aesthetics London')
    const ics = mail.attachments[0].content
    expect(ics).toContain(`UID:${DEMO.apptFuture}@demo.clinic-booking`)
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/)
  })
})
