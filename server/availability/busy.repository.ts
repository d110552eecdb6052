/**
 * The bookings (appointments, holds, blocks, leave) of practitioners over a range, cached per
 * practitioner and range under its booking version (a trigger bumps it on every appointment write):
 * a request reads the versions (one tiny statement), then, in one more, the bookings of those whose
 * version it has not got. A load in flight is shared by the requests that ask for the same versions
 * meanwhile (a burst after a change reads the bookings once). Both statements have a fixed text
 * (arrays as parameters): nothing is compiled per request, and PostgreSQL prepares them once per
 * connection (prepared-statements.ts).
 */
import { CompiledQuery } from 'kysely'
import { isoDate, type Busy, type BusyKind } from '../../src/domain/scheduling'
import { OCCUPYING_STATUSES, type DbOrTrx } from '../db/schema'
import { evictExpiredThenOldest, referenceCache } from '../catalogue/reference-cache'
import { prepared } from '../db/prepared-statements'

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

/*
 * Both statements read their parameters through `(SELECT $n)`: the planner then sees no values, a
 * plan made with the values costs the same as the generic one, and PostgreSQL keeps the generic plan
 * after its first five calls instead of planning every call (planning was two thirds of a day's
 * bookings statement: 490 -> 150 µs, versions 240 -> 115 µs). The plan is the same index scan.
 */

/** $1 tenant, $2 practitioner ids: each id's booking version (0 before its first booking). */
const VERSIONS_SQL = prepared(
  `SELECT k.id AS practitioner_id, coalesce(v.version, 0)::text AS version
FROM unnest((SELECT $2::text[])) AS k(id)
LEFT JOIN booking_versions v ON v.tenant_id = (SELECT $1::text) AND v.practitioner_id = k.id`,
)

/** Where the bookings statement finds its values: parameter numbers ($n). */
export interface BusyParameters {
  tenant: number
  ids: number
  from: number
  to: number
  since: number
}

/**
 * Tenant, practitioner ids, range start, range end, range start less LONGEST_BOOKING_MS (at the
 * numbers `p` gives): one row per practitioner with bookings, each practitioner's read in one index
 * scan in time order (a lateral join per id: a scan with ANY of the array came out in no useful order
 * and was sorted, a third of the statement). The bookings come as one text (fields kind,
 * start, end, hold expiry, id split by the unit separator U+001F, bookings by the record separator
 * U+001E; instants in epoch ms): several times cheaper to build and to parse than JSON or a row per
 * booking. The starts_at bounds let the (tenant, practitioner, starts_at) index serve the range: an
 * entry longer than LONGEST_BOOKING_MS is not seen before its start (longer absences are holidays).
 * A text of its own here (BUSY_SQL), and a part of the booking's one read (booking.repository.ts).
 */
export function busyRowsSql(p: BusyParameters): string {
  return `SELECT k.id AS practitioner_id, b.busy
FROM unnest((SELECT $${p.ids}::text[])) AS k(id) CROSS JOIN LATERAL (
  SELECT string_agg(concat_ws(chr(31),
    CASE WHEN a.status = 'Pending' AND a.hold_expires_at IS NOT NULL THEN 'hold' ELSE a.type END,
    (date_part('epoch', a.starts_at) * 1000)::int8,
    (date_part('epoch', a.ends_at) * 1000)::int8,
    coalesce((date_part('epoch', a.hold_expires_at) * 1000)::int8::text, ''),
    a.id
  ), chr(30)) AS busy
  FROM appointments a
  WHERE a.tenant_id = (SELECT $${p.tenant}::text) AND a.practitioner_id = k.id AND a.status IN (${STATUSES})
    AND a.starts_at < (SELECT $${p.to}::timestamptz) AND a.starts_at > (SELECT $${p.since}::timestamptz) AND a.ends_at > (SELECT $${p.from}::timestamptz)
) b
WHERE b.busy IS NOT NULL`
}

/** $1 tenant, $2 practitioner ids, $3 range start, $4 range end, $5 range start less LONGEST_BOOKING_MS. */
export const BUSY_SQL = prepared(busyRowsSql({ tenant: 1, ids: 2, from: 3, to: 4, since: 5 }))

/** The values of busyRowsSql's ids, from, to and since, in that order. */
export function busyValues(ids: readonly string[], from: Date, to: Date): [string[], string, string, string] {
  return [[...ids], from.toISOString(), to.toISOString(), new Date(from.getTime() - LONGEST_BOOKING_MS).toISOString()]
}

/** The statement's rows as each practitioner's bookings. */
export function busyOfRows(rows: readonly { practitioner_id: string; busy: string | null }[]): Map<string, Busy[]> {
  const out = new Map<string, Busy[]>()
  for (const r of rows) if (r.busy !== null) out.set(r.practitioner_id, parseBusy(r.busy))
  return out
}

async function readVersions(db: DbOrTrx, tenant: string, ids: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await db.executeQuery<{ practitioner_id: string; version: string }>(CompiledQuery.raw(VERSIONS_SQL, [tenant, ids]))
  return new Map(rows.map((r) => [r.practitioner_id, r.version]))
}

async function loadBusy(db: DbOrTrx, tenant: string, ids: readonly string[], from: Date, to: Date): Promise<Map<string, Busy[]>> {
  const { rows } = await db.executeQuery<{ practitioner_id: string; busy: string }>(CompiledQuery.raw(BUSY_SQL, [tenant, ...busyValues(ids, from, to)]))
  return busyOfRows(rows)
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
  busy: Promise<Busy[]>
  expires: number
}

/**
 * A practitioner's bookings over one range, kept under the version they were read at (possibly still
 * loading): one entry per practitioner and range, replaced when a newer version is read (an old
 * version is never kept beside it: with every calendar changing, the cache does not fill with what no
 * one will read). A failed load is dropped.
 */
export class BusyCache {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  /** The bookings of `key` at exactly `version`, if kept. */
  get(key: string, version: string, now: number): Promise<Busy[]> | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expires <= now) {
      this.entries.delete(key)
      return undefined
    }
    return entry.version === version ? entry.busy : undefined
  }

  /** Keeps `busy` read at `version`, unless a newer version is kept already (a slower request's older read). */
  set(key: string, version: string, busy: Promise<Busy[]>, now: number): void {
    const kept = this.entries.get(key)
    if (kept !== undefined && kept.expires > now && Number(kept.version) > Number(version)) return
    if (kept !== undefined) this.entries.delete(key)
    else if (this.entries.size >= this.maxEntries) evictExpiredThenOldest(this.entries, this.maxEntries, now)
    this.entries.set(key, { version, busy, expires: now + BUSY_TTL_MS })
    busy.catch(() => {
      if (this.entries.get(key)?.busy === busy) this.entries.delete(key)
    })
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
  /** The booking versions the bookings reflect (undefined when read inside a transaction). */
  versions?: Map<string, string>
}

function monthOf(date: string): { first: string; last: string } {
  const [y, m] = date.split('-').map(Number)
  return { first: isoDate(y, m, 1), last: isoDate(y, m + 1, 0) }
}

/**
 * The bookings of each practitioner for the London dates [fromDate, toDate] (instants [from, to)).
 * `cacheRoot` undefined (inside a transaction: its uncommitted versions could be reused after a
 * rollback) reads them without versions and caches nothing. Otherwise, with the reference cache on,
 * bookings are kept per practitioner and range under their version; a one-day range is also served
 * from the practitioner's month at the same version.
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
  if (cacheRoot === undefined) return { busyOf: await loadBusy(db, tenant, ids, from, to) }
  const versions = await readVersions(db, tenant, ids)
  if (!referenceCache(cacheRoot).enabled) return { busyOf: await loadBusy(db, tenant, ids, from, to), versions }
  const cache = busyCache(cacheRoot)
  const now = Date.now()
  const month = fromDate === toDate ? monthOf(fromDate) : undefined
  const keyOf = (id: string, first: string, last: string) => `${tenant}|${id}|${first}|${last}`
  const found = new Map<string, Promise<Busy[]>>()
  const missing: string[] = []
  for (const id of ids) {
    const version = versions.get(id) ?? '0'
    const hit = cache.get(keyOf(id, fromDate, toDate), version, now) ?? (month && cache.get(keyOf(id, month.first, month.last), version, now))
    if (hit) found.set(id, hit)
    else missing.push(id)
  }
  if (missing.length > 0) {
    const loaded = loadBusy(db, tenant, missing, from, to)
    for (const id of missing) {
      const mine = loaded.then((m) => m.get(id) ?? [])
      cache.set(keyOf(id, fromDate, toDate), versions.get(id) ?? '0', mine, now)
      found.set(id, mine)
    }
  }
  const busyOf = new Map<string, Busy[]>()
  for (const [id, busy] of found) busyOf.set(id, await busy)
  return { busyOf, versions }
}
