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

const key = (tenant: string, customerId: string) => `${tenant}\u0000${customerId}`

export class LiveEventsHub {
  private readonly sockets = new Map<string, Set<LiveSocket>>()
  /** The session generation of each socket's token (absent: unknown, as old as can be). */
  private readonly generations = new WeakMap<LiveSocket, number>()
  private listener: pg.PoolClient | undefined
  private channel = LIVE_EVENTS_CHANNEL
  private ready: Promise<void> = Promise.resolve()
  private closed = false

  constructor(private readonly options: LiveEventsHubOptions = {}) {}

  /**
   * Starts listening on the PostgreSQL server (no-op on PGlite). The channel carries the schema name,
   * so deployments (or test files) sharing one database server do not hear each other.
   */
  async start(): Promise<void> {
    const pool = this.options.pool
    if (!pool || this.listener) return
    this.ready = (async () => {
      const client = await pool.connect()
      this.listener = client
      const schema = (await client.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]?.s ?? 'public'
      this.channel = `${LIVE_EVENTS_CHANNEL}_${schema.replace(/[^a-zA-Z0-9_]/g, '_')}`.slice(0, 63)
      client.on('notification', (msg) => {
        if (msg.channel !== this.channel || !msg.payload) return
        try {
          this.deliver(JSON.parse(msg.payload) as Envelope)
        } catch (error) {
          this.options.log?.('Bad live event payload', error)
        }
      })
      client.on('error', (error) => this.options.log?.('Live events listener error', error))
      await client.query(`LISTEN ${this.channel}`)
    })()
    await this.ready
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
      await this.ready
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
    for (const set of this.sockets.values()) for (const socket of set) socket.close(1001, 'Server shutting down')
    this.sockets.clear()
    await this.ready.catch(() => undefined)
    if (this.listener) {
      const client = this.listener
      this.listener = undefined
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
