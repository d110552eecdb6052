/** A message from the live socket: `from` names the sender ('logout-customer'), `customerId` the target. */
export interface LiveEvent {
  from: string
  customerId?: string
}

export interface LiveConnection {
  close(): void
}

/** The live socket (spec section 1). Connects, reconnects quietly; errors are only logged. */
export interface LiveEvents {
  connect(url: string, token: string, onEvent: (event: LiveEvent) => void): LiveConnection
}
