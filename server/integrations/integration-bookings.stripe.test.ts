/**
 * POST /integrations/bookings with a deposit through the Stripe adapter (CARD_PROCESSOR=stripe)
 * against a local Stripe API (StripeMock), where Stripe's timing and outages can be played:
 * - a replay (same coherentTransactionId) while the first request is still starting the payment is
 *   told 409 'in progress' (Stripe's idempotency_key_in_use), never the booking without its payUrl;
 *   once the first has answered, a replay answers exactly that;
 * - a payment that cannot be started (Stripe down) refuses the booking and leaves nothing behind:
 *   no booking rows, no deposit invoice, no booking.created still to deliver, and no customer made
 *   for it (an existing customer is kept, without the booking).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { NOT_CONNECTED_MESSAGE } from '../commerce/card-processor.port'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { StripeMock } from '../stripe-processor/testing/stripe-mock'
import { clearDays, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { INTEGRATION_MESSAGES } from './integration-bookings.service'

let t: TestServer
let mock: StripeMock
let apiKey: string
let admin: Record<string, string>

beforeAll(async () => {
  mock = await new StripeMock().start()
  for (const [name, value] of Object.entries(mock.processorEnv())) vi.stubEnv(name, value)
  t = await buildTestServer()
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  admin = { authorization: `Bearer ${login.json().token as string}` }
  const key = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name: 'CRM', scopes: ['bookings:write'] } })
  apiKey = key.json().key
  // An integrator listening to bookings and customers: what it would be told is in the outbox.
  const hook = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin, payload: { url: 'http://localhost:9/hooks', events: ['booking.created', 'customer.created'] } })
  expect(hook.statusCode, hook.body).toBe(201)
})
afterAll(async () => {
  await t.close()
  await mock.stop()
  vi.unstubAllEnvs()
})

const [raceDay, downDay] = clearDays(6, 2)
const appointment = (day: string, time: string) => ({
  event: { start: londonInstant(day, time), end: londonInstant(day, time) },
  practitioner: DEMO.pSarah,
  clinic: DEMO.clinicLondon,
  service: DEMO.sAntiWrinkle1,
})
const book = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/integrations/bookings', headers: { 'x-api-key': apiKey }, payload })
const customerIds = (email: string) => t.db.selectFrom('customers').select('id').where('tenant_id', '=', 'demo').where('email', '=', email).execute()
const pendingDeliveries = (type: string) => t.db.selectFrom('outbox').select('text').where('channel', '=', 'webhook').where('subject', '=', type).where('sent_at', 'is', null).execute()

describe('a key booking replayed while the first request is still answering', () => {
  it("is told 409 'in progress', then answers exactly what the first answered", async () => {
    const payload = { customer: { email: 'race.new@example.com', firstName: 'Ray', surname: 'Ce' }, appointment: appointment(raceDay, '10:00'), coherentTransactionId: 'crm-race-1' }
    // The first request's booking is written; Stripe has not yet answered its payment.
    const stripe = mock.holdCalls('/v1/payment_intents')
    const first = book(payload)
    await stripe.reached

    const racing = await book(payload)
    expect(racing.statusCode, racing.body).toBe(409)
    expect(racing.json().message).toBe(INTEGRATION_MESSAGES.inProgress)

    stripe.release()
    const answered = await first
    expect(answered.statusCode, answered.body).toBe(201)
    expect(answered.json()).toMatchObject({ customerCreated: true, payUrl: expect.stringMatching(/\/pay\/stripe\/pi_/) })
    const again = await book(payload)
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json()).toEqual(answered.json())
    // One booking, one payment started at Stripe.
    expect(mock.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')).toHaveLength(1)
  })
})

describe('a key booking whose payment cannot be started (Stripe down)', () => {
  it('is refused with the reason and leaves no booking, invoice, booking.created or customer made for it', async () => {
    const email = 'down.new@example.com'
    const before = await pendingDeliveries('booking.created')
    mock.failing = true
    try {
      const res = await book({ customer: { email, firstName: 'Dow', surname: 'N' }, appointment: appointment(downDay, '10:00'), coherentTransactionId: 'crm-down-1' })
      expect(res.statusCode, res.body).toBe(409)
      expect(res.json().message).toBe(NOT_CONNECTED_MESSAGE)
    } finally {
      mock.failing = false
    }
    expect(await customerIds(email)).toEqual([])
    const start = new Date(londonInstant(downDay, '10:00'))
    expect(await t.db.selectFrom('appointments').select('id').where('practitioner_id', '=', DEMO.pSarah).where('starts_at', '=', start).execute()).toEqual([])
    expect((await pendingDeliveries('customer.created')).filter((d) => d.text.includes(email))).toEqual([])
    expect(await pendingDeliveries('booking.created')).toEqual(before)

    // Stripe back: the same request books anew, as if the first had never been.
    const retried = await book({ customer: { email, firstName: 'Dow', surname: 'N' }, appointment: appointment(downDay, '10:00'), coherentTransactionId: 'crm-down-1' })
    expect(retried.statusCode, retried.body).toBe(201)
    expect(retried.json()).toMatchObject({ customerCreated: true, payUrl: expect.any(String) })
  })

  it("keeps an existing customer, without the refused booking or its invoice", async () => {
    const [customer] = await customerIds(OTHER_CUSTOMER.email)
    const invoicesBefore = await t.db.selectFrom('commerce_invoices').select('id').where('customer_id', '=', customer.id).execute()
    mock.failing = true
    try {
      const res = await book({ customer: { email: OTHER_CUSTOMER.email, firstName: 'John', surname: 'Smith' }, appointment: appointment(downDay, '14:00') })
      expect(res.statusCode, res.body).toBe(409)
    } finally {
      mock.failing = false
    }
    expect(await customerIds(OTHER_CUSTOMER.email)).toEqual([customer])
    const start = new Date(londonInstant(downDay, '14:00'))
    expect(await t.db.selectFrom('appointments').select('id').where('customer_id', '=', customer.id).where('starts_at', '=', start).execute()).toEqual([])
    expect(await t.db.selectFrom('commerce_invoices').select('id').where('customer_id', '=', customer.id).execute()).toEqual(invoicesBefore)
  })
})
