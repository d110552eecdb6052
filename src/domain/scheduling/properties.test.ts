/** Property tests (fast-check) over random days: chains, busy time, working hours, input order. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chainDay, hasChain } from './chain'
import { daySlots, offersStart } from './day-slots'
import { londonDay } from './london-day'
import { at, LONG_AGO } from './test-fixtures'
import type { Busy, Interval, PractitionerDay, ServiceRequest } from './types'

const D = '2026-03-29' // the March clock-change day, to keep the London conversions honest
const BASE = at(D, '08:00')
const MIN = 60_000
const IDS = ['ann', 'bob', 'cat']

const arbSpan = (maxLen: number): fc.Arbitrary<Interval> =>
  fc
    .tuple(fc.integer({ min: 0, max: 144 }), fc.integer({ min: 1, max: maxLen }))
    .map(([s, l]) => ({ start: BASE + s * 5 * MIN, end: BASE + (s + l) * 5 * MIN }))

const arbDay = (id: string): fc.Arbitrary<PractitionerDay> =>
  fc.record({
    practitionerId: fc.constant(id),
    working: fc.array(arbSpan(60), { minLength: 1, maxLength: 3 }),
    breaks: fc.array(arbSpan(6), { maxLength: 2 }),
    busy: fc.array(
      fc.tuple(arbSpan(18), fc.constantFrom<Busy['kind']>('appointment', 'hold', 'block', undefined)).map(([i, kind]) => ({ ...i, kind })),
      { maxLength: 6 },
    ),
  })

const arbService = (n: number): fc.Arbitrary<ServiceRequest> =>
  fc.record({
    serviceId: fc.constant(`s${n}`),
    options: fc
      .subarray(IDS, { minLength: 1 })
      .chain((ids) => fc.tuple(...ids.map((practitionerId) => fc.integer({ min: 2, max: 18 }).map((k) => ({ practitionerId, durationMinutes: k * 5 }))))),
    intervalMinutes: fc.constantFrom(5, 10, 15, 30),
  })

const arbWorld = fc.record({
  days: fc.tuple(...IDS.map(arbDay)),
  services: fc.integer({ min: 1, max: 3 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbService(i)))),
  minimise: fc.boolean(),
})

const occupied = (p: PractitionerDay): Interval[] => [...(p.breaks ?? []), ...(p.busy ?? [])]
const inside = (list: readonly Interval[], s: number, e: number): boolean => {
  // Inside the union of the (possibly overlapping) working intervals: walk minute by minute.
  for (let t = s; t < e; t += MIN) if (!list.some((w) => w.start <= t && t < w.end)) return false
  return true
}
const clash = (list: readonly Interval[], s: number, e: number): boolean => list.some((b) => b.start < e && s < b.end)
const reversed = (p: PractitionerDay): PractitionerDay => ({
  ...p,
  working: [...p.working].reverse(),
  breaks: [...(p.breaks ?? [])].reverse(),
  busy: [...(p.busy ?? [])].reverse(),
})
const options = (minimise: boolean) => ({ now: LONG_AGO, minimiseGaps: minimise ? { minimiseGaps: true } : undefined })

describe('scheduling properties', () => {
  it('chained services never overlap, never leave a gap, and each fits its practitioner', () => {
    fc.assert(
      fc.property(arbWorld, ({ days, services, minimise }) => {
        const byId = new Map(days.map((d) => [d.practitionerId, d]))
        const chains = chainDay({ date: D, practitioners: days, services, options: options(minimise) })
        for (let k = 1; k < chains.length; k++) expect(chains[k].start).toBeGreaterThan(chains[k - 1].start)
        for (const c of chains) {
          expect(c.services).toHaveLength(services.length)
          expect(c.services[0].start).toBe(c.start)
          expect(c.services.at(-1)!.end).toBe(c.end)
          c.services.forEach((a, i) => {
            if (i > 0) expect(a.start).toBe(c.services[i - 1].end)
            const p = byId.get(a.practitioner)!
            expect(services[i].options.some((o) => o.practitionerId === a.practitioner && o.durationMinutes * MIN === a.end - a.start)).toBe(true)
            expect(inside(p.working, a.start, a.end)).toBe(true)
            expect(clash(occupied(p), a.start, a.end)).toBe(false)
          })
        }
      }),
      { numRuns: 200 },
    )
  })

  it('valid slots avoid busy time and breaks and lie inside working hours; every free grid start is offered', () => {
    fc.assert(
      fc.property(arbDay('ann'), fc.integer({ min: 2, max: 18 }), fc.constantFrom(5, 10, 15, 30), (day, k, step) => {
        const duration = k * 5
        const svc: ServiceRequest = { serviceId: 's', options: [{ practitionerId: 'ann', durationMinutes: duration }], intervalMinutes: step }
        const slots = daySlots({ date: D, practitioners: [day], service: svc, options: { now: LONG_AGO } })
        for (const s of slots) {
          const start = Date.parse(s.startDate)
          const end = Date.parse(s.endDate)
          expect(end - start).toBe(duration * MIN)
          expect(inside(day.working, start, end)).toBe(true)
          expect(s.valid).toBe(!clash(occupied(day), start, end))
        }
        // Completeness on a single working interval: every grid start that fits and is free is listed valid.
        const [w] = day.working
        if (day.working.length === 1) {
          const expected: number[] = []
          const end = Math.min(w.end, londonDay(D).bounds.end)
          for (let s = w.start; s + duration * MIN <= end; s += step * MIN) if (!clash(occupied(day), s, s + duration * MIN)) expected.push(s)
          expect(slots.filter((s) => s.valid).map((s) => Date.parse(s.startDate))).toEqual(expected)
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('results do not depend on the input order of working, break and busy intervals', () => {
    fc.assert(
      fc.property(arbWorld, ({ days, services, minimise }) => {
        const forward = chainDay({ date: D, practitioners: days, services, options: options(minimise) })
        const backward = chainDay({ date: D, practitioners: days.map(reversed), services, options: options(minimise) })
        expect(backward).toEqual(forward)
        const single = (ds: PractitionerDay[]) => daySlots({ date: D, practitioners: ds, service: services[0], options: options(minimise) })
        expect(single(days.map(reversed))).toEqual(single(days))
      }),
      { numRuns: 200 },
    )
  })

  it('hasChain answers whether the day has a chain, in both assignment modes (what the month view asks)', () => {
    fc.assert(
      fc.property(arbWorld, fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), ({ days, services, minimise }, checkFirst, first, last, firstFree) => {
        const opts = { now: LONG_AGO, checkFirst, minimiseGaps: minimise ? { minimiseGaps: true, alsoShowFirst: first, alsoShowLast: last } : undefined }
        const assignment = firstFree ? ('first-free' as const) : ('search' as const)
        const chains = chainDay({ date: D, practitioners: days, services, options: opts, assignment })
        expect(hasChain({ date: D, practitioners: days, services, options: opts, assignment })).toBe(chains.length > 0)
      }),
      { numRuns: 500 },
    )
  })

  it('a limited search returns the head of the full answer (what the month view relies on)', () => {
    fc.assert(
      fc.property(arbWorld, fc.boolean(), fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 3 }), ({ days, services, minimise }, checkFirst, first, last, limit) => {
        const opts = { now: LONG_AGO, checkFirst, minimiseGaps: minimise ? { minimiseGaps: true, alsoShowFirst: first, alsoShowLast: last } : undefined }
        const full = chainDay({ date: D, practitioners: days, services, options: opts })
        const limited = chainDay({ date: D, practitioners: days, services, options: opts, limit })
        expect(limited).toEqual(full.slice(0, limit))
      }),
      { numRuns: 300 },
    )
  })

  it('offersStart answers whether daySlots lists a slot at that start, for starts on and off the grid', () => {
    fc.assert(
      fc.property(arbWorld, fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 144 * 5 }), ({ days, services, minimise }, checkFirst, includeInvalid, minute) => {
        const input = { date: D, practitioners: days, service: services[0], options: { ...options(minimise), checkFirst, includeInvalid } }
        const listed = new Set(daySlots(input).map((s) => Date.parse(s.startDate)))
        for (const start of [BASE + minute * MIN, ...listed]) expect(offersStart(input, start)).toBe(listed.has(start))
      }),
      { numRuns: 500 },
    )
  })

  it("'first-free' chains equal what the client builds from per-service daySlots lists", () => {
    fc.assert(
      fc.property(arbWorld, ({ days, services, minimise }) => {
        const base = { now: LONG_AGO, minimiseGaps: minimise ? { minimiseGaps: true, alsoShowFirst: true } : undefined }
        // The client: first line with checkFirst true, the others with forceInterval 5 and checkFirst false.
        const lists = services.map((svc, i) =>
          daySlots({
            date: D,
            practitioners: days,
            service: i === 0 ? svc : { ...svc, forceInterval: 5 },
            options: { ...base, checkFirst: i === 0 },
          }).filter((x) => x.valid),
        )
        const client: string[] = []
        for (const head of lists[0]) {
          const parts = [head]
          for (const list of lists.slice(1)) {
            const next = list.find((x) => x.startDate === parts[parts.length - 1].endDate)
            if (next === undefined) break
            parts.push(next)
          }
          if (parts.length === services.length) client.push(parts.map((x) => `${x.startDate}/${x.practitioner}`).join(' '))
        }
        const server = chainDay({ date: D, practitioners: days, services, options: base, assignment: 'first-free' }).map((c) =>
          c.services.map((a) => `${a.slot.startDate}/${a.practitioner}`).join(' '),
        )
        expect(server).toEqual(client)
      }),
      { numRuns: 300 },
    )
  })
})
