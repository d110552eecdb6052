/**
 * Multi-service chaining (spec section 4: "Multi-service bookings keep only start times where each
 * following service starts right after the previous one ends"; section 9: forceInterval 5 for every
 * service after the first).
 *
 * Rules and decisions:
 * - The first service's candidate starts are its valid slots (grid from its own interval or
 *   forceInterval); every later service must start exactly where the previous one ends, in free
 *   time, on a 5-minute grid counted from the start of the working interval it falls in.
 * - 'Any practitioner' (a service with several options) may put each service on a different
 *   practitioner. The choice is deterministic: the first assignment in option order (depth-first,
 *   first service's practitioner first) that completes the chain; (service, start) results are
 *   memoised, so the search stays linear in practical cases. `assignment: 'first-free'` instead
 *   gives each service to the first practitioner free at its start without backtracking, which is
 *   what the client computes from per-service 'any' slot lists (use it to keep the month view and
 *   the client's time list in agreement).
 * - Minimise gaps: see minimise-gaps.ts (checkFirst true or absent filters the first service's slots,
 *   false filters whole chains as blocks).
 * - `limit` stops at that many start times (the month view asks for 1 per day).
 */
import { covers, indexContaining } from './interval'
import {
  candidateStarts,
  earliestStart,
  isAdjacent,
  makeSlot,
  MINUTE,
  minimiseActive,
  practitionerSlots,
  stepOf,
} from './day-slots'
import { londonDay, type LondonDay } from './london-day'
import { minimiseOn } from './minimise-gaps'
import { prepareDay, type PreparedDay } from './prepared-day'
import type { ChainOption, PractitionerDay, ServiceAssignment, ServiceRequest, SlotOptions } from './types'

export const LINKED_SERVICE_INTERVAL_MINUTES = 5
const DAY_MS = 86_400_000
/** Most practitioners one service may list (head packing). */
const OPTION_SLOTS = 4096

export interface ChainDayInput {
  readonly date: string
  readonly practitioners: readonly PractitionerDay[]
  /** The basket, in booking order (at least one service). */
  readonly services: readonly ServiceRequest[]
  readonly options: SlotOptions
  /** Stop after this many start times. */
  readonly limit?: number
  /**
   * 'search' (default): the first complete assignment in option order, backtracking when a choice
   * cannot complete the chain. 'first-free': each service goes to the first practitioner free at
   * its start, no backtracking: exactly what a client gets by chaining per-service 'any' slot lists.
   */
  readonly assignment?: 'search' | 'first-free'
}

interface Step {
  readonly serviceIndex: number
  readonly optionIndex: number
  readonly start: number
  readonly end: number
}

function onGrid(p: PreparedDay, start: number, stepMs: number): boolean {
  const k = indexContaining(p.working, start)
  return k >= 0 && (start - p.working[k].start) % stepMs === 0
}

const MAX_TOTALS = 64

/** First-service starts s with s + (a possible chain length) = a booking start of a last-service practitioner. */
function blockEndStarts(services: readonly ServiceRequest[], prep: (id: string) => PreparedDay | null): number[] {
  let totals = new Set<number>([0])
  for (const service of services) {
    const next = new Set<number>()
    for (const t of totals) for (const o of service.options) if (next.size < MAX_TOTALS) next.add(t + o.durationMinutes * MINUTE)
    totals = next
  }
  const out: number[] = []
  for (const o of services[services.length - 1].options) {
    const p = prep(o.practitionerId)
    if (p === null) continue
    for (const b of p.bookingStarts) for (const t of totals) out.push(b - t)
  }
  return out
}

interface Search {
  readonly day: LondonDay
  /** A practitioner's prepared day (memoised), null when the input has no facts for them. */
  readonly prep: (id: string) => PreparedDay | null
  /** The first completion of services i.. starting at `start` (memoised), null when there is none. */
  readonly solve: (serviceIndex: number, start: number) => Step[] | null
  readonly firstFree: boolean
  /** Minimise gaps judged on whole chains (checkFirst false). */
  readonly blockMode: boolean
}

function search(input: ChainDayInput): Search {
  const { services, options } = input
  const day = londonDay(input.date)
  const facts = new Map(input.practitioners.map((p) => [p.practitionerId, p]))
  const prepared = new Map<string, PreparedDay | null>()
  const prep = (id: string): PreparedDay | null => {
    let p = prepared.get(id)
    if (p === undefined) {
      const f = facts.get(id)
      p = f === undefined ? null : prepareDay(f, day.bounds, options)
      prepared.set(id, p)
    }
    return p
  }
  const linkedStep = LINKED_SERVICE_INTERVAL_MINUTES * MINUTE
  const firstFree = input.assignment === 'first-free'
  // memo[i]: start instant -> completion of services i.. from there (null = impossible).
  const memo = services.map(() => new Map<number, Step[] | null>())
  const solve = (serviceIndex: number, start: number): Step[] | null => {
    if (serviceIndex === services.length) return []
    const known = memo[serviceIndex].get(start)
    if (known !== undefined) return known
    let result: Step[] | null = null
    const service = services[serviceIndex]
    for (let optionIndex = 0; optionIndex < service.options.length && result === null; optionIndex++) {
      const o = service.options[optionIndex]
      const p = prep(o.practitionerId)
      if (p === null) continue
      const end = start + o.durationMinutes * MINUTE
      if (!covers(p.free, start, end) || !onGrid(p, start, linkedStep)) continue
      const rest = solve(serviceIndex + 1, end)
      if (rest !== null) result = [{ serviceIndex, optionIndex, start, end }, ...rest]
      else if (firstFree) break
    }
    memo[serviceIndex].set(start, result)
    return result
  }
  return { day, prep, solve, firstFree, blockMode: isBlockMode(options) }
}

function isBlockMode(options: SlotOptions): boolean {
  return minimiseOn(options.minimiseGaps) && options.checkFirst === false
}

/**
 * Whether the day has a start time for the whole basket: the same answer as
 * `chainDay({ ...input, limit: 1 }).length > 0`, found with less work (the month view asks it for
 * every day): practitioners are prepared only until one chain is found, and no slot is built.
 */
export function hasChain(input: ChainDayInput): boolean {
  const { services, options } = input
  if (services.length === 0) return false
  // Minimise gaps on whole chains needs every start of the day (alsoShowLast): the full search.
  if (isBlockMode(options)) return chainDay({ ...input, limit: 1 }).length > 0
  const { prep, solve, firstFree } = search(input)
  const first = services[0]
  const step = stepOf(first)
  // 'first-free': at each start only the first practitioner (in option order) free then is tried.
  const tried = new Set<number>()
  for (let optionIndex = 0; optionIndex < first.options.length && optionIndex < OPTION_SLOTS; optionIndex++) {
    const o = first.options[optionIndex]
    const p = prep(o.practitionerId)
    if (p === null) continue
    for (const r of practitionerSlots(p, o.durationMinutes, step, options, false)) {
      if (firstFree) {
        if (tried.has(r.start)) continue
        tried.add(r.start)
      }
      if (solve(1, r.end) !== null) return true
    }
  }
  return false
}

/** The start times of the day at which the whole basket fits, with each service's assignment. */
export function chainDay(input: ChainDayInput): ChainOption[] {
  const { services, options } = input
  if (services.length === 0) return []
  const { day, prep, solve, firstFree, blockMode } = search(input)

  // First service: valid starts per practitioner, in option order.
  const first = services[0]
  const firstStep = stepOf(first)
  // Heads (start, option) packed in one number so a typed-array sort orders them: start offset
  // from the day's start (ms, < 2^37) times OPTION_SLOTS plus the option index.
  const base = day.bounds.start - DAY_MS
  const packed: number[] = []
  const push = (start: number, optionIndex: number): void => {
    packed.push((start - base) * OPTION_SLOTS + optionIndex)
  }
  const endStarts = blockMode ? [...new Set(blockEndStarts(services, prep))].filter((s) => s >= earliestStart(options)) : []
  first.options.forEach((o, optionIndex) => {
    const p = optionIndex < OPTION_SLOTS ? prep(o.practitionerId) : null
    if (p === null) return
    if (!blockMode) {
      for (const r of practitionerSlots(p, o.durationMinutes, firstStep, options, false)) push(r.start, optionIndex)
      return
    }
    // Block mode judges minimise gaps on whole chains: consider every valid start, adjacency candidates included.
    const durMs = o.durationMinutes * MINUTE
    const starts = candidateStarts(p, durMs, firstStep, earliestStart(options), minimiseActive(p, options))
    for (const s of starts) if (covers(p.free, s, s + durMs)) push(s, optionIndex)
    // Block mode: also chains ending exactly where a booking of a last-service practitioner starts.
    for (const s of endStarts) if (covers(p.free, s, s + durMs)) push(s, optionIndex)
  })
  const sortedHeads = Float64Array.from(packed).sort()
  const headStart = (h: number): number => base + Math.floor(sortedHeads[h] / OPTION_SLOTS)
  const headOption = (h: number): number => sortedHeads[h] % OPTION_SLOTS

  const practitionerOf = (s: Step): string => services[s.serviceIndex].options[s.optionIndex].practitionerId
  const settings = options.minimiseGaps
  // Block mode (minimise-gaps.ts): is the chain offered on its own merits (without alsoShowLast)?
  const offered = (c: Step[], isFirst: boolean): boolean => {
    if (!blockMode) return true
    const head = prep(practitionerOf(c[0]))!
    const tail = prep(practitionerOf(c[c.length - 1]))!
    // An off-grid start exists only to touch a booking: it must be adjacent to be offered.
    const active = head.hasBooking || tail.hasBooking || !onGrid(head, c[0].start, firstStep)
    const adjacent = head.bookingEnds.has(c[0].start) || tail.bookingStarts.has(c[c.length - 1].end)
    return !active || adjacent || (isFirst && settings?.alsoShowFirst === true)
  }

  const limit = input.limit ?? Number.POSITIVE_INFINITY
  const chains: Step[][] = []
  let lastFound: Step[] | null = null // the latest start's first valid chain
  let lastTaken = false
  let foundAny = false
  for (let h = 0; h < sortedHeads.length && chains.length < limit; ) {
    // All heads at one start, in option order: take the first chain that is offered.
    const start = headStart(h)
    let firstValid: Step[] | null = null
    let taken: Step[] | null = null
    for (let tried = 0; h < sortedHeads.length && headStart(h) === start; h++, tried++) {
      if (taken !== null || (firstFree && tried > 0)) continue
      const optionIndex = headOption(h)
      const o = first.options[optionIndex]
      const end = start + o.durationMinutes * MINUTE
      const rest = solve(1, end)
      if (rest === null) continue
      const chain = [{ serviceIndex: 0, optionIndex, start, end }, ...rest]
      firstValid ??= chain
      if (offered(chain, !foundAny)) taken = chain
    }
    if (firstValid === null) continue
    foundAny = true
    lastFound = taken ?? firstValid
    lastTaken = taken !== null
    if (taken !== null) chains.push(taken)
  }
  // alsoShowLast: the day's last valid chain is offered too (only known once every start was tried).
  if (blockMode && settings?.alsoShowLast === true && lastFound !== null && !lastTaken && chains.length < limit) chains.push(lastFound)

  return chains.map((steps) => {
    const assignments: ServiceAssignment[] = steps.map((s) => {
      const practitioner = practitionerOf(s)
      const p = prep(practitioner)!
      return {
        serviceId: services[s.serviceIndex].serviceId,
        practitioner,
        start: s.start,
        end: s.end,
        slot: makeSlot(day, practitioner, s.start, s.end, true, isAdjacent(p, s.start, s.end), s.serviceIndex > 0),
      }
    })
    return { value: assignments[0].slot.value, start: steps[0].start, end: steps[steps.length - 1].end, services: assignments }
  })
}
