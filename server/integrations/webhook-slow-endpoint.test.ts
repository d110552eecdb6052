/**
 * An endpoint that takes its time (it holds each request open; the sender gives up after 5 s) holds up
 * nobody else: while a delivery to it waits, the next booking's confirmation mail is sent and another
 * endpoint gets its delivery. Nothing waits for the 5 s: each step waits for an event or a condition,
 * and the slow receiver's request is checked to be still open.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { clearDate, londonInstant } from '../test-support/dates'
import { waitUntil } from '../test-support/server-process'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'

interface Arrival {
  event: { type: string; data: { appointment?: { id: string } } }
  respond: (status: number) => void
  /** The sender still waits for the answer (neither answered nor given up). */
  waiting: () => boolean
}
interface Receiver {
  url: string
  arrived: Arrival[]
  /** keep each request open until the test answers it */
  hold: boolean
  close(): Promise<void>
}

async function startReceiver(hold: boolean): Promise<Receiver> {
  const receiver: Receiver = { url: '', arrived: [], hold, close: async () => undefined }
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      let closed = false
      response.on('close', () => (closed = true))
      const respond = (status: number) => void (closed || response.writeHead(status).end())
      receiver.arrived.push({ event: JSON.parse(Buffer.concat(chunks).toString('utf8')), respond, waiting: () => !closed })
      if (!receiver.hold) respond(200)
    })
  })
  await new Promise<void>((done) => server.listen(0, 'localhost', done))
  receiver.url = `http://localhost:${(server.address() as AddressInfo).port}/hooks`
  receiver.close = () => {
    server.closeAllConnections()
    return new Promise<void>((done) => server.close(() => done()))
  }
  return receiver
}

let t: TestServer
let admin: Record<string, string>
let apiKey: string
let slow: Receiver
let quick: Receiver

beforeAll(async () => {
  t = await buildTestServer()
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  admin = { authorization: `Bearer ${login.json().token as string}` }
  apiKey = (await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name: 'CRM', scopes: ['bookings:write'] } })).json().key
  slow = await startReceiver(true)
  quick = await startReceiver(false)
})
afterAll(async () => {
  await slow.close()
  await quick.close()
  await t.close()
})

const subscribe = async (url: string) => {
  const created = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin, payload: { url, events: ['booking.created'] } })
  expect(created.statusCode, created.body).toBe(201)
}
const day = clearDate(7, [2, 3, 4, 5])
const book = async (email: string, time: string) => {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/integrations/bookings',
    headers: { 'x-api-key': apiKey },
    payload: {
      customer: { email, firstName: 'Sam', surname: 'Lowe' },
      appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation },
    },
  })
  expect(made.statusCode, made.body).toBe(201)
  return made.json() as { booking: { appointment: { id: string } } }
}
const mailSent = async (to: string) =>
  (await t.db.selectFrom('outbox').select('sent_at').where('channel', '=', 'email').where('to_address', '=', to).execute()).some((row) => row.sent_at !== null)

describe('an endpoint slow to answer', () => {
  it("holds up neither the next booking's mail nor another endpoint's delivery or test event", async () => {
    await subscribe(slow.url)
    const first = await book('slow.first@example.com', '10:00')
    // The delivery of the first booking reaches the slow receiver, which does not answer.
    await waitUntil(() => slow.arrived.length === 1)
    const stuck = slow.arrived[0]
    expect(stuck.event.data.appointment?.id).toBe(first.booking.appointment.id)

    await subscribe(quick.url)
    const second = await book('slow.second@example.com', '10:30')
    // Meanwhile: the second booking's delivery reaches the other endpoint and its confirmation mail goes.
    await waitUntil(() => quick.arrived.some((a) => a.event.data.appointment?.id === second.booking.appointment.id))
    await waitUntil(() => mailSent('slow.second@example.com'))
    expect(stuck.waiting()).toBe(true)
    // 'Send test event' to the other endpoint answers with its outcome, not after the slow one's deliveries.
    const quickId = ((await t.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: admin })).json() as { id: string; url: string }[]).find((e) => e.url === quick.url)!.id
    const tested = await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/${quickId}/test`, headers: admin })
    expect(tested.statusCode, tested.body).toBe(201)
    expect(tested.json()).toMatchObject({ event: 'webhook.test', state: 'delivered', lastStatus: 200 })
    expect(stuck.waiting()).toBe(true)

    slow.hold = false
    for (const arrival of slow.arrived) arrival.respond(200)
    await t.app.deps.mail.flush()
    expect(slow.arrived.map((a) => a.event.data.appointment?.id)).toEqual(expect.arrayContaining([first.booking.appointment.id, second.booking.appointment.id]))
  })
})
