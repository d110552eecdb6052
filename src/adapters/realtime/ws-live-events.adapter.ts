import WebSocket from 'ws'
import { ReconnectingLiveEvents, type LiveEventsOptions, type SocketLike } from './reconnecting-live-events'

/** node's `ws` (the CLI). */
export class WsLiveEvents extends ReconnectingLiveEvents {
  constructor(options: LiveEventsOptions = {}) {
    super((url) => new WebSocket(url) as unknown as SocketLike, options)
  }
}
