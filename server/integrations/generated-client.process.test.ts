/**
 * Issue 30's "done when": an integrator's client generated from the served OpenAPI document
 * (openapi-typescript types, openapi-fetch calls) books with an API key, and a local receiver gets
 * the booking.created webhook and verifies its signature. The server is a real process
 * (server/main.ts); the client is a script of its own, typechecked against the generated types and
 * run with node, as an integrator's code would be.
 */
// pg-suite: children without the database: the client script talks to the server over HTTP and reads no database.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import openapiTS from 'openapi-typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO, DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { clearDate, londonInstant } from '../test-support/dates'
import { startServer, waitUntil, type ServerProcess } from '../test-support/server-process'
import { serverBundle } from '../test-support/server-bundle'
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver'

const root = resolve(import.meta.dirname, '..', '..')
// Inside the repository, so that the script finds openapi-fetch in node_modules.
const dir = join(root, 'node_modules', '.cache', 'integrations-client', String(process.pid))

/** The integrator's script: typed by the generated `paths`, it books and prints what it got. */
const CLIENT_SCRIPT = `
import createClient from 'openapi-fetch'
import type { paths } from './api'

const [base, apiKey, payload] = process.argv.slice(2)
const client = createClient<paths>({ baseUrl: base, headers: { 'X-Api-Key': apiKey } })
const body: paths['/integrations/bookings']['post']['requestBody']['content']['application/json'] = JSON.parse(payload)
const { data, error, response } = await client.POST('/integrations/bookings', { body })
const booking = data?.booking.appointment
const read = booking ? await client.GET('/integrations/bookings/{id}', { params: { path: { id: booking.id } } }) : undefined
console.log(JSON.stringify({ status: response.status, data, error, read: read?.response.status, readStatus: read?.data?.status }))
`

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => done({ code, output }))
  })
}

let server: ServerProcess
let receiver: WebhookReceiver
beforeAll(async () => {
  mkdirSync(dir, { recursive: true })
  receiver = await startWebhookReceiver()
  server = await startServer({ DATA_DIR: 'memory://' }, await serverBundle())
  await server.running
})
afterAll(async () => {
  await server?.kill()
  await receiver?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a client generated from the OpenAPI document', () => {
  it('books with an API key, and the booking.created webhook reaches a receiver that verifies it', async () => {
    // The admin's side: a key with bookings:write and a webhook endpoint (the secret goes to the receiver).
    const login = await server.request('POST', '/api/staff/login', DEMO_STAFF_ADMIN)
    const admin = { authorization: `Bearer ${(login.body as { token: string }).token}` }
    const key = await server.request('POST', '/api/v1/admin/api-keys', { name: 'Website', scopes: ['bookings:write', 'bookings:read'] }, admin)
    expect(key.status).toBe(201)
    const endpoint = await server.request('POST', '/api/v1/admin/webhooks', { url: receiver.url, events: ['booking.created'] }, admin)
    expect(endpoint.status).toBe(201)
    receiver.secret = (endpoint.body as { secret: string }).secret

    // The integrator's side: types generated from the served document, a script typechecked against them.
    const document = await server.get('/api/openapi.json')
    expect(document.status).toBe(200)
    writeFileSync(join(dir, 'api.d.ts'), await openapiTS(document.body as never))
    writeFileSync(join(dir, 'client.mts'), CLIENT_SCRIPT)
    const typecheck = await run(join(root, 'node_modules', '.bin', 'tsc'), ['--ignoreConfig', '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--types', 'node', '--typeRoots', join(root, 'node_modules', '@types'), '--skipLibCheck', join(dir, 'client.mts')])
    expect(typecheck.output).toBe('')
    expect(typecheck.code).toBe(0)

    const day = clearDate(4, [2, 3, 4, 5])
    const payload = {
      customer: { email: 'integrated@example.com', firstName: 'Ines', surname: 'Costa' },
      appointment: { event: { start: londonInstant(day, '15:00'), end: londonInstant(day, '15:00') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
    }
    const client = await run(process.execPath, ['--import', 'tsx', join(dir, 'client.mts'), `${server.base}/api/v1`, (key.body as { key: string }).key, JSON.stringify(payload)])
    expect(client.code, client.output).toBe(0)
    const result = JSON.parse(client.output.trim().split('\n').pop()!)
    expect(result).toMatchObject({ status: 201, data: { customerCreated: true, booking: { appointment: { status: 'Pending' } } }, read: 200, readStatus: 'Pending' })

    await waitUntil(() => receiver.received.length > 0)
    const [delivery] = receiver.received
    expect(delivery.verified).toBe(true)
    expect(delivery.answered).toBe(200)
    expect(delivery.headers['clinic-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(delivery.event).toMatchObject({
      type: 'booking.created',
      tenant: 'demo',
      data: { appointment: { id: result.data.booking.appointment.id, customerId: result.data.customerId, start: payload.appointment.event.start } },
    })
  })
})
