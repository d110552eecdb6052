/**
 * POST /logout ends the session on the server: the token answers 401 afterwards, on every instance
 * sharing the database, and opens no live socket; the customer's other sessions go on.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildServer } from '../app'
import { SESSION_ENDED } from '../http/contract-route'
import { buildTestServer, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'

let t: TestServer
let second: FastifyInstance
beforeAll(async () => {
  t = await buildTestServer()
  second = await buildServer(t.config, { database: t.database })
  await second.ready()
})
afterAll(async () => {
  await second.close()
  await t.close()
})

const me = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/user/me', headers: t.auth(token) })
const logout = (token?: string) => t.app.inject({ method: 'POST', url: '/api/logout', headers: token ? t.auth(token) : {} })

describe('POST /logout', () => {
  it('ends the token on the server, on every instance; the other sign-ins stay', async () => {
    const phone = await t.login(DEMO_CUSTOMER)
    const laptop = await t.login(DEMO_CUSTOMER)
    expect(phone).not.toBe(laptop)
    expect((await me(t.app, phone)).statusCode).toBe(200)

    const out = await logout(phone)
    expect(out.statusCode, out.body).toBe(200)
    expect(out.json()).toEqual({ message: 'You have been logged out.' })

    for (const app of [t.app, second]) {
      const refused = await me(app, phone)
      expect(refused.statusCode).toBe(401)
      expect(refused.json()).toEqual({ statusCode: 401, message: SESSION_ENDED })
      expect((await me(app, laptop)).statusCode).toBe(200)
    }
    expect((await logout(phone)).statusCode).toBe(401)
  })

  it('a logged-out token opens no live socket', async () => {
    const token = await t.login(DEMO_CUSTOMER)
    expect((await logout(token)).statusCode).toBe(200)
    await second.listen({ port: 0, host: '127.0.0.1' })
    const address = second.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/ws?token=${encodeURIComponent(token)}`)
    const code = await new Promise<number>((resolve, reject) => {
      socket.on('close', (c) => resolve(c))
      socket.on('error', reject)
    })
    expect(code).toBe(4401)
  })

  it('needs a valid token', async () => {
    expect((await logout()).statusCode).toBe(401)
    expect((await logout('not-a-jwt')).statusCode).toBe(401)
  })

  it('a token issued before a password change stays refused (and a fresh login works)', async () => {
    const old = await t.login(DEMO_CUSTOMER)
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/change-password',
      headers: t.auth(old),
      payload: { userId: (await me(t.app, old)).json().id, currentPassword: DEMO_CUSTOMER.password, newPassword: DEMO_CUSTOMER.password },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await me(t.app, old)).statusCode).toBe(401)
    expect((await me(t.app, changed.json().newToken)).statusCode).toBe(200)
  })
})
