/**
 * The desk's calendar: a practitioner's week (bookings, blocks, working hours and breaks) and blocks
 * of time. A block is an appointment row of type Break, Block or Leave: the exclusion constraint keeps
 * it off bookings, holds and other blocks, and the booking-version trigger makes availability (and its
 * cache, busy.repository.ts) see it at once. A practitioner sees and changes only their own calendar.
 */
import * as E from 'fp-ts/Either'
import type { BlockType, CreateBlockBody, CreateBlockSeriesBody, PractitionerWeek, RemoveScope, TimeBlock } from '../../src/contract/desk-calendar.routes'
import { blockSeries, SERIES_MESSAGES, SERIES_REFUSAL_TEXT } from '../../src/domain/desk/block-series'
import { BLOCK_MESSAGES, BLOCK_REFUSAL_TEXT, checkBlock, hoursOfWeek, londonInstant, weekDates, weekdayOf, addDays, type WeeklyHours } from '../../src/domain/desk/week'
import { londonDateOf } from '../../src/domain/london'
import { conflict, invalid, notAllowed, notFound, type ServiceError } from '../service-error'
import type { SignedInStaff } from '../staff/staff.service'
import { operatorDb, type OperatorDb, type OperatorDbOrTrx } from '../staff/staff.tables'
import type { Db } from '../db/schema'
import { appointmentsBetween, idsNamed } from '../admin/day.repository'
import { DAY_MESSAGES, dayBookingsOf } from '../admin/day.service'
import { newId } from '../commerce/commerce.tables'
import * as repo from './blocks.repository'

const ownOnly = (who: SignedInStaff) => who.role === 'practitioner'

export function blockView(row: repo.BlockRow): TimeBlock {
  return {
    id: row.id,
    type: row.type as BlockType,
    start: new Date(row.starts_at).toISOString(),
    end: new Date(row.ends_at).toISOString(),
    practitionerId: row.practitioner_id,
    practitioner: row.practitioner,
    locationId: row.clinic_id,
    location: row.location,
    ...(row.note ? { note: row.note } : {}),
    ...(row.series_id ? { seriesId: row.series_id } : {}),
  }
}

/** The one practitioner a name, slug or id names; a practitioner may name only themself. */
async function onePractitioner(db: OperatorDbOrTrx, who: SignedInStaff, named: string): Promise<E.Either<ServiceError, string>> {
  const ids = await idsNamed(db, who.staff.tenant_id, 'practitioners', named)
  if (ids.length === 0) return E.left(invalid(DAY_MESSAGES.noPractitioner(named)))
  if (ids.length > 1) return E.left(invalid(DAY_MESSAGES.unknownPractitioner(named)))
  if (ownOnly(who) && ids[0] !== who.staff.practitioner_id) return E.left(notAllowed(DAY_MESSAGES.notYours))
  return E.right(ids[0]!)
}

export async function createBlock(
  db: OperatorDbOrTrx,
  who: SignedInStaff,
  body: CreateBlockBody,
  now: Date,
  isOverlap: (error: unknown) => boolean,
): Promise<E.Either<ServiceError, TimeBlock>> {
  const tenant = who.staff.tenant_id
  const checked = checkBlock(new Date(body.start), new Date(body.end))
  if (E.isLeft(checked)) return E.left(invalid(BLOCK_REFUSAL_TEXT[checked.left._tag]))
  const practitioner = await onePractitioner(db, who, body.practitioner)
  if (E.isLeft(practitioner)) return practitioner
  let clinicId: string | undefined
  if (body.location) {
    const ids = await idsNamed(db, tenant, 'clinics', body.location)
    if (ids.length !== 1) return E.left(invalid(DAY_MESSAGES.unknownLocation(body.location)))
    clinicId = ids[0]
  } else {
    clinicId = (await repo.practitionerClinics(db, tenant, practitioner.right, weekdayOf(londonDateOf(checked.right.start))))[0]
  }
  if (!clinicId) return E.left(invalid(BLOCK_MESSAGES.noLocation))
  const note = body.note?.trim() ? body.note.trim().slice(0, 200) : null
  try {
    const id = await repo.insertBlock(db, { tenant, type: body.type, practitionerId: practitioner.right, clinicId, start: checked.right.start, end: checked.right.end, note, now })
    const row = await repo.blockRow(db, tenant, id)
    return row ? E.right(blockView(row)) : E.left(notFound(BLOCK_MESSAGES.notFound))
  } catch (error) {
    if (isOverlap(error)) return E.left(conflict(BLOCK_MESSAGES.overlaps))
    throw error
  }
}

/**
 * A repeating block: each occurrence a block (the clinic of that weekday unless one is named), written
 * in one transaction, so an overlap on any date leaves none of them (the refusal names that date).
 */
export async function createBlockSeries(
  db: OperatorDb,
  who: SignedInStaff,
  body: CreateBlockSeriesBody,
  now: Date,
  isOverlap: (error: unknown) => boolean,
): Promise<E.Either<ServiceError, TimeBlock[]>> {
  const tenant = who.staff.tenant_id
  const checked = checkBlock(new Date(body.start), new Date(body.end))
  if (E.isLeft(checked)) return E.left(invalid(BLOCK_REFUSAL_TEXT[checked.left._tag]))
  const series = blockSeries(checked.right.start, checked.right.end, body.every, body.until)
  if (E.isLeft(series)) return E.left(invalid(SERIES_REFUSAL_TEXT[series.left._tag]))
  const practitioner = await onePractitioner(db, who, body.practitioner)
  if (E.isLeft(practitioner)) return practitioner
  let named: string | undefined
  if (body.location) {
    const ids = await idsNamed(db, tenant, 'clinics', body.location)
    if (ids.length !== 1) return E.left(invalid(DAY_MESSAGES.unknownLocation(body.location)))
    named = ids[0]
  }
  const note = body.note?.trim() ? body.note.trim().slice(0, 200) : null
  const clinics = new Map<number, string | undefined>()
  for (const { date } of series.right) {
    const weekday = weekdayOf(date)
    if (!clinics.has(weekday)) clinics.set(weekday, named ?? (await repo.practitionerClinics(db, tenant, practitioner.right, weekday))[0])
    if (!clinics.get(weekday)) return E.left(invalid(BLOCK_MESSAGES.noLocation))
  }
  let writing = ''
  const seriesId = newId()
  try {
    const ids = await db.transaction().execute(async (trx) => {
      const out: string[] = []
      for (const block of series.right) {
        writing = block.date
        out.push(await repo.insertBlock(trx, { tenant, type: body.type, practitionerId: practitioner.right, clinicId: clinics.get(weekdayOf(block.date))!, start: block.start, end: block.end, note, now, seriesId }))
      }
      return out
    })
    const rows = await Promise.all(ids.map((id) => repo.blockRow(db, tenant, id)))
    return E.right(rows.filter((r): r is repo.BlockRow => r !== undefined).map(blockView))
  } catch (error) {
    if (isOverlap(error)) return E.left(conflict(SERIES_MESSAGES.overlapsOn(writing)))
    throw error
  }
}

export async function listBlocks(db: OperatorDbOrTrx, who: SignedInStaff, query: { from: string; to: string; practitioner?: string }): Promise<E.Either<ServiceError, TimeBlock[]>> {
  const tenant = who.staff.tenant_id
  let ids: string[] | undefined
  if (query.practitioner) {
    const one = await onePractitioner(db, who, query.practitioner)
    if (E.isLeft(one)) return one
    ids = [one.right]
  } else if (ownOnly(who)) ids = who.staff.practitioner_id ? [who.staff.practitioner_id] : []
  const rows = await repo.blocksBetween(db, tenant, londonInstant(query.from, '00:00'), londonInstant(addDays(query.to, 1), '00:00'), ids)
  return E.right(rows.map(blockView))
}

/**
 * Removes a block; with scope 'series' every block of its repeating series, with 'following' it and
 * the series' later ones (one statement: all of them or none). A series is one practitioner's.
 */
export async function removeBlock(db: OperatorDbOrTrx, who: SignedInStaff, id: string, scope: RemoveScope = 'block'): Promise<E.Either<ServiceError, { message: string }>> {
  const tenant = who.staff.tenant_id
  const row = await repo.blockRow(db, tenant, id)
  if (!row) return E.left(notFound(BLOCK_MESSAGES.notFound))
  if (ownOnly(who) && row.practitioner_id !== who.staff.practitioner_id) return E.left(notAllowed(DAY_MESSAGES.notYours))
  if (scope !== 'block') {
    if (!row.series_id) return E.left(invalid(SERIES_MESSAGES.notInSeries))
    const count = await repo.deleteSeries(db, tenant, row.series_id, scope === 'following' ? new Date(row.starts_at) : undefined)
    return count > 0 ? E.right({ message: SERIES_MESSAGES.removed(count) }) : E.left(notFound(BLOCK_MESSAGES.notFound))
  }
  if (!(await repo.deleteBlock(db, tenant, id))) return E.left(notFound(BLOCK_MESSAGES.notFound))
  return E.right({ message: SERIES_MESSAGES.removed(1) })
}

export async function practitionerWeek(root: Db, who: SignedInStaff, query: { practitioner: string; date: string }): Promise<E.Either<ServiceError, PractitionerWeek>> {
  const tenant = who.staff.tenant_id
  const db = operatorDb(root)
  const one = await onePractitioner(db, who, query.practitioner)
  if (E.isLeft(one)) return one
  const id = one.right
  const dates = weekDates(query.date)
  const from = londonInstant(dates[0]!, '00:00')
  const to = londonInstant(addDays(dates[6]!, 1), '00:00')
  const [name, weekly, closures, bookings, blocks] = await Promise.all([
    repo.practitionerName(db, tenant, id),
    repo.weeklyHours(db, tenant, id),
    repo.closuresBetween(db, tenant, dates[0]!, dates[6]!),
    appointmentsBetween(db, tenant, from, to, { practitionerIds: [id] }),
    repo.blocksBetween(db, tenant, from, to, [id]),
  ])
  const holidays = new Set<string>()
  const closed = new Map<string, Set<string>>()
  for (const c of closures) {
    for (let d = c.starts_on < dates[0]! ? dates[0]! : c.starts_on; d <= c.ends_on && d <= dates[6]!; d = addDays(d, 1)) {
      if (c.kind === 'holiday' && (c.practitioner_id === id || (c.practitioner_id === null && c.clinic_id === null))) holidays.add(d)
      else if (c.clinic_id && (c.kind === 'closed' || c.practitioner_id === null)) closed.set(c.clinic_id, (closed.get(c.clinic_id) ?? new Set()).add(d))
    }
  }
  const hours: WeeklyHours[] = weekly.map((h) => ({ clinicId: h.clinic_id, location: h.location, weekday: h.weekday, startTime: h.start_time, endTime: h.end_time, kind: h.kind === 'break' ? 'break' : 'work' }))
  const off = { holidays, closed }
  return E.right({
    practitioner: { id, name: name ?? query.practitioner },
    from: dates[0]!,
    to: dates[6]!,
    hours: hoursOfWeek(dates, hours, off, 'work'),
    breaks: hoursOfWeek(dates, hours, off, 'break'),
    daysOff: dates.filter((d) => holidays.has(d)),
    bookings: await dayBookingsOf(root, tenant, bookings),
    blocks: blocks.map(blockView),
  })
}
