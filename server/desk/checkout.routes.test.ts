/** The desk's checkout through the admin API: balances, each way of paying, the invoice rows, the deposit refund. */
import { formatInTimeZone } from 'date-fns-tz'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../commerce/commerce.tables'
import { londonInstant, londonWorkdays } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { staffLogin } from './desk-test-support'
import { CHECKOUT_MESSAGES } from '../../src/domain/desk/checkout'

let t: TestServer
let admin: Record<string, string>
let sarah: Record<string, string>
let demo: string
let cardId: string

const good = { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' }
const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30']
const slots = londonWorkdays(40, 3).flatMap((d) => times.map((time) => ({ day: d, time })))
let slot = 0

beforeAll(async () => {
  t = await buildTestServer()
  admin = await staffLogin(t, 'till@demo.example.com', 'admin', null)
  sarah = await staffLogin(t, 'sarah.till@demo.example.com', 'practitioner', DEMO.pSarah)
  demo = await t.login(DEMO_CUSTOMER)
  const nonce = (await t.app.inject({ method: 'POST', url: '/sandbox/tokenize', payload: good })).json().nonce
  cardId = (await customer('POST', '/api/square/add-customer-card', { cardNonce: nonce, customerId: DEMO.customerDemo })).json().id
})
afterAll(() => t.close())

const customer = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: t.auth(demo), ...(payload ? { payload } : {}) })
const desk = (method: 'GET' | 'POST', url: string, payload?: object, headers = admin) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

/**
 * A booking of Sarah's anti-wrinkle (£180) made online, its £36 deposit paid with the stored card;
 * `inFull`: the service asks a deposit of 100% meanwhile, so the whole £180 is paid online.
 */
async function bookedWithDeposit(options: { inFull?: boolean } = {}): Promise<string> {
  const { day, time } = slots[slot++]!
  const deposit = (type: string | null, amount: number | null) => t.db.updateTable('services').set({ booking_deposit_type: type, booking_deposit_amount: amount }).where('id', '=', DEMO.sAntiWrinkle1).execute()
  if (options.inFull) await deposit('percentage', 100)
  const held = await customer('POST', '/api/appointments/public', {
    appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
  })
  expect(held.statusCode, held.body).toBe(200)
  const appointmentId = held.json().appointment.id as string
  const invoice = (await customer('POST', '/api/invoice/create', { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId, origin: 'SALE', description: 'Invoice for Booking Deposit' })).json()
  const paid = await customer('POST', `/api/invoice/${invoice.id}/pay`, { payments: [{ value: invoice.amount, type: 'Card', cardData: { cardId } }], invoice: invoice.id })
  if (options.inFull) await deposit(null, null)
  expect(paid.statusCode, paid.body).toBe(200)
  return appointmentId
}

interface Checkout {
  price: number
  paid: number
  balance: number
  refundableDeposit: number
  payments: { type: string; amount: number; status: string; voucherCode?: string; transactionId?: string }[]
  invoice?: { id: string; amount: number; paymentStatus: string; description: string; items: { type: string; name: string; finalPrice: number; taxValue: number; referenceId?: string }[] }
}

const sumOf = (values: number[]) => Math.round(values.reduce((s, v) => s + v, 0) * 100) / 100

/** The invoice rows add up: its lines to its amount, and its payments to the same. */
async function expectInvoiceAddsUp(checkout: Checkout) {
  const invoice = checkout.invoice!
  expect(sumOf(invoice.items.map((i) => i.finalPrice))).toBe(invoice.amount)
  const payments = await t.db.selectFrom('commerce_payments').select('amount').where('invoice_id', '=', invoice.id).where('status', '=', 'paid').execute()
  expect(sumOf(payments.map((p) => Number(p.amount)))).toBe(invoice.amount)
  expect(invoice.paymentStatus).toBe('Paid')
}

describe('checkout', () => {
  it('shows the balance after the deposit and takes it in cash: a Service line, the deposit taken off, one Cash payment', async () => {
    const id = await bookedWithDeposit()
    // Checkout follows check-in: a checked-in visit can no longer be moved or cancelled, but is paid for.
    await t.db.updateTable('appointments').set({ checked_in: true }).where('id', '=', id).execute()
    const before = (await desk('GET', `/api/admin/appointments/${id}/checkout`)).json() as Checkout
    expect(before).toMatchObject({ price: 180, paid: 36, balance: 144, refundableDeposit: 36 })
    expect(before.payments.map((p) => [p.type, p.amount, p.status])).toEqual([['Online', 36, 'paid']])

    const short = await desk('POST', `/api/admin/appointments/${id}/checkout`, { payments: [{ method: 'cash', amount: 100 }] })
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe('The payments add up to £100.00: £44.00 short of the balance of £144.00.')
    const over = await desk('POST', `/api/admin/appointments/${id}/checkout`, { payments: [{ method: 'cash', amount: 100 }, { method: 'terminal', amount: 50 }] })
    expect(over.statusCode).toBe(400)
    expect(over.json().message).toBe('The payments add up to £150.00: £6.00 more than the balance of £144.00.')
    // Neither refusal wrote a payment.
    expect(((await desk('GET', `/api/admin/appointments/${id}/checkout`)).json() as Checkout).balance).toBe(144)

    const paid = await desk('POST', `/api/admin/appointments/${id}/checkout`, { payments: [{ method: 'cash', amount: 144 }] })
    expect(paid.statusCode, paid.body).toBe(200)
    const after = paid.json() as Checkout
    expect(after).toMatchObject({ price: 180, paid: 180, balance: 0 })
    expect(after.invoice!.description).toBe('Invoice for Booking')
    expect(after.invoice!.items.map((i) => [i.type, i.finalPrice])).toEqual([['Service', 180], ['Account', -36]])
    expect(after.invoice!.items[0]).toMatchObject({ name: 'Anti-wrinkle injections: 1 area', taxValue: 30, referenceId: id })
    expect(after.invoice!.amount).toBe(144)
    expect(after.payments.map((p) => [p.type, p.amount])).toEqual([['Online', 36], ['Cash', 144]])
    await expectInvoiceAddsUp(after)

    const again = await desk('POST', `/api/admin/appointments/${id}/checkout`, { payments: [{ method: 'cash', amount: 1 }] })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('Nothing is due on this appointment.')
  })

  it('takes the balance from the stored card through the processor, and from the terminal', async () => {
    const id = await bookedWithDeposit()
    const card = await desk('POST', `/api/admin/appointments/${id}/checkout`, { payments: [{ method: 'card', amount: 100 }, { method: 'terminal', amount: 44 }] })
    expect(card.statusCode, card.body).toBe(200)
    const after = card.json() as Checkout
    expect(after.balance).toBe(0)
    const cardPayment = after.payments.find((p) => p.type === 'Card')!
    expect(cardPayment.amount).toBe(100)
    expect(after.payments.find((p) => p.type === 'Card Terminal')?.amount).toBe(44)
    const atProcessor = await t.db.selectFrom('sandbox_payments').select(['status', 'amount']).where('transaction_id', '=', cardPayment.transactionId!).executeTakeFirstOrThrow()
    expect(atProcessor.status).toBe('captured')
    expect(Number(atProcessor.amount)).toBe(100)
    await expectInvoiceAddsUp(after)
  })

  it('takes a gift voucher code (its balance goes down, then it is used) and refuses one without enough left', async () => {
    const code = `GV-${newId().slice(0, 8).toUpperCase()}`
    await t.db.insertInto('commerce_gift_vouchers').values({ id: newId(), tenant_id: 'demo', code, amount: 100, balance: 100, buyer_customer_id: DEMO.customerDemo, for_self: true, receiver_name: null, receiver_email: null, message: null, invoice_id: null, invoice_item_id: null, status: 'Available', expires_at: new Date(Date.now() + 86_400_000 * 300), created_at: new Date() }).execute()
    const id = await bookedWithDeposit()
    const tooMuch = await desk('POST', `/api/admin/appointments/${id}/checkout`, { payments: [{ method: 'voucher', amount: 144, voucherCode: code }] })
    expect(tooMuch.statusCode).toBe(409)
    expect(tooMuch.json().message).toBe('This gift voucher has only £100.00 left.')
    const unknown = await desk('POST', `/api/admin/appointments/${id}/checkout`, { payments: [{ method: 'voucher', amount: 144, voucherCode: 'NOPE' }] })
    expect(unknown.statusCode).toBe(400)
    const paid = await desk('POST', `/api/admin/appointments/${id}/checkout`, { payments: [{ method: 'voucher', amount: 100, voucherCode: code.toLowerCase() }, { method: 'cash', amount: 44 }] })
    expect(paid.statusCode, paid.body).toBe(200)
    const after = paid.json() as Checkout
    expect(after.payments.find((p) => p.type === 'Giftvoucher')).toMatchObject({ amount: 100, voucherCode: code })
    const voucher = await t.db.selectFrom('commerce_gift_vouchers').select(['balance', 'status']).where('code', '=', code).executeTakeFirstOrThrow()
    expect([Number(voucher.balance), voucher.status]).toEqual([0, 'Used'])
    await expectInvoiceAddsUp(after)
  })

  it('refunds a card deposit through the processor and tells the customer; the balance grows by it', async () => {
    const id = await bookedWithDeposit()
    // An integrator listens to refunds: the desk's refund is one too.
    const hook = await desk('POST', '/api/admin/webhooks', { url: 'http://localhost:9/refunds', events: ['payment.refunded'] })
    expect(hook.statusCode, hook.body).toBe(201)
    const refunded = await desk('POST', `/api/admin/appointments/${id}/refund-deposit`)
    expect(refunded.statusCode, refunded.body).toBe(200)
    const after = refunded.json() as Checkout
    expect(after).toMatchObject({ price: 180, paid: 0, balance: 180, refundableDeposit: 0 })
    expect(after.payments.map((p) => [p.type, p.status])).toEqual([['Online', 'refunded']])
    const atProcessor = await t.db.selectFrom('sandbox_payments').select('status').where('transaction_id', '=', after.payments[0]!.transactionId!).executeTakeFirstOrThrow()
    expect(atProcessor.status).toBe('refunded')
    const mail = await t.db.selectFrom('outbox').select(['subject', 'text']).where('subject', '=', 'Your deposit has been refunded').execute()
    expect(mail.some((m) => m.text.includes('£36.00'))).toBe(true)
    const events = await t.db.selectFrom('outbox').select('text').where('channel', '=', 'webhook').where('subject', '=', 'payment.refunded').execute()
    expect(events.map((e) => JSON.parse(e.text).data.payment)).toEqual([
      expect.objectContaining({ transactionId: after.payments[0]!.transactionId, customerId: DEMO.customerDemo, amount: 36, currency: 'GBP', appointmentIds: [id] }),
    ])
    const again = await desk('POST', `/api/admin/appointments/${id}/refund-deposit`)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('There is no paid deposit to refund on this appointment.')
  })

  it('offers no deposit refund once checked out, and refuses one: the checkout took the deposit off the bill', async () => {
    const id = await bookedWithDeposit()
    await t.db.updateTable('appointments').set({ checked_in: true }).where('id', '=', id).execute()
    const paid = await desk('POST', `/api/admin/appointments/${id}/checkout`, { payments: [{ method: 'cash', amount: 144 }] })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json()).toMatchObject({ paid: 180, balance: 0, refundableDeposit: 0 })
    const refused = await desk('POST', `/api/admin/appointments/${id}/refund-deposit`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(CHECKOUT_MESSAGES.checkedOut)
    const after = (await desk('GET', `/api/admin/appointments/${id}/checkout`)).json() as Checkout
    expect(after.payments.map((p) => [p.type, p.status])).toEqual([['Online', 'paid'], ['Cash', 'paid']])
  })

  it("the day's bookings show what was paid in all and how: the deposit, then the deposit and the checkout's cash", async () => {
    const id = await bookedWithDeposit()
    const row = await t.db.selectFrom('appointments').select('starts_at').where('id', '=', id).executeTakeFirstOrThrow()
    const date = formatInTimeZone(row.starts_at, 'Europe/London', 'yyyy-MM-dd')
    const listed = async () => ((await desk('GET', `/api/admin/bookings?date=${date}`)).json() as { id: string; depositPaid: number; paid: unknown }[]).find((b) => b.id === id)
    expect(await listed()).toMatchObject({ depositPaid: 36, paid: [{ type: 'Online', amount: 36 }] })
    await t.db.updateTable('appointments').set({ checked_in: true }).where('id', '=', id).execute()
    expect((await desk('POST', `/api/admin/appointments/${id}/checkout`, { payments: [{ method: 'cash', amount: 144 }] })).statusCode).toBe(200)
    expect((await listed())?.paid).toEqual([{ type: 'Online', amount: 36 }, { type: 'Cash', amount: 144 }])
  })

  it("the day's and the week's bookings say what is still due, the checkout's balance: a deposit's rest, nothing once paid in full online or checked out", async () => {
    const withDeposit = await bookedWithDeposit()
    const inFull = await bookedWithDeposit({ inFull: true })
    const dateOf = async (id: string) => formatInTimeZone((await t.db.selectFrom('appointments').select('starts_at').where('id', '=', id).executeTakeFirstOrThrow()).starts_at, 'Europe/London', 'yyyy-MM-dd')
    type Listed = { id: string; due: number; paid: unknown }
    const onDay = async (id: string) => ((await desk('GET', `/api/admin/bookings?date=${await dateOf(id)}`)).json() as Listed[]).find((b) => b.id === id)
    const onWeek = async (id: string) => ((await desk('GET', `/api/admin/week?practitioner=${DEMO.pSarah}&date=${await dateOf(id)}`)).json() as { bookings: Listed[] }).bookings.find((b) => b.id === id)
    const balance = async (id: string) => ((await desk('GET', `/api/admin/appointments/${id}/checkout`)).json() as Checkout).balance

    expect(await balance(withDeposit)).toBe(144)
    expect(await onDay(withDeposit)).toMatchObject({ due: 144, paid: [{ type: 'Online', amount: 36 }] })
    expect((await onWeek(withDeposit))?.due).toBe(144)

    // Paid in full online: nothing is due, and the checkout would take nothing.
    expect(await balance(inFull)).toBe(0)
    expect(await onDay(inFull)).toMatchObject({ due: 0, paid: [{ type: 'Online', amount: 180 }] })
    expect((await onWeek(inFull))?.due).toBe(0)
    const nothing = await desk('POST', `/api/admin/appointments/${inFull}/checkout`, { payments: [{ method: 'cash', amount: 10 }] })
    expect([nothing.statusCode, nothing.json().message]).toEqual([409, CHECKOUT_MESSAGES.nothingDue])

    expect((await desk('POST', `/api/admin/appointments/${withDeposit}/checkout`, { payments: [{ method: 'cash', amount: 144 }] })).statusCode).toBe(200)
    expect((await onDay(withDeposit))?.due).toBe(0)
    expect((await onWeek(withDeposit))?.due).toBe(0)
  })

  it('says why a pending or cancelled booking has nothing to check out, rather than showing it at a price of 0', async () => {
    const { day, time } = slots[slot++]!
    const held = await customer('POST', '/api/appointments/public', {
      appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
    })
    expect(held.statusCode, held.body).toBe(200)
    const pending = (await desk('GET', `/api/admin/appointments/${held.json().appointment.id as string}/checkout`)).json()
    expect(pending).toMatchObject({ price: 0, balance: 0, notChargeable: CHECKOUT_MESSAGES.wrongStatus('Pending') })
    const cancelled = (await desk('GET', `/api/admin/appointments/${DEMO.apptPastCancelled}/checkout`)).json()
    expect(cancelled.notChargeable).toBe(CHECKOUT_MESSAGES.wrongStatus('Cancelled'))
    const scheduled = (await desk('GET', `/api/admin/appointments/${await bookedWithDeposit()}/checkout`)).json()
    expect(scheduled).toMatchObject({ price: 180, balance: 144 })
    expect(scheduled).not.toHaveProperty('notChargeable')
  })

  it('is for admins: a practitioner or a customer is refused; an unknown appointment is 404', async () => {
    expect((await desk('GET', `/api/admin/appointments/${DEMO.apptFuture}/checkout`, undefined, sarah)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/appointments/${DEMO.apptFuture}/checkout`, headers: t.auth(demo) })).statusCode).toBe(401)
    expect((await desk('GET', '/api/admin/appointments/ffffffffffffffffffffffff/checkout')).statusCode).toBe(404)
    expect((await desk('POST', `/api/admin/appointments/${DEMO.apptPastCancelled}/checkout`, { payments: [{ method: 'cash', amount: 10 }] })).statusCode).toBe(409)
  })
})
