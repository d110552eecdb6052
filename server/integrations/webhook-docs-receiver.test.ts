/**
 * An integrator's receiver written from docs/integrations.md alone: it checks each delivery with the
 * docs' own `verifyClinicSignature` (the code block under 'Verifying a signature', run as written) on
 * the raw body, and reads the headers the docs name. A receiver that does not answer does not hold
 * up the booking that made its event: the booking answers while the delivery is still waiting.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { clearDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'

type Verify = (secret: string, header: string | undefined, rawBody: string, toleranceSeconds?: number) => boolean

interface Delivery {
  headers: IncomingMessage['headers']
  rawBody: string
  respond: (status: number) => void
  /** The sender still waits for the answer (its request neither answered nor given up). */
  waiting: () => boolean
}

let t: TestServer
let admin: Record<string, string>
let apiKey: string
let verifyClinicSignature: Verify
let dir: string
let receiver: Server
let receiverUrl: string
const arrived: Delivery[] = []
const waiters: (() => void)[] = []
/** While true, the receiver keeps each request open until the test answers it. */
let hold = false

/** The docs' `js` block under '### Verifying a signature', written to a module and imported as it is. */
async function docsVerifier(): Promise<Verify> {
  const docs = await readFile(resolve(import.meta.dirname, '../../docs/integrations.md'), 'utf8')
  const section = docs.slice(docs.indexOf('### Verifying a signature'))
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1]
  expect(code, 'the docs show the verifier').toBeDefined()
  dir = await mkdtemp(join(tmpdir(), 'clinic-docs-receiver-'))
  const file = join(dir, 'verify.mjs')
  await writeFile(file, code!)
  return ((await import(pathToFileURL(file).href)) as { verifyClinicSignature: Verify }).verifyClinicSignature
}

beforeAll(async () => {
  verifyClinicSignature = await docsVerifier()
  t = await buildTestServer()
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })
  admin = { authorization: `Bearer ${login.json().token as string}` }
  apiKey = (await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name: 'CRM', scopes: ['bookings:write'] } })).json().key
  receiver = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const respond = (status: number) => void response.writeHead(status).end()
      let closed = false
      response.on('close', () => (closed = true))
      arrived.push({ headers: request.headers, rawBody: Buffer.concat(chunks).toString('utf8'), respond, waiting: () => !closed })
      if (!hold) respond(200)
      waiters.splice(0).forEach((wake) => wake())
    })
  })
  await new Promise<void>((done) => receiver.listen(0, 'localhost', done))
  // As the docs allow outside production: http on localhost.
  receiverUrl = `http://localhost:${(receiver.address() as AddressInfo).port}/hooks/clinic`
})
afterAll(async () => {
  receiver.closeAllConnections()
  await new Promise((done) => receiver.close(done))
  await t.close()
  await rm(dir, { recursive: true, force: true })
})

const nextArrival = (count: number) => new Promise<void>((wake) => (arrived.length >= count ? wake() : waiters.push(() => void (arrived.length >= count && wake()))))
const flush = () => t.app.deps.mail.flush()
const day = clearDate(6, [2, 3, 4, 5])
const book = (email: string, time: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/integrations/bookings',
    headers: { 'x-api-key': apiKey },
    payload: {
      customer: { email, firstName: 'Rae', surname: 'Ceiver' },
      appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation },
    },
  })

describe('a receiver written from the docs', () => {
  it("verifies each delivery with the docs' code on the raw body and finds the documented headers and envelope", async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin, payload: { url: receiverUrl, events: ['booking.created'] } })
    expect(created.statusCode, created.body).toBe(201)
    const { id: endpointId, secret } = created.json() as { id: string; secret: string }
    expect(secret).toMatch(/^whsec_/)
    const made = await book('docs.receiver@example.com', '10:00')
    expect(made.statusCode, made.body).toBe(201)
    await flush()
    const delivery = arrived.find((d) => d.headers['clinic-event'] === 'booking.created')
    expect(delivery).toBeDefined()
    const { headers, rawBody } = delivery!
    expect(headers['content-type']).toMatch(/^application\/json/)
    expect(headers['clinic-delivery']).toMatch(/^[0-9a-f]{24}$/)
    expect(verifyClinicSignature(secret, headers['clinic-signature'] as string, rawBody)).toBe(true)
    // What the docs tell a receiver to refuse: another secret, a changed body, an old signature.
    expect(verifyClinicSignature(`${secret}x`, headers['clinic-signature'] as string, rawBody)).toBe(false)
    expect(verifyClinicSignature(secret, headers['clinic-signature'] as string, rawBody.replace('"Scheduled"', '"Cancelled"'))).toBe(false)
    expect(verifyClinicSignature(secret, headers['clinic-signature'] as string, rawBody, -1)).toBe(false)
    expect(verifyClinicSignature(secret, undefined, rawBody)).toBe(false)

    const event = JSON.parse(rawBody)
    expect(Object.keys(event).sort()).toEqual(['createdAt', 'data', 'id', 'tenant', 'type'])
    expect(event).toMatchObject({ id: expect.stringMatching(/^evt_/), type: 'booking.created', tenant: 'demo' })
    expect(event.data.appointment).toEqual({
      id: made.json().booking.appointment.id,
      status: 'Scheduled',
      start: londonInstant(day, '10:00'),
      end: expect.any(String),
      clinicId: DEMO.clinicLondon,
      serviceId: DEMO.sConsultation,
      practitionerId: DEMO.pSarah,
      customerId: made.json().customerId,
    })
    expect(event.data.appointments[0]).toEqual(event.data.appointment)
    // The delivery id the header names is the one the admin's log lists.
    const log = (await t.app.inject({ method: 'GET', url: `/api/admin/webhooks/${endpointId}/deliveries`, headers: admin })).json() as { id: string; state: string }[]
    expect(log).toContainEqual(expect.objectContaining({ id: headers['clinic-delivery'], state: 'delivered' }))
    await t.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${endpointId}`, headers: admin })
  })

  it('does not hold up a booking: it is answered while its delivery still waits for the receiver', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin, payload: { url: receiverUrl, events: ['booking.created'] } })
    expect(created.statusCode, created.body).toBe(201)
    hold = true
    const before = arrived.length
    const made = await book('slow.receiver@example.com', '11:00')
    expect(made.statusCode, made.body).toBe(201)
    // The route started the delivery after answering: it reaches the receiver, which has not answered yet.
    await nextArrival(before + 1)
    const waiting = arrived[before]
    expect(JSON.parse(waiting.rawBody).data.appointment.id).toBe(made.json().booking.appointment.id)
    // Another booking is answered meanwhile too, while the first delivery is still unanswered (not given up).
    const other = await book('slow.receiver.2@example.com', '11:30')
    expect(other.statusCode, other.body).toBe(201)
    expect(waiting.waiting()).toBe(true)
    hold = false
    arrived.slice(before).forEach((d) => d.respond(200))
    await flush()
  })
})
