import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { buildTestServer, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { MAX_SOCKETS_PER_CUSTOMER, TOO_MANY_SOCKETS } from './live-events.hub'

let t: TestServer
let url: string
beforeAll(async () => {
  t = await buildTestServer()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  url = `ws://127.0.0.1:${address.port}/api/ws`
})
afterAll(() => t.close())

interface Opened {
  socket: WebSocket
  /** 'connected' when the server registered the socket, else the close code and reason */
  outcome: Promise<{ connected: true } | { connected: false; code: number; reason: string }>
}

function open(token: string): Opened {
  const socket = new WebSocket(`${url}?token=${encodeURIComponent(token)}`)
  const outcome = new Promise<{ connected: true } | { connected: false; code: number; reason: string }>((resolve, reject) => {
    socket.on('message', (data) => {
      if (JSON.parse(String(data)).from === 'connected') resolve({ connected: true })
    })
    socket.on('close', (code, reason) => resolve({ connected: false, code, reason: String(reason) }))
    socket.on('error', reject)
  })
  return { socket, outcome }
}

describe('open sockets per customer', () => {
  it(`keeps at most ${MAX_SOCKETS_PER_CUSTOMER} per customer; the next closes with ${TOO_MANY_SOCKETS.code} and a reason`, async () => {
    const token = await t.login(DEMO_CUSTOMER)
    const sockets: WebSocket[] = []
    for (let i = 0; i < MAX_SOCKETS_PER_CUSTOMER; i++) {
      const opened = open(token)
      expect(await opened.outcome).toEqual({ connected: true })
      sockets.push(opened.socket)
    }
    const extra = open(token)
    expect(await extra.outcome).toEqual({ connected: false, code: TOO_MANY_SOCKETS.code, reason: TOO_MANY_SOCKETS.reason })

    // Another customer is not affected.
    const other = open(await t.login(OTHER_CUSTOMER))
    expect(await other.outcome).toEqual({ connected: true })
    other.socket.close()

    // A closed socket frees its place.
    sockets.pop()!.close()
    // (the server unregisters it when its close completes: retry until then)
    const again = await vi.waitFor(
      async () => {
        const attempt = open(token)
        expect(await attempt.outcome).toEqual({ connected: true })
        return attempt.socket
      },
      { timeout: 10_000, interval: 50 },
    )
    sockets.push(again)
    for (const socket of sockets) socket.close()
  })
})
