/**
 * The bookings (appointments, holds, blocks, leave) of practitioners over a range, with their booking
 * versions (a trigger bumps a practitioner's version on every appointment write), in ONE statement:
 * the caller sends the versions it has cached and the database answers every current version plus
 * the bookings of the practitioners whose version differs. A standing calendar costs one tiny round
 * trip; a changed one is read in the same round trip. The statement's text is fixed (arrays as
 * parameters): nothing is compiled per request, and PostgreSQL prepares it once per connection.
 */
import { CompiledQuery } from 'kysely'
import { isoDate, type Busy, type BusyKind } from '../../src/domain/scheduling'
import { OCCUPYING_STATUSES, type DbOrTrx } from '../db/schema'
import { referenceCache } from '../catalogue/reference-cache'
import { preparedStatement } from '../db/prepared-statements'

/** The longest appointment, block or leave entry the range query finds (longer absences are holidays). */
export const LONGEST_BOOKING_MS = 7 * 86_400_000

/** A practitioner's cached bookings live this long even when no version changed (memory bound). */
const BUSY_TTL_MS = 60_000
const MAX_ENTRIES = 2000

/** The statement's kinds (an appointment's type, or 'hold') and what they are to availability; anything else is an appointment. */
const KINDS: readonly (readonly [string, BusyKind])[] = [
  ['Appointment', 'appointment'],
  ['hold', 'hold'],
  ['Break', 'block'],
  ['Block', 'block'],
  ['Leave', 'leave'],
]

/** The kind named by text[i, j), compared in place (a month has thousands: no substring for each). */
function kindAt(text: string, i: number, j: number): BusyKind {
  for (const [name, kind] of KINDS) if (j - i === name.length && text.startsWith(name, i)) return kind
  return 'appointment'
}

const STATUSES = OCCUPYING_STATUSES.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')

/**
 * $1 tenant, $2 practitioner ids, $3 the versions known for them (null: none), $4 range start,
 * $5 range end, $6 range start less LONGEST_BOOKING_MS. `busy` is null where the known version is
 * current. The bookings of the changed practitioners are read in one index scan (ANY of an array, as
 * one bitmap over the heap pages they share; a scan per practitioner read four times the pages).
 * They come as one text per practitioner (fields kind, start, end, hold expiry, id split by the unit
 * separator U+001F, bookings by the record separator U+001E; instants in epoch ms): several times
 * cheaper to build and to parse than JSON or a row per booking. The starts_at bounds let the (tenant,
 * practitioner, starts_at) index serve the range: an entry longer than LONGEST_BOOKING_MS is not seen
 * before its start (longer absences are holidays).
 */
const BUSY_SQL = preparedStatement(
  'availability_busy',
  `WITH v AS (
  SELECT k.id, coalesce(bv.version, 0) AS version, coalesce(bv.version, 0) IS DISTINCT FROM k.known AS changed
  FROM unnest($2::text[], $3::int8[]) AS k(id, known)
  LEFT JOIN booking_versions bv ON bv.tenant_id = $1 AND bv.practitioner_id = k.id
), b AS (
  SELECT a.practitioner_id, string_agg(concat_ws(chr(31),
    CASE WHEN a.status = 'Pending' AND a.hold_expires_at IS NOT NULL THEN 'hold' ELSE a.type END,
    (date_part('epoch', a.starts_at) * 1000)::int8,
    (date_part('epoch', a.ends_at) * 1000)::int8,
    coalesce((date_part('epoch', a.hold_expires_at) * 1000)::int8::text, ''),
    a.id
  ), chr(30)) AS busy
  FROM appointments a
  WHERE a.tenant_id = $1 AND a.practitioner_id = ANY (ARRAY(SELECT id FROM v WHERE changed))
    AND a.status IN (${STATUSES})
    AND a.starts_at < $5::timestamptz AND a.starts_at > $6::timestamptz AND a.ends_at > $4::timestamptz
  GROUP BY a.practitioner_id
)
SELECT v.id AS practitioner_id, v.version::text AS version, CASE WHEN v.changed THEN coalesce(b.busy, '') END AS busy
FROM v LEFT JOIN b ON b.practitioner_id = v.id`,
)

interface BusyRow {
  practitioner_id: string
  version: string
  busy: string | null
}

async function queryBusy(db: DbOrTrx, tenant: string, ids: readonly string[], known: readonly (string | null)[], from: Date, to: Date): Promise<BusyRow[]> {
  const parameters = [tenant, ids, known, from.toISOString(), to.toISOString(), new Date(from.getTime() - LONGEST_BOOKING_MS).toISOString()]
  return (await db.executeQuery<BusyRow>(CompiledQuery.raw(BUSY_SQL, parameters))).rows
}

const UNIT = 31 // U+001F between fields

/**
 * The bookings text back into busy entries: one pass over the characters, numbers read digit by
 * digit (a month of a clinic's bookings is a few thousand entries; split() and Number() on every
 * field cost more than the query's own aggregation).
 */
export function parseBusy(text: string): Busy[] {
  const out: Busy[] = []
  const n = text.length
  let i = 0
  const number = (): number => {
    let value = 0
    for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) value = value * 10 + (c - 48)
    i++ // the separator
    return value
  }
  while (i < n) {
    let j = text.indexOf('\u001f', i)
    const kind = kindAt(text, i, j)
    i = j + 1
    const start = number()
    const end = number()
    const hasExpiry = text.charCodeAt(i) !== UNIT
    const expires = hasExpiry ? number() : (i++, 0)
    j = text.indexOf('\u001e', i)
    if (j < 0) j = n
    const appointmentId = text.slice(i, j)
    i = j + 1
    out.push(
      kind === 'hold'
        ? hasExpiry
          ? { start, end, kind: 'hold', appointmentId, expiresAt: expires }
          : { start, end, kind: 'hold', appointmentId }
        : { start, end, kind, appointmentId },
    )
  }
  return out
}

interface Entry {
  version: string
  busy: Busy[]
  expires: number
}

/**
 * A practitioner's bookings over one range, kept under the version they were read at: one entry per
 * practitioner and range, replaced when a newer version is read (an old version is never kept
 * beside it: with every calendar changing, the cache does not fill with what no one will read).
 */
export class BusyCache {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  get(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined || entry.expires > now) return entry
    this.entries.delete(key)
    return undefined
  }

  /** Keeps `busy` read at `version`, unless a newer version is kept already (a slower request's older read). */
  set(key: string, version: string, busy: Busy[], now: number): void {
    const kept = this.entries.get(key)
    if (kept !== undefined && kept.expires > now && Number(kept.version) > Number(version)) return
    if (kept !== undefined) this.entries.delete(key)
    else if (this.entries.size >= this.maxEntries) this.evict(now)
    this.entries.set(key, { version, busy, expires: now + BUSY_TTL_MS })
  }

  /** Drops expired entries, then the oldest quarter if still full (Map order is insertion order). */
  private evict(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key)
    if (this.entries.size < this.maxEntries) return
    let drop = Math.ceil(this.maxEntries / 4)
    for (const key of this.entries.keys()) {
      if (drop-- <= 0) break
      this.entries.delete(key)
    }
  }
}

const caches = new WeakMap<object, BusyCache>()

function busyCache(root: object): BusyCache {
  let cache = caches.get(root)
  if (!cache) caches.set(root, (cache = new BusyCache()))
  return cache
}

export interface PractitionersBusy {
  busyOf: Map<string, Busy[]>
  /** The booking versions the bookings reflect (undefined when read without the cache). */
  versions?: Map<string, string>
}

function monthOf(date: string): { first: string; last: string } {
  const [y, m] = date.split('-').map(Number)
  return { first: isoDate(y, m, 1), last: isoDate(y, m + 1, 0) }
}

/**
 * The bookings of each practitioner for the London dates [fromDate, toDate] (instants [from, to)).
 * `cacheRoot` undefined (inside a transaction: its uncommitted versions could be reused after a
 * rollback) reads them all and caches nothing. Otherwise, with the reference cache on, bookings are
 * kept per practitioner and range under their version; a one-day range is also served from the
 * practitioner's month when that is current.
 */
export async function practitionersBusy(
  db: DbOrTrx,
  cacheRoot: object | undefined,
  tenant: string,
  ids: readonly string[],
  fromDate: string,
  toDate: string,
  from: Date,
  to: Date,
): Promise<PractitionersBusy> {
  const cache = cacheRoot !== undefined && referenceCache(cacheRoot).enabled ? busyCache(cacheRoot) : undefined
  if (cache === undefined) {
    const rows = await queryBusy(db, tenant, ids, ids.map(() => null), from, to)
    return { busyOf: new Map(rows.map((r) => [r.practitioner_id, parseBusy(r.busy ?? '')])), ...(cacheRoot ? { versions: versionsOf(rows) } : {}) }
  }
  const now = Date.now()
  const month = fromDate === toDate ? monthOf(fromDate) : undefined
  const keyOf = (id: string, first: string, last: string) => `${tenant}|${id}|${first}|${last}`
  // The newest entry each practitioner has for this range (its own, or its month's for a day).
  const kept = new Map<string, Entry | undefined>()
  for (const id of ids) {
    const own = cache.get(keyOf(id, fromDate, toDate), now)
    const whole = month && cache.get(keyOf(id, month.first, month.last), now)
    kept.set(id, whole && (!own || Number(whole.version) > Number(own.version)) ? whole : own)
  }
  const rows = await queryBusy(db, tenant, ids, ids.map((id) => kept.get(id)?.version ?? null), from, to)
  const busyOf = new Map<string, Busy[]>()
  const at = Date.now()
  for (const row of rows) {
    const id = row.practitioner_id
    // null: the version sent is current, so there was a kept entry.
    if (row.busy === null) {
      busyOf.set(id, kept.get(id)!.busy)
      continue
    }
    const busy = parseBusy(row.busy)
    cache.set(keyOf(id, fromDate, toDate), row.version, busy, at)
    busyOf.set(id, busy)
  }
  return { busyOf, versions: versionsOf(rows) }
}

function versionsOf(rows: readonly BusyRow[]): Map<string, string> {
  return new Map(rows.map((r) => [r.practitioner_id, r.version]))
}
