/**
 * Catalogue answers kept encoded (the JSON text) under the tenant's catalogue version, which a
 * trigger bumps on every write to a catalogue table (migration 0005-catalogue-versions): a request
 * costs one tiny version query, shared by the requests that arrive together, instead of three to
 * four queries, the response codec's check and encoding and JSON.stringify. A write is seen by the
 * next request, on every instance. On PGlite (one process, the only writer) the version is kept in
 * memory and forgotten when the trigger's notification arrives, which PGlite delivers at the write's
 * commit, before the write returns: no query at all while the catalogue stands.
 */
import type * as t from 'io-ts'
import type { Database } from '../db/database'
import { CATALOGUE_CHANNEL } from '../db/migrations/0005-catalogue-versions.migration'
import type { Db } from '../db/schema'
import { EncodedBody } from '../http/encoded-body'
import { referenceCache } from './reference-cache'

/** How long an answer of one version stays (a newer version makes it unreachable sooner). */
const ENTRY_MS = 60_000

interface Batch {
  tenants: Set<string>
  versions: Promise<Map<string, string>>
}

/**
 * Reads catalogue versions for concurrent requests in one query. A request joins the batch that has
 * not started yet, never one already running: the query that answers it starts after it arrived, so
 * it sees every write committed before the request.
 */
class VersionReader {
  private queued: Batch | undefined
  private tail: Promise<unknown> = Promise.resolve()

  /** PGlite: versions known in memory, and a count of the notifications of each tenant. */
  private readonly known = new Map<string, Promise<string>>()
  private readonly changes = new Map<string, number>()
  private listening = false

  constructor(
    private readonly db: Db,
    lite?: Database['lite'],
  ) {
    if (!lite) return
    void lite
      .listen(CATALOGUE_CHANNEL, (tenant) => {
        this.known.delete(tenant)
        this.changes.set(tenant, (this.changes.get(tenant) ?? 0) + 1)
      })
      .then(() => {
        this.listening = true
      })
      .catch(() => undefined) // without it, every request reads the version
  }

  version(tenant: string): Promise<string> {
    if (!this.listening) return this.read(tenant)
    const known = this.known.get(tenant)
    if (known) return known
    const before = this.changes.get(tenant) ?? 0
    const read = this.read(tenant)
    this.known.set(tenant, read)
    // A write committed while the read ran may not be in it: keep it only if no notification came.
    void read.then(
      () => {
        if ((this.changes.get(tenant) ?? 0) !== before && this.known.get(tenant) === read) this.known.delete(tenant)
      },
      () => {
        if (this.known.get(tenant) === read) this.known.delete(tenant)
      },
    )
    return read
  }

  private read(tenant: string): Promise<string> {
    let batch = this.queued
    if (!batch) {
      const tenants = new Set<string>()
      const created: Batch = {
        tenants,
        versions: this.tail.then(() => {
          if (this.queued === created) this.queued = undefined
          return this.load([...tenants])
        }),
      }
      this.tail = created.versions.catch(() => undefined)
      this.queued = batch = created
    }
    batch.tenants.add(tenant)
    return batch.versions.then((versions) => versions.get(tenant) ?? '0')
  }

  private async load(tenants: string[]): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('catalogue_versions').select(['tenant_id', 'version']).where('tenant_id', 'in', tenants).execute()
    return new Map(rows.map((r) => [r.tenant_id, String(r.version)]))
  }
}

const readers = new WeakMap<object, VersionReader>()

/** The tenant's current catalogue version ('0' before the first write). */
export function catalogueVersion(database: Pick<Database, 'db' | 'lite'>, tenant: string): Promise<string> {
  let reader = readers.get(database.db)
  if (!reader) {
    reader = new VersionReader(database.db, database.lite)
    readers.set(database.db, reader)
  }
  return reader.version(tenant)
}

/** An answer's encoded body; `found` false when the loader found nothing (a 404). */
export type EncodedAnswer = { found: true; body: EncodedBody } | { found: false }

/**
 * The encoded answer of `key` at the tenant's current catalogue version: loaded, checked against the
 * route's response codec, encoded and kept on a miss. `load` resolves to undefined for "not found".
 */
export async function cachedAnswer<C extends t.Mixed>(
  database: Pick<Database, 'db' | 'lite'>,
  tenant: string,
  key: string,
  codec: C,
  load: () => Promise<t.TypeOf<C> | undefined>,
): Promise<EncodedAnswer> {
  const version = await catalogueVersion(database, tenant)
  return referenceCache(database.db).get(
    `catalogue|${tenant}|${version}|${key}`,
    async () => {
      const value = await load()
      if (value === undefined) return { found: false }
      const check = codec.decode(value)
      // A programmer error: the loader and the contract disagree (contract-route.ts reports the same in answers).
      if (check._tag === 'Left') throw new Error(`catalogue answer '${key}' does not match its codec`)
      return { found: true, body: new EncodedBody(JSON.stringify(codec.encode(value))) }
    },
    ENTRY_MS,
  )
}
