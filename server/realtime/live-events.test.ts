import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildServer } from '../app'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { publishLogout } from './live-events.hub'
import { logoutCustomerEverywhere } from './logout-customer'

let t: TestServer
let second: FastifyInstance
const urls: string[] = []
beforeAll(async () => {
  t = await buildTestServer()
  // A second server instance on the same database (the scale-out picture).
  second = await buildServer(t.config, { database: t.database })
  for (const app of [t.app, second]) {
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    urls.push(`ws://127.0.0.1:${address.port}/api/ws`)
  }
})
afterAll(async () => {
  await second.close()
  await t.close()
})

interface Client {
  socket: WebSocket
  messages: { from: string; customerId?: string }[]
  closed: Promise<number>
  next(from: string): Promise<{ from: string; customerId?: string }>
}

function connect(url: string, token: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url}?token=${encodeURIComponent(token)}`)
    const messages: Client['messages'] = []
    const waiters: { from: string; resolve: (m: Client['messages'][number]) => void }[] = []
    const closed = new Promise<number>((r) => socket.on('close', (code) => r(code)))
    const client: Client = {
      socket,
      messages,
      closed,
      next: (from) =>
        new Promise((r, j) => {
          const found = messages.find((m) => m.from === from)
          if (found) return r(found)
          waiters.push({ from, resolve: r })
          setTimeout(() => j(new Error(`no '${from}' message`)), 5000)
        }),
    }
    socket.on('message', (data) => {
      const message = JSON.parse(String(data))
      messages.push(message)
      for (const w of waiters.filter((w) => w.from === message.from)) w.resolve(message)
    })
    socket.on('error', reject)
    socket.on('open', () => resolve(client))
  })
}

describe('live events websocket', () => {
  it('refuses a missing or bad token', async () => {
    const none = await connect(urls[0], '')
    expect(await none.closed).toBe(4401)
    const bad = await connect(urls[0], 'not-a-jwt')
    expect(await bad.closed).toBe(4401)
  })

  it("delivers 'logout-customer' to the customer's sockets only, from publishLogout", async () => {
    const demo = await connect(urls[0], await t.login(DEMO_CUSTOMER))
    const other = await connect(urls[0], await t.login(OTHER_CUSTOMER))
    await demo.next('connected')
    await other.next('connected')
    await publishLogout('demo', DEMO.customerDemo)
    expect(await demo.next('logout-customer')).toEqual({ from: 'logout-customer', customerId: DEMO.customerDemo })
    await new Promise((r) => setTimeout(r, 200))
    expect(other.messages.map((m) => m.from)).toEqual(['connected'])
    demo.socket.close()
    other.socket.close()
  })

  it('a password change on one instance logs the customer out on the other', async () => {
    const token = await t.login(OTHER_CUSTOMER)
    const onSecond = await connect(urls[1], token)
    await onSecond.next('connected')
    // Tokens carry whole seconds: change the password in a later second than the login.
    await new Promise((r) => setTimeout(r, 1100))
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/change-password',
      headers: t.auth(token),
      payload: { userId: DEMO.customerOther, currentPassword: OTHER_CUSTOMER.password, newPassword: 'Changed1234' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(await onSecond.next('logout-customer')).toEqual({ from: 'logout-customer', customerId: DEMO.customerOther })
    onSecond.socket.close()
    // The old token no longer opens a socket.
    const stale = await connect(urls[1], token)
    expect(await stale.closed).toBe(4401)
  })

  it('support can log a customer out everywhere', async () => {
    const demo = await connect(urls[1], await t.login(DEMO_CUSTOMER))
    await demo.next('connected')
    await logoutCustomerEverywhere('demo', DEMO.customerDemo, t.database.pool ? { pool: t.database.pool } : {})
    expect(await demo.next('logout-customer')).toEqual({ from: 'logout-customer', customerId: DEMO.customerDemo })
    demo.socket.close()
  })
})
