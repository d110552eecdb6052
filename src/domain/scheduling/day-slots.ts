/**
 * A day's slots for one service: one practitioner, or 'any practitioner' as the union of each
 * practitioner's slots (each slot names its practitioner). Implements POST /practitioners/time.
 *
 * Rules and decisions:
 * - The slot grid starts at the start of each working interval and steps by forceInterval, else the
 *   service's interval, else 15 minutes; a slot must end inside the same working interval.
 * - A slot is valid when [start, start + duration) lies in free time (working minus breaks minus
 *   busy, see prepared-day.ts). Invalid grid slots are listed with valid false (the UI shows them
 *   greyed) unless includeInvalid is false.
 * - Slots starting before now + minNoticeMinutes are not listed at all.
 * - With minimise gaps active (minimise-gaps.ts; not when checkFirst is false, which marks a later
 *   service of a chain) only offered valid slots are listed, and the
 *   instants where a booking ends (or a service would end where a booking starts) are added as
 *   candidate starts even off the grid.
 * - 'Any practitioner': one slot per start time; a valid slot beats an invalid one, then the
 *   earlier practitioner in the service's option order wins.
 * Cost: linear in grid size plus bookings for each practitioner (one pass with a moving pointer);
 *   'any practitioner' merges the practitioners' ascending lists (mergeByStart), no sort.
 */
import { isoInstant } from './clock-text'
import { londonDay, type LondonDay } from './london-day'
import { minimiseOn, selectOffered } from './minimise-gaps'
import { prepareDay, type PreparedDay } from './prepared-day'
import type { Interval, PractitionerDay, ServiceRequest, Slot, SlotOptions } from './types'

export const MINUTE = 60_000
export const DEFAULT_INTERVAL_MINUTES = 15

export interface DaySlotsInput {
  /** London date 'yyyy-MM-dd'. */
  readonly date: string
  /** The day facts of (at least) every practitioner named in service.options. */
  readonly practitioners: readonly PractitionerDay[]
  readonly service: ServiceRequest
  readonly options: SlotOptions & { readonly includeInvalid?: boolean }
}

export function earliestStart(options: SlotOptions): number {
  return options.now + (options.minNoticeMinutes ?? 0) * MINUTE
}

export function stepOf(service: ServiceRequest): number {
  return (service.forceInterval ?? service.intervalMinutes ?? DEFAULT_INTERVAL_MINUTES) * MINUTE
}

/** Whether minimise gaps narrows this practitioner's day. */
export function minimiseActive(p: PreparedDay, options: SlotOptions): boolean {
  return minimiseOn(options.minimiseGaps) && p.hasBooking
}

export function isAdjacent(p: PreparedDay, start: number, end: number): boolean {
  return p.bookingEnds.has(start) || p.bookingStarts.has(end)
}

/** Candidate starts (ascending, unique) whose [s, s + dur) fits one working interval, s >= earliest. */
export function candidateStarts(
  p: PreparedDay,
  durMs: number,
  stepMs: number,
  earliest: number,
  withAdjacent: boolean,
): number[] {
  const grid: number[] = []
  for (const w of p.working) {
    const k0 = earliest > w.start ? Math.ceil((earliest - w.start) / stepMs) : 0
    for (let s = w.start + k0 * stepMs; s + durMs <= w.end; s += stepMs) grid.push(s)
  }
  if (!withAdjacent) return grid
  const extra: number[] = []
  for (const e of p.bookingEnds) extra.push(e)
  for (const s of p.bookingStarts) extra.push(s - durMs)
  const fitting = extra.filter((s) => s >= earliest && fitsWorking(p.working, s, s + durMs)).sort((a, b) => a - b)
  return mergeUnique(grid, fitting)
}

function fitsWorking(working: readonly Interval[], start: number, end: number): boolean {
  return working.some((w) => w.start <= start && end <= w.end)
}

function mergeUnique(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++]
    if (out.length === 0 || out[out.length - 1] !== next) out.push(next)
  }
  return out
}

export function makeSlot(
  day: LondonDay,
  practitioner: string,
  start: number,
  end: number,
  valid: boolean,
  apptAdjacent: boolean,
  nextToService: boolean,
): Slot {
  return {
    value: day.label(start),
    startDate: isoInstant(start),
    endDate: isoInstant(end),
    duration: Math.round((end - start) / MINUTE),
    valid,
    practitioner,
    apptAdjacent,
    nextToService,
  }
}

export interface RawSlot {
  readonly start: number
  readonly end: number
  readonly valid: boolean
  readonly adjacent: boolean
}

/** One prepared practitioner's slots (valid and invalid), ascending, minimise gaps applied. */
export function practitionerSlots(
  p: PreparedDay,
  durationMinutes: number,
  stepMs: number,
  options: SlotOptions,
  includeInvalid = true,
): RawSlot[] {
  const durMs = durationMinutes * MINUTE
  const earliest = earliestStart(options)
  const out: RawSlot[] = []
  if (!minimiseActive(p, options)) {
    // The grid walked in place (no list of starts first): working is sorted, so the free pointer only moves on.
    let f = 0
    for (const w of p.working) {
      const k0 = earliest > w.start ? Math.ceil((earliest - w.start) / stepMs) : 0
      for (let s = w.start + k0 * stepMs; s + durMs <= w.end; s += stepMs) {
        const e = s + durMs
        while (f < p.free.length && p.free[f].end <= s) f++
        const valid = f < p.free.length && p.free[f].start <= s && e <= p.free[f].end
        if (valid || includeInvalid) out.push({ start: s, end: e, valid, adjacent: isAdjacent(p, s, e) })
      }
    }
    return out
  }
  let f = 0
  for (const s of candidateStarts(p, durMs, stepMs, earliest, true)) {
    const e = s + durMs
    while (f < p.free.length && p.free[f].end <= s) f++
    if (f < p.free.length && p.free[f].start <= s && e <= p.free[f].end) out.push({ start: s, end: e, valid: true, adjacent: isAdjacent(p, s, e) })
  }
  return selectOffered(out, options.minimiseGaps, () => true, (r) => r.adjacent)
}

/**
 * 'Any practitioner': one slot per start from lists each ascending by start (one a practitioner, in
 * option order), merged without a sort: at a start shared by several lists a valid slot beats an
 * invalid one, then the earlier list wins. `visit(item, list)` gets the winners in start order.
 * Cost: slots times lists (a handful of practitioners), no allocation but the heads.
 */
export function mergeByStart<T extends { readonly start: number; readonly valid: boolean }>(
  lists: readonly (readonly T[])[],
  visit: (item: T, list: number) => void,
): void {
  const heads = new Array<number>(lists.length).fill(0)
  for (;;) {
    let best = -1
    let bestItem: T | undefined
    for (let l = 0; l < lists.length; l++) {
      const item = lists[l][heads[l]]
      if (item === undefined) continue
      if (bestItem === undefined || item.start < bestItem.start || (item.start === bestItem.start && item.valid && !bestItem.valid)) {
        best = l
        bestItem = item
      }
    }
    if (bestItem === undefined) return
    visit(bestItem, best)
    const start = bestItem.start
    for (let l = 0; l < lists.length; l++) {
      const list = lists[l]
      while (heads[l] < list.length && list[heads[l]].start === start) heads[l]++
    }
  }
}

/** Each offered practitioner's raw slots of the day (option order), unformatted: what daySlots and offersStart share. */
function rawSlotLists(input: DaySlotsInput): { day: LondonDay; lists: RawSlot[][]; names: string[] } {
  const day = londonDay(input.date)
  // checkFirst false: a later service of a chain, listed unfiltered (minimise-gaps.ts).
  const options = input.options.checkFirst === false ? { ...input.options, minimiseGaps: undefined } : input.options
  const byId = new Map(input.practitioners.map((p) => [p.practitionerId, p]))
  const step = stepOf(input.service)
  const includeInvalid = options.includeInvalid !== false
  const lists: RawSlot[][] = []
  const names: string[] = []
  for (const option of input.service.options) {
    const facts = byId.get(option.practitionerId)
    if (facts === undefined) continue
    const p = prepareDay(facts, day.bounds, options)
    lists.push(practitionerSlots(p, option.durationMinutes, step, options, includeInvalid))
    names.push(option.practitionerId)
  }
  return { day, lists, names }
}

/** The slots of a day for one service (one practitioner, or the union for 'any practitioner'). */
export function daySlots(input: DaySlotsInput): Slot[] {
  const { day, lists, names } = rawSlotLists(input)
  const out: Slot[] = []
  // Only the slots answered are formatted ('HH:mm' and ISO strings), each once.
  if (lists.length === 1) {
    for (const raw of lists[0]) out.push(makeSlot(day, names[0], raw.start, raw.end, raw.valid, raw.adjacent, false))
    return out
  }
  mergeByStart(lists, (raw, list) => out.push(makeSlot(day, names[list], raw.start, raw.end, raw.valid, raw.adjacent, false)))
  return out
}

/**
 * Whether daySlots(input) lists a slot starting at `start` (epoch ms): the same slots, none of them
 * formatted (a booking checks its one start against the day: the day's labels and ISO texts were most
 * of that check's work and allocation).
 */
export function offersStart(input: DaySlotsInput, start: number): boolean {
  return rawSlotLists(input).lists.some((list) => list.some((raw) => raw.start === start))
}
