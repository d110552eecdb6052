import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocketServer } from 'ws'
import type { AddressInfo } from 'node:net'
import { parseLiveEvent, ReconnectingLiveEvents, socketUrl, type SocketLike } from './reconnecting-live-events'
import { WsLiveEvents } from './ws-live-events.adapter'
import type { LiveEvent } from '../../application/ports/live-events.port'

class FakeSocket implements SocketLike {
  onopen: ((ev: unknown) => void) | null = null
  onmessage: ((ev: { data: unknown }) => void) | null = null
  onerror: ((ev: unknown) => void) | null = null
  onclose: ((ev: unknown) => void) | null = null
  closed = false
  constructor(readonly url: string) {}
  close() {
    this.closed = true
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('live events', () => {
  it('adds the token as a query parameter', () => {
    expect(socketUrl('wss://x/socket', 'a b')).toBe('wss://x/socket?token=a%20b')
    expect(socketUrl('wss://x/socket?v=1', 't')).toBe('wss://x/socket?v=1&token=t')
  })

  it('parses {from, customerId} and ignores anything else', () => {
    expect(parseLiveEvent('{"from":"logout-customer","customerId":"c1"}')).toEqual({ from: 'logout-customer', customerId: 'c1' })
    expect(parseLiveEvent('{"from":"x"}')).toEqual({ from: 'x' })
    expect(parseLiveEvent('nope')).toBeUndefined()
    expect(parseLiveEvent('{"customerId":"c1"}')).toBeUndefined()
    expect(parseLiveEvent(42)).toBeUndefined()
  })

  it('delivers events, logs errors and reconnects quietly until closed', () => {
    vi.useFakeTimers()
    const sockets: FakeSocket[] = []
    const log = vi.fn()
    const live = new ReconnectingLiveEvents((url) => {
      const s = new FakeSocket(url)
      sockets.push(s)
      return s
    }, { initialDelayMs: 100, log })
    const events: LiveEvent[] = []
    const connection = live.connect('ws://host/live', 'tok', (e) => events.push(e))
    expect(sockets[0].url).toBe('ws://host/live?token=tok')
    sockets[0].onmessage?.({ data: '{"from":"logout-customer","customerId":"c9"}' })
    expect(events).toEqual([{ from: 'logout-customer', customerId: 'c9' }])
    sockets[0].onerror?.(new Error('boom'))
    expect(log).toHaveBeenCalledWith('Live socket error', expect.anything())
    sockets[0].onclose?.({})
    vi.advanceTimersByTime(100)
    expect(sockets).toHaveLength(2)
    connection.close()
    expect(sockets[1].closed).toBe(true)
    vi.advanceTimersByTime(10_000)
    expect(sockets).toHaveLength(2)
  })

  it('talks to a real ws server', async () => {
    const server = new WebSocketServer({ port: 0 })
    const port = (server.address() as AddressInfo).port
    const seenUrl = new Promise<string>((resolve) =>
      server.on('connection', (socket, req) => {
        resolve(req.url ?? '')
        socket.send(JSON.stringify({ from: 'logout-customer', customerId: 'c1' }))
      }),
    )
    const received = new Promise<LiveEvent>((resolve) => {
      const connection = new WsLiveEvents({ log: () => {} }).connect(`ws://127.0.0.1:${port}/ws`, 'tok', (e) => {
        connection.close()
        resolve(e)
      })
    })
    expect(await seenUrl).toBe('/ws?token=tok')
    expect(await received).toEqual({ from: 'logout-customer', customerId: 'c1' })
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
})
