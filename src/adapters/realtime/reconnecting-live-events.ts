import type { LiveConnection, LiveEvent, LiveEvents } from '../../application/ports/live-events.port'

/** The part of the WebSocket API both the browser's WebSocket and node's `ws` offer. */
export interface SocketLike {
  onopen: ((ev: unknown) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
  onerror: ((ev: unknown) => void) | null
  onclose: ((ev: unknown) => void) | null
  close(): void
}
export type SocketFactory = (url: string) => SocketLike

export interface LiveEventsOptions {
  /** First reconnect delay; doubles up to maxDelayMs. */
  initialDelayMs?: number
  maxDelayMs?: number
  log?: (message: string, detail?: unknown) => void
}

/** `url` with `token` added as the `token` query parameter. */
export function socketUrl(url: string, token: string): string {
  const separator = url.includes('?') ? '&' : '?'
  return `${url}${separator}token=${encodeURIComponent(token)}`
}

/** Parses a socket message into a LiveEvent; anything else is ignored (undefined). */
export function parseLiveEvent(data: unknown): LiveEvent | undefined {
  let text: string
  if (typeof data === 'string') text = data
  else if (data instanceof ArrayBuffer) text = new TextDecoder().decode(data)
  else if (ArrayBuffer.isView(data)) text = new TextDecoder().decode(data as Uint8Array)
  else return undefined
  try {
    const value: unknown = JSON.parse(text)
    if (!value || typeof value !== 'object') return undefined
    const { from, customerId } = value as Record<string, unknown>
    if (typeof from !== 'string') return undefined
    return customerId === undefined || customerId === null
      ? { from }
      : { from, customerId: String(customerId) }
  } catch {
    return undefined
  }
}

/** LiveEvents over any WebSocket implementation: quiet reconnects with backoff; errors only logged. */
export class ReconnectingLiveEvents implements LiveEvents {
  constructor(
    private readonly createSocket: SocketFactory,
    private readonly options: LiveEventsOptions = {},
  ) {}

  connect(url: string, token: string, onEvent: (event: LiveEvent) => void): LiveConnection {
    const initial = this.options.initialDelayMs ?? 1000
    const max = this.options.maxDelayMs ?? 30_000
    const log = this.options.log ?? ((m: string, d?: unknown) => console.warn(m, d))
    let closed = false
    let delay = initial
    let socket: SocketLike | undefined
    let timer: ReturnType<typeof setTimeout> | undefined

    const open = () => {
      if (closed) return
      try {
        socket = this.createSocket(socketUrl(url, token))
      } catch (e) {
        log('Live socket could not open', e)
        schedule()
        return
      }
      socket.onopen = () => {
        delay = initial
      }
      socket.onmessage = (ev) => {
        const event = parseLiveEvent(ev.data)
        if (event) onEvent(event)
      }
      socket.onerror = (ev) => log('Live socket error', ev)
      socket.onclose = () => {
        socket = undefined
        schedule()
      }
    }
    const schedule = () => {
      if (closed) return
      timer = setTimeout(open, delay)
      delay = Math.min(delay * 2, max)
    }

    open()
    return {
      close: () => {
        closed = true
        if (timer) clearTimeout(timer)
        const s = socket
        socket = undefined
        if (s) {
          s.onclose = null
          s.onerror = null
          s.onmessage = null
          try {
            s.close()
          } catch {
            // already closed
          }
        }
      },
    }
  }
}
