/**
 * The reason a desk booking or move falls outside a practitioner's working day (the domain's
 * fitsWorkingDay over the same calendars availability reads), as the desk's refusal text.
 */
import * as E from 'fp-ts/Either'
import { calendarDays, fitsWorkingDay, londonDay, nobodyWorkingText, outsideWorkingDayText } from '../../src/domain/scheduling'
import { londonDateOf } from '../../src/domain/time'
import type { DbOrTrx } from '../db/schema'
import { loadCalendars } from './calendar.repository'

export interface Candidate {
  practitionerId: string
  /** Minutes the visit takes with this practitioner. */
  minutes: number
}

/**
 * Undefined when at least one candidate's working day holds [start, start + their minutes) at the
 * clinic; else the text of the refusal (the one candidate's, or that nobody works then).
 */
export async function outsideWorkingDay(db: DbOrTrx, tenant: string, clinicId: string, start: Date, candidates: readonly Candidate[]): Promise<string | undefined> {
  if (candidates.length === 0) return undefined
  const date = londonDateOf(start)
  const ids = [...new Set(candidates.map((c) => c.practitionerId))]
  const { calendars, closedDates } = await loadCalendars(db, tenant, clinicId, ids, date, date)
  const days = calendarDays(calendars)(date)
  const refusals = []
  for (const c of candidates) {
    const day = days.find((d) => d.practitionerId === c.practitionerId)
    if (!day) continue
    const fits = fitsWorkingDay(day, { start: start.getTime(), end: start.getTime() + c.minutes * 60_000 }, londonDay(date), closedDates.has(date))
    if (E.isRight(fits)) return undefined
    refusals.push({ candidate: c, refusal: fits.left })
  }
  if (refusals.length === 0) return undefined
  const first = refusals[0]!
  if (refusals.length === 1 || first.refusal._tag === 'ClinicClosed') {
    const named = await db.selectFrom('practitioners').select('display_name').where('tenant_id', '=', tenant).where('id', '=', first.candidate.practitionerId).executeTakeFirst()
    return outsideWorkingDayText(first.refusal, named?.display_name ?? 'The practitioner')
  }
  return nobodyWorkingText(date)
}
