/**
 * Password changes and sessions: a change ends every token issued before it, at once (even within the
 * same second or millisecond), the new token is valid at once, and the live 'logout-customer' reaches
 * the other sessions' sockets but not the one holding the new token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { decodeJwt } from 'jose'
import { publishLogout } from '../realtime/live-events.hub'
import { tokenIsCurrent } from './jwt.service'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

/** One instant for every request: whole-second (or millisecond) comparisons cannot tell the tokens apart. */
const FROZEN = new Date('2026-11-22T10:00:00.000Z')

let t: TestServer
let wsUrl: string
beforeAll(async () => {
  t = await buildTestServer({ clock: () => new Date(FROZEN) })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  wsUrl = `ws://127.0.0.1:${address.port}/api/ws`
})
afterAll(() => t.close())

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.auth(token) })

async function change(token: string, userId: string, currentPassword: string, newPassword: string): Promise<string> {
  const response = await t.app.inject({ method: 'PUT', url: '/api/user/change-password', headers: t.auth(token), payload: { userId, currentPassword, newPassword } })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().newToken as string
}

describe('a password change and the tokens issued before it', () => {
  it('ends every earlier token at once and the new token works at once, on a frozen clock', async () => {
    const before = await t.login(DEMO_CUSTOMER)
    const elsewhere = await t.login(DEMO_CUSTOMER)
    expect((await me(before)).statusCode).toBe(200)

    const first = await change(before, DEMO.customerDemo, 'Demo1234', 'Newpass123')
    expect((await me(first)).statusCode).toBe(200)
    for (const stale of [before, elsewhere]) {
      const refused = await me(stale)
      expect(refused.statusCode).toBe(401)
      expect(refused.json().message).toBe('Your session has ended, please log in again.')
    }

    // Again within the same millisecond: the generation still moves on.
    const loggedInAfter = await t.login({ email: DEMO_CUSTOMER.email, password: 'Newpass123' })
    const second = await change(first, DEMO.customerDemo, 'Newpass123', 'Demo1234')
    expect((await me(second)).statusCode).toBe(200)
    expect((await me(first)).statusCode).toBe(401)
    expect((await me(loggedInAfter)).statusCode).toBe(401)
    expect(decodeJwt(second).gen).toBeGreaterThan(decodeJwt(first).gen as number)

    // A login after the change is of the new generation.
    const again = await t.login(DEMO_CUSTOMER)
    expect((await me(again)).statusCode).toBe(200)
    expect(decodeJwt(again).gen).toBe(decodeJwt(second).gen)
  })

  it('a reset by emailed link ends the earlier tokens and returns a valid one', async () => {
    const before = await t.login(OTHER_CUSTOMER)
    await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${OTHER_CUSTOMER.email}` })
    await t.app.deps.mail.flush()
    const mails = (await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(OTHER_CUSTOMER.email)}` })).json() as { text: string }[]
    const resetToken = /\/user\/reset-password\/([\w-]+)/.exec(mails.at(-1)!.text)![1]
    const reset = await t.app.inject({ method: 'PUT', url: '/api/user/change-password', payload: { token: resetToken, newPassword: OTHER_CUSTOMER.password } })
    expect(reset.statusCode, reset.body).toBe(200)
    expect((await me(reset.json().newToken)).statusCode).toBe(200)
    expect((await me(before)).statusCode).toBe(401)
  })

  it('tokenIsCurrent: the generation decides; a token without one counts only from the next whole second', () => {
    const changedAt = new Date('2026-11-22T10:00:00.400Z')
    expect(tokenIsCurrent({ iat: 0 }, null)).toBe(true)
    expect(tokenIsCurrent({ iat: 0, gen: changedAt.getTime() }, changedAt)).toBe(true)
    expect(tokenIsCurrent({ iat: 0, gen: changedAt.getTime() - 1 }, changedAt)).toBe(false)
    expect(tokenIsCurrent({ iat: Math.floor(changedAt.getTime() / 1000) }, changedAt)).toBe(false)
    expect(tokenIsCurrent({ iat: Math.floor(changedAt.getTime() / 1000) + 1 }, changedAt)).toBe(true)
  })
})

interface Client {
  messages: { from: string; customerId?: string }[]
  closed: Promise<number>
  next(from: string): Promise<unknown>
  close(): void
}

function connect(token: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${wsUrl}?token=${encodeURIComponent(token)}`)
    const messages: Client['messages'] = []
    const closed = new Promise<number>((r) => socket.on('close', (code) => r(code)))
    socket.on('message', (data) => messages.push(JSON.parse(String(data))))
    socket.on('error', reject)
    socket.on('open', () =>
      resolve({
        messages,
        closed,
        close: () => socket.close(),
        next: async (from) => {
          for (let i = 0; i < 100; i++) {
            const found = messages.find((m) => m.from === from)
            if (found) return found
            await new Promise((r) => setTimeout(r, 50))
          }
          throw new Error(`no '${from}' message`)
        },
      }),
    )
  })
}

const settle = () => new Promise((r) => setTimeout(r, 300))

describe("'logout-customer' after a password change", () => {
  it('reaches the other sessions, not the session that changed the password, even when it arrives late', async () => {
    const mine = await t.login(OTHER_CUSTOMER)
    const other = await t.login(OTHER_CUSTOMER)
    const otherSocket = await connect(other)
    await otherSocket.next('connected')

    const newToken = await change(mine, DEMO.customerOther, OTHER_CUSTOMER.password, 'Changed1234')
    expect(await otherSocket.next('logout-customer')).toEqual({ from: 'logout-customer', customerId: DEMO.customerOther })

    // The changing session reconnects with its new token; the event published again (a late NOTIFY)
    // must not log it out.
    const mySocket = await connect(newToken)
    await mySocket.next('connected')
    await publishLogout('demo', DEMO.customerOther, { before: decodeJwt(newToken).gen as number })
    await settle()
    expect(mySocket.messages.map((m) => m.from)).toEqual(['connected'])
    expect((await me(newToken)).statusCode).toBe(200)

    // Support's logout (no generation) still reaches every socket.
    await publishLogout('demo', DEMO.customerOther)
    expect(await mySocket.next('logout-customer')).toEqual({ from: 'logout-customer', customerId: DEMO.customerOther })

    // The old token no longer opens a socket.
    const stale = await connect(other)
    expect(await stale.closed).toBe(4401)
    otherSocket.close()
    mySocket.close()
    await change(newToken, DEMO.customerOther, 'Changed1234', OTHER_CUSTOMER.password)
  })
})
