/** A customer's live-events socket (/api/ws) to a server process, for tests that wait for one event. */
import WebSocket from 'ws'
import type { ServerProcess } from './server-process'

export interface LiveSocket {
  /** The first message whose `from` is this, received before or after the call. */
  next(from: string): Promise<unknown>
}

/** Opens the socket with this customer token; resolves once it is open. */
export function liveSocket(s: Pick<ServerProcess, 'port'>, token: string): Promise<LiveSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${s.port}/api/ws?token=${encodeURIComponent(token)}`)
  const messages: { from: string }[] = []
  const waiters: (() => void)[] = []
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)))
    for (const w of waiters.splice(0)) w()
  })
  const next = (from: string) =>
    new Promise<unknown>((resolve) => {
      const look = () => {
        const found = messages.find((m) => m.from === from)
        if (found) resolve(found)
        else waiters.push(look)
      }
      look()
    })
  return new Promise((resolve, reject) => {
    socket.on('error', reject)
    socket.on('open', () => resolve({ next }))
  })
}
