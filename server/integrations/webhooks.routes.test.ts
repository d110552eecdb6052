/**
 * Outbound webhooks (issue 30) against a real HTTP receiver that verifies each signature: a booking
 * made with an API key reaches it as booking.created; a 500 is retried (outbox backoff) until a 200;
 * a delivery is replayed with the same event; an endpoint failing for three days is disabled and the
 * tenant's admins get a mail. The clock is moved, never waited on.
 */
import * as E from 'fp-ts/Either'
import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eraseCustomerRows } from '../privacy/erasure.repository'
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, webhookEventCodec, type WebhookEventType } from '../../src/contract/integrations.routes'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { clearDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver'

let t: TestServer
let admin: Record<string, string>
let apiKey: string
let receiver: WebhookReceiver
let offsetMs = 0
const DAY_MS = 24 * 60 * 60_000

beforeAll(async () => {
  t = await buildTestServer({ clock: () => new Date(Date.now() + offsetMs) })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  admin = { authorization: `Bearer ${login.json().token as string}` }
  const key = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name: 'Website', scopes: ['bookings:write'] } })
  apiKey = key.json().key
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  await receiver.close()
  await t.close()
})
beforeEach(async () => {
  // One endpoint at a time: each test subscribes its own.
  for (const endpoint of (await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: admin })).json() as { id: string }[]) {
    await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${endpoint.id}`, headers: admin })
  }
  receiver.received.length = 0
  receiver.answers.length = 0
})

const subscribe = async (events: string[]) => {
  const created = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin, payload: { url: receiver.url, events } })
  expect(created.statusCode, created.body).toBe(201)
  const endpoint = created.json() as { id: string; secret: string }
  receiver.secret = endpoint.secret
  return endpoint
}
const deliveries = async (endpointId: string) => (await t.app.inject({ method: 'GET', url: `/api/admin/webhooks/${endpointId}/deliveries`, headers: admin })).json()
const flush = () => t.app.deps.mail.flush()

let minute = 0
const book = async (email: string, at?: string) => {
  const day = clearDate(5, [2, 3, 4, 5])
  const time = at ?? `1${Math.floor(minute / 2)}:${minute % 2 ? '30' : '00'}`
  if (!at) minute++
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/integrations/bookings',
    headers: { 'x-api-key': apiKey },
    payload: {
      customer: { email, firstName: 'Ola', surname: 'Nowak' },
      appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
    },
  })
  expect(made.statusCode, made.body).toBe(201)
  return made.json()
}

describe('webhook endpoints', () => {
  it('are an admin\'s: https only (http on localhost outside production), known events only, the secret shown once', async () => {
    const post = (payload: object, headers = admin) => t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers, payload })
    expect((await post({ url: receiver.url, events: ['booking.created'] }, {})).statusCode).toBe(401)
    expect((await post({ url: 'http://example.com/hook', events: ['booking.created'] })).statusCode).toBe(400)
    expect((await post({ url: 'not a url', events: ['booking.created'] })).statusCode).toBe(400)
    expect((await post({ url: receiver.url, events: ['booking.exploded'] })).statusCode).toBe(400)
    expect((await post({ url: receiver.url, events: [] })).statusCode).toBe(400)
    const endpoint = await subscribe(['booking.created'])
    expect(endpoint.secret).toMatch(/^whsec_/)
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: admin })
    expect(list.json()).toEqual([expect.objectContaining({ id: endpoint.id, url: receiver.url, events: ['booking.created'], consecutiveFailures: 0 })])
    expect(list.body).not.toContain(endpoint.secret)
  })

  it('take a URL of at most 2048 characters (as written out: a space counts as %20); a longer one is refused with 400', async () => {
    const post = (url: string) => t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin, payload: { url, events: ['booking.created'] } })
    const padded = (length: number, pad = 'a') => `${receiver.url}?p=${pad.repeat(length - receiver.url.length - 3)}`
    const longest = await post(padded(2048))
    expect(longest.statusCode, longest.body).toBe(201)
    expect(longest.json().url).toHaveLength(2048)
    for (const url of [padded(2049), padded(2047).replace('?p=a', '?p= ')]) {
      const refused = await post(url)
      expect([refused.statusCode, refused.json().message]).toEqual([400, 'The URL must be at most 2048 characters.'])
    }
    // Long and not https (nor http to this machine): the length is said first.
    expect((await post(`http://example.com/${'a'.repeat(2100)}`)).json().message).toBe('The URL must be at most 2048 characters.')
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: admin })
    expect(list.json()).toHaveLength(1)
  })
})

describe('deliveries', () => {
  it('sends booking.created (and customer.created) signed to the receiver; a 500 is tried again until a 200', async () => {
    const endpoint = await subscribe(['booking.created', 'customer.created'])
    receiver.answers.push(500, 500)
    const booked = await book('ola@example.com')
    await flush()
    expect(receiver.received.map((r) => [r.event.type, r.answered, r.verified]).sort()).toEqual([
      ['booking.created', 500, true],
      ['customer.created', 500, true],
    ])
    const created = receiver.received.find((r) => r.event.type === 'booking.created')!.event
    // Each body is what the OpenAPI document's `webhooks` section says it is.
    for (const { event } of receiver.received) {
      expect(WEBHOOK_EVENTS).toContain(event.type)
      expect(E.isRight(webhookEventCodec(event.type as WebhookEventType).decode(event)), JSON.stringify(event)).toBe(true)
    }
    expect(created).toMatchObject({ type: 'booking.created', tenant: 'demo', data: { appointment: { id: booked.booking.appointment.id, status: 'Pending', customerId: booked.customerId } } })
    expect(receiver.received.find((r) => r.event.type === 'customer.created')!.event.data).toMatchObject({ customer: { id: booked.customerId, email: 'ola@example.com' }, source: 'api' })
    let log = await deliveries(endpoint.id)
    expect(log).toHaveLength(2)
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'booking.created', state: 'pending', attempts: 1, lastStatus: 500, lastError: 'HTTP 500', nextAttemptAt: expect.any(String) }),
        expect.objectContaining({ event: 'customer.created', state: 'pending', attempts: 1, lastStatus: 500 }),
      ]),
    )

    // Nothing before the backoff is over; after it, the retries are delivered.
    await flush()
    expect(receiver.received).toHaveLength(2)
    offsetMs += 60_000
    await flush()
    expect(receiver.received.slice(2).map((r) => [r.event.type, r.answered, r.verified]).sort()).toEqual([
      ['booking.created', 200, true],
      ['customer.created', 200, true],
    ])
    // The same event (same id) on each try, freshly signed.
    expect(receiver.received.slice(2).find((r) => r.event.type === 'booking.created')?.event.id).toBe(created.id)
    log = await deliveries(endpoint.id)
    expect(log.map((d: { state: string; attempts: number; lastStatus: number }) => [d.state, d.attempts, d.lastStatus])).toEqual([
      ['delivered', 2, 200],
      ['delivered', 2, 200],
    ])
  })

  it("keeps no copy of an erased customer's email in the delivery log", async () => {
    const endpoint = await subscribe(['customer.created', 'booking.created'])
    const booked = await book('erase.me@example.com')
    await flush()
    expect(receiver.received.map((r) => r.event.type).sort()).toEqual(['booking.created', 'customer.created'])
    const erased = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${booked.customerId}/erase`, headers: admin })
    expect(erased.statusCode, erased.body).toBe(200)
    const rows = await t.db.selectFrom('outbox').select('text').where('webhook_endpoint_id', '=', endpoint.id).execute()
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain('erase.me@example.com')
  })

  it("sends booking.cancelled for the future visits an erasure cancels (ids only), recorded as the customer's cancellation", async () => {
    await subscribe(['booking.cancelled'])
    // a time of its own: the other tests' times follow one another (book)
    const booked = await book('leaving@example.com', '16:00')
    const erased = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${booked.customerId}/erase`, headers: admin })
    expect(erased.statusCode, erased.body).toBe(200)
    expect(erased.json().appointmentsCancelled).toBe(1)
    await flush()
    expect(receiver.received.map((r) => r.event.type)).toEqual(['booking.cancelled'])
    const event = receiver.received[0].event
    expect(event.data).toMatchObject({ appointment: { id: booked.booking.appointment.id, status: 'Cancelled', customerId: booked.customerId }, cancelledBy: 'customer' })
    expect(JSON.stringify(event)).not.toContain('leaving@example.com')
    const row = await t.db.selectFrom('appointments').select(['cancelled_by', 'cancelled_at']).where('id', '=', booked.booking.appointment.id).executeTakeFirstOrThrow()
    expect(row.cancelled_by).toBe('customer')
    expect(row.cancelled_at).not.toBeNull()
  })

  it('an erasure of a customer with several visits sends one booking.cancelled a visit, in as many queries as for one visit', async () => {
    await subscribe(['booking.cancelled'])
    const one = await book('one-visit@example.com', '14:00')
    const three = [await book('three-visits@example.com', '14:30'), await book('three-visits@example.com', '15:00'), await book('three-visits@example.com', '15:30')]
    expect(new Set(three.map((b) => b.customerId)).size).toBe(1)
    const queriesToErase = async (customerId: string) => {
      let queries = 0
      const counter: KyselyPlugin = { transformQuery: (args) => args.node, transformResult: async (args) => (queries++, args.result) }
      const counts = await t.db.transaction().execute((trx) => eraseCustomerRows(trx.withPlugin(counter), 'demo', customerId, new Date(Date.now() + offsetMs)))
      return { queries, cancelled: counts?.appointmentsCancelled }
    }
    const forOne = await queriesToErase(one.customerId)
    const forThree = await queriesToErase(three[0].customerId)
    expect(forOne.cancelled).toBe(1)
    expect(forThree.cancelled).toBe(3)
    expect(forThree.queries).toBe(forOne.queries)
    await flush()
    const events = receiver.received.map((r) => r.event)
    expect(events.map((e) => e.type)).toEqual(['booking.cancelled', 'booking.cancelled', 'booking.cancelled', 'booking.cancelled'])
    const ids = events.map((e) => (e.data as { appointment: { id: string } }).appointment.id).sort()
    expect(ids).toEqual([one, ...three].map((b) => b.booking.appointment.id as string).sort())
    for (const e of events) expect(e.data).toMatchObject({ appointment: { status: 'Cancelled' }, appointments: [{ status: 'Cancelled' }], cancelledBy: 'customer' })
    expect(new Set(events.map((e) => e.id)).size).toBe(4)
  })

  it('replays a delivery: the same event again, as a new delivery', async () => {
    const endpoint = await subscribe(['booking.created'])
    await book('replay@example.com')
    await flush()
    expect(receiver.received).toHaveLength(1)
    const [first] = await deliveries(endpoint.id)
    const replay = await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/deliveries/${first.id}/replay`, headers: admin })
    expect(replay.statusCode, replay.body).toBe(201)
    expect(replay.json()).toMatchObject({ state: 'pending', attempts: 0, endpointId: endpoint.id })
    await flush()
    expect(receiver.received).toHaveLength(2)
    expect(receiver.received[1].verified).toBe(true)
    expect(receiver.received[1].event.id).toBe(receiver.received[0].event.id)
    expect((await deliveries(endpoint.id)).map((d: { state: string }) => d.state)).toEqual(['delivered', 'delivered'])
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/webhooks/deliveries/5e0000000000000000000009/replay', headers: admin })).statusCode).toBe(404)
  })

  it('disables an endpoint that has failed for three days and mails the admins; enabling it starts again', async () => {
    const endpoint = await subscribe(['customer.created'])
    const register = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/customer/register',
        payload: { title: 'Ms', name: 'Ada', surname: 'Lovelace', dob: '1990-05-01T12:00:00.000Z', gender: 'female', email, mobile: '07700 900456', password: 'Secret123' },
      })
    receiver.answers.push(...Array<number>(200).fill(503))
    expect((await register('first-failure@example.com')).statusCode).toBe(200)
    await flush()
    expect(receiver.received.map((r) => r.answered)).toEqual([503])
    offsetMs += 2 * DAY_MS
    expect((await register('second-failure@example.com')).statusCode).toBe(200)
    await flush()
    let listed = (await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: admin })).json()
    expect(listed[0].disabledAt).toBeUndefined()

    offsetMs += DAY_MS + 60_000
    expect((await register('third-failure@example.com')).statusCode).toBe(200)
    await flush()
    listed = (await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: admin })).json()
    expect(listed[0]).toMatchObject({ id: endpoint.id, disabledAt: expect.any(String), disabledReason: expect.stringMatching(/^Every delivery failed since /) })
    const mail = await t.db.selectFrom('outbox').selectAll().where('to_address', '=', DEMO_STAFF_ADMIN.email).where('subject', '=', 'A webhook endpoint was disabled').execute()
    expect(mail).toHaveLength(1)
    expect(mail[0].text).toContain(receiver.url)

    // Disabled: no new deliveries, and a replay is refused until it is enabled again.
    const seen = receiver.received.length
    expect((await register('while-disabled@example.com')).statusCode).toBe(200)
    await flush()
    expect(receiver.received).toHaveLength(seen)
    const [latest] = await deliveries(endpoint.id)
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/deliveries/${latest.id}/replay`, headers: admin })).statusCode).toBe(409)
    const enabled = await t.app.inject({ method: 'PUT', url: `/api/admin/webhooks/${endpoint.id}/enable`, headers: admin })
    expect(enabled.json()).toMatchObject({ consecutiveFailures: 0 })
    expect(enabled.json().disabledAt).toBeUndefined()
    receiver.answers.length = 0
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/deliveries/${latest.id}/replay`, headers: admin })).statusCode).toBe(201)
    await flush()
    expect(receiver.received.at(-1)).toMatchObject({ answered: 200, verified: true })
  })

  it("is disabled by an admin until enabled again: no deliveries meanwhile, the log kept, a second disable changes nothing", async () => {
    const endpoint = await subscribe(['booking.created'])
    const put = (id: string, action: 'disable' | 'enable', headers = admin) => t.app.inject({ method: 'PUT', url: `/api/admin/webhooks/${id}/${action}`, headers })
    await book('before-disable@example.com')
    await flush()
    expect(receiver.received).toHaveLength(1)

    expect((await put(endpoint.id, 'disable', {})).statusCode).toBe(401)
    expect((await put('5e0000000000000000000009', 'disable')).statusCode).toBe(404)
    const disabled = await put(endpoint.id, 'disable')
    expect(disabled.statusCode, disabled.body).toBe(200)
    expect(disabled.json()).toMatchObject({ id: endpoint.id, disabledAt: expect.any(String), disabledReason: 'Disabled by an admin.' })
    offsetMs += 60_000
    const again = await put(endpoint.id, 'disable')
    expect(again.json().disabledAt).toBe(disabled.json().disabledAt)

    await book('while-disabled-by-admin@example.com')
    await flush()
    expect(receiver.received).toHaveLength(1)
    const log = await deliveries(endpoint.id)
    expect(log.map((d: { state: string }) => d.state)).toEqual(['delivered'])
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/deliveries/${log[0].id}/replay`, headers: admin })).statusCode).toBe(409)

    expect((await put(endpoint.id, 'enable')).json().disabledAt).toBeUndefined()
    await book('after-enable@example.com')
    await flush()
    expect(receiver.received.map((r) => [r.verified, r.event.type])).toEqual([[true, 'booking.created'], [true, 'booking.created']])
  })
})

describe('a test event', () => {
  const test = (id: string, headers = admin) => t.app.inject({ method: 'POST', url: `/api/admin/webhooks/${id}/test`, headers })

  it('reaches the endpoint signed, whatever it subscribed to; the answer and the log show the outcome', async () => {
    const endpoint = await subscribe(['form.signed'])
    expect((await test(endpoint.id, {})).statusCode).toBe(401)
    expect((await test('5e0000000000000000000009')).statusCode).toBe(404)
    const sent = await test(endpoint.id)
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json()).toMatchObject({ endpointId: endpoint.id, event: WEBHOOK_TEST_EVENT, state: 'delivered', attempts: 1, lastStatus: 200 })
    expect(receiver.received).toHaveLength(1)
    const [got] = receiver.received
    expect([got.verified, got.headers['clinic-event'], got.headers['clinic-delivery']]).toEqual([true, WEBHOOK_TEST_EVENT, sent.json().id])
    expect(E.isRight(webhookEventCodec(WEBHOOK_TEST_EVENT).decode(got.event)), got.body).toBe(true)
    expect(got.event).toMatchObject({ type: WEBHOOK_TEST_EVENT, tenant: 'demo', data: { endpoint: { id: endpoint.id, url: receiver.url } } })
    expect(await deliveries(endpoint.id)).toEqual([expect.objectContaining({ id: sent.json().id, event: WEBHOOK_TEST_EVENT, state: 'delivered', lastStatus: 200 })])
    // Only the test event: the endpoint's own events are not sent by it.
    await flush()
    expect(receiver.received).toHaveLength(1)
  })

  it('is tried once: a refusal is the answer, not retried later; a disabled endpoint is refused', async () => {
    const endpoint = await subscribe(['booking.created'])
    receiver.answers.push(500)
    const sent = await test(endpoint.id)
    expect(sent.json()).toMatchObject({ event: WEBHOOK_TEST_EVENT, state: 'failed', attempts: 1, lastStatus: 500, lastError: 'HTTP 500' })
    offsetMs += 60 * 60_000
    await flush()
    expect(receiver.received.map((r) => [r.event.type, r.answered])).toEqual([[WEBHOOK_TEST_EVENT, 500]])
    // A receiver that cannot verify the signature (the wrong secret) refuses it: the signature is the endpoint's.
    receiver.secret = 'whsec_wrong'
    expect((await test(endpoint.id)).json()).toMatchObject({ state: 'failed', lastStatus: 400 })
    receiver.secret = endpoint.secret
    expect((await test(endpoint.id)).json()).toMatchObject({ state: 'delivered', lastStatus: 200 })

    await t.app.inject({ method: 'PUT', url: `/api/admin/webhooks/${endpoint.id}/disable`, headers: admin })
    const refused = await test(endpoint.id)
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'This endpoint is disabled: enable it first.'])
  })
})
