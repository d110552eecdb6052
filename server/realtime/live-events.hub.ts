/**
 * Live events (spec section 1: 'logout-customer'): each server instance keeps the sockets of its
 * own customers; a published event reaches every instance. On a PostgreSQL server the fan-out goes
 * through LISTEN/NOTIFY on one channel; on PGlite (a single process) it is delivered in-process.
 */
import pg from 'pg'

export const LIVE_EVENTS_CHANNEL = 'clinic_live_events'
export const LOGOUT_CUSTOMER = 'logout-customer'

export interface LiveMessage {
  from: string
  customerId: string
}

/** What travels between instances: the message plus who it is for. */
interface Envelope extends LiveMessage {
  tenant: string
  /** Only sockets of a session generation older than this (see jwt.service); unset: every socket. */
  before?: number
}

export interface LiveSocket {
  send(data: string): void
  close(code?: number, reason?: string): void
}

export interface LiveEventsHubOptions {
  /** The PostgreSQL pool: when set, events fan out across instances with LISTEN/NOTIFY. */
  pool?: pg.Pool
  log?: (message: string, detail?: unknown) => void
  /** Open sockets one customer may hold on this instance (default MAX_SOCKETS_PER_CUSTOMER). */
  maxSocketsPerCustomer?: number
}

/** Enough for every tab and device of one person; bounds what one stolen token can hold open. */
export const MAX_SOCKETS_PER_CUSTOMER = 10
/** Close code and reason of a socket over the cap (4000-4999: the application's own codes). */
export const TOO_MANY_SOCKETS = { code: 4429, reason: 'Too many open connections for this account' } as const

const RECONNECT_FIRST_MS = 100
const RECONNECT_MAX_MS = 5_000

/** The channel of the connection's schema (deployments sharing a database server do not hear each other). */
export async function channelOf(queryable: Pick<pg.ClientBase, 'query'>): Promise<string> {
  const schema = (await queryable.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]?.s ?? 'public'
  return `${LIVE_EVENTS_CHANNEL}_${schema.replace(/[^a-zA-Z0-9_]/g, '_')}`.slice(0, 63)
}

const key = (tenant: string, customerId: string) => `${tenant}\u0000${customerId}`

export class LiveEventsHub {
  private readonly sockets = new Map<string, Set<LiveSocket>>()
  /** The session generation of each socket's token (absent: unknown, as old as can be). */
  private readonly generations = new WeakMap<LiveSocket, number>()
  private listener: pg.PoolClient | undefined
  /** Marks the current listener as handed back (close), so its 'end' does not reconnect. */
  private stopListening: () => void = () => undefined
  private channel = LIVE_EVENTS_CHANNEL
  /** The current attempt to listen; `initial`: the first, which decides the channel name. */
  private ready: Promise<void> = Promise.resolve()
  private initial: Promise<void> = Promise.resolve()
  private started = false
  private attempts = 0
  private retryTimer: NodeJS.Timeout | undefined
  private closed = false

  constructor(private readonly options: LiveEventsHubOptions = {}) {}

  /**
   * Starts listening on the PostgreSQL server (no-op on PGlite). The channel carries the schema name,
   * so deployments (or test files) sharing one database server do not hear each other. A listening
   * connection the server drops (restart, failover) is replaced, with backoff, and listens again.
   */
  async start(): Promise<void> {
    if (!this.options.pool || this.started) return
    this.started = true
    this.ready = this.listen(false)
    this.initial = this.ready
    await this.ready
  }

  /** Takes a connection and LISTENs on it; `retry`: on failure, try again later instead of throwing. */
  private async listen(retry: boolean): Promise<void> {
    const pool = this.options.pool!
    let client: pg.PoolClient
    try {
      client = await pool.connect()
    } catch (error) {
      if (!retry) throw error
      this.scheduleReconnect(error)
      return
    }
    let dropped = false
    const drop = (error?: Error) => {
      if (dropped) return
      dropped = true
      if (this.listener === client) this.listener = undefined
      client.release(error ?? true)
      if (!this.closed) this.scheduleReconnect(error ?? new Error('Connection ended'))
    }
    client.on('error', drop)
    client.on('end', () => drop())
    client.on('notification', (msg) => {
      if (msg.channel !== this.channel || !msg.payload) return
      try {
        this.deliver(JSON.parse(msg.payload) as Envelope)
      } catch (error) {
        this.options.log?.('Bad live event payload', error)
      }
    })
    try {
      this.channel = await channelOf(client)
      await client.query(`LISTEN ${this.channel}`)
    } catch (error) {
      if (!retry) {
        dropped = true
        client.release(error as Error)
        throw error
      }
      drop(error as Error)
      return
    }
    if (dropped) return
    if (this.closed) {
      dropped = true
      client.release(true)
      return
    }
    this.listener = client
    this.stopListening = () => {
      dropped = true
    }
    if (this.attempts > 0) this.options.log?.('Live events listener reconnected')
    this.attempts = 0
  }

  private scheduleReconnect(error: unknown): void {
    if (this.closed || this.retryTimer) return
    // 0.1 s, 0.2 s, ... up to 5 s between attempts while the database is away.
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** this.attempts)
    this.attempts++
    this.options.log?.(`Live events listener lost; reconnecting in ${delay} ms`, error)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined
      if (this.closed) return
      this.ready = this.listen(true)
    }, delay)
  }

  get distributed(): boolean {
    return Boolean(this.options.pool)
  }

  /**
   * Registers a socket of a signed-in customer, with the session generation of its token; returns the
   * function that unregisters it, or undefined when the customer already holds the most sockets allowed.
   */
  add(tenant: string, customerId: string, socket: LiveSocket, generation?: number): (() => void) | undefined {
    const k = key(tenant, customerId)
    let set = this.sockets.get(k)
    if (set && set.size >= (this.options.maxSocketsPerCustomer ?? MAX_SOCKETS_PER_CUSTOMER)) return undefined
    if (!set) this.sockets.set(k, (set = new Set()))
    set.add(socket)
    if (generation !== undefined) this.generations.set(socket, generation)
    return () => {
      const current = this.sockets.get(k)
      current?.delete(socket)
      if (current && current.size === 0) this.sockets.delete(k)
    }
  }

  /** Number of local sockets of a customer (tests and diagnostics). */
  count(tenant: string, customerId: string): number {
    return this.sockets.get(key(tenant, customerId))?.size ?? 0
  }

  /**
   * Sends to the customer's sockets on every instance; with `before`, only to the sockets whose token
   * is of an older session generation (a password change spares the session that made it).
   */
  async publish(tenant: string, message: LiveMessage, options: { before?: number } = {}): Promise<void> {
    const envelope: Envelope = {
      tenant,
      from: message.from,
      customerId: message.customerId,
      ...(options.before !== undefined ? { before: options.before } : {}),
    }
    if (this.options.pool) {
      // Not the current listener: publishing works while it reconnects (the pool has connections of its own).
      await this.initial
      await this.options.pool.query('SELECT pg_notify($1, $2)', [this.channel, JSON.stringify(envelope)])
    } else {
      this.deliver(envelope)
    }
  }

  private deliver(envelope: Envelope): void {
    const set = this.sockets.get(key(envelope.tenant, envelope.customerId))
    if (!set) return
    const data = JSON.stringify({ from: envelope.from, customerId: envelope.customerId })
    for (const socket of set) {
      if (envelope.before !== undefined && (this.generations.get(socket) ?? -Infinity) >= envelope.before) continue
      try {
        socket.send(data)
      } catch (error) {
        this.options.log?.('Live socket send failed', error)
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = undefined
    for (const set of this.sockets.values()) for (const socket of set) socket.close(1001, 'Server shutting down')
    this.sockets.clear()
    await this.ready.catch(() => undefined)
    if (this.listener) {
      const client = this.listener
      this.listener = undefined
      this.stopListening()
      await client.query(`UNLISTEN ${this.channel}`).catch(() => undefined)
      try {
        client.release()
      } catch {
        // the pool is already closed
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Process-wide entry point for code that has no handle on the hub (password change/reset, support).
// ---------------------------------------------------------------------------------------------------

const activeHubs = new Set<LiveEventsHub>()

export function registerHub(hub: LiveEventsHub): () => void {
  activeHubs.add(hub)
  return () => activeHubs.delete(hub)
}

/**
 * Sends 'logout-customer' to every socket of the customer, on every server instance. Called when the
 * customer's password is changed or reset, with `before` the new session generation: the sockets
 * opened with a token of the new generation (the session that changed it) stay signed in. Callable by
 * support (no `before`: every socket). On PostgreSQL one NOTIFY reaches every instance (including
 * this one); on PGlite each hub in the process delivers.
 */
export async function publishLogout(tenant: string, customerId: string, options: { before?: number } = {}): Promise<void> {
  const message = { from: LOGOUT_CUSTOMER, customerId }
  const distributed = [...activeHubs].find((h) => h.distributed)
  if (distributed) {
    await distributed.publish(tenant, message, options)
    await Promise.all([...activeHubs].filter((h) => !h.distributed).map((h) => h.publish(tenant, message, options)))
    return
  }
  await Promise.all([...activeHubs].map((h) => h.publish(tenant, message, options)))
}
