import { ReconnectingLiveEvents, type LiveEventsOptions, type SocketLike } from './reconnecting-live-events'

/** The browser's WebSocket. */
export class BrowserLiveEvents extends ReconnectingLiveEvents {
  constructor(options: LiveEventsOptions = {}) {
    super((url) => new WebSocket(url) as unknown as SocketLike, options)
  }
}
