/**
 * The slot engine against Cal.com's slot builder (issue 31), on the same input: weekly London hours
 * (Mon-Sat 09:00-17:00, lunch 13:00-13:30), ~6 bookings a working day per practitioner on the
 * quarter hour, a 30-minute service on a 15-minute grid, no notice, a month ahead (March 2027, with
 * its clock change). Ours: `daySlots` (valid slots only, the API's Slot objects with their strings)
 * from the calendars; Cal.com: `getSlots` (bench/lib/calcom-slots.ts) on each practitioner's free
 * ranges of the day (worked out beforehand: its input), each slot's time then written as ISO
 * (what its getSchedule answers). Both must give the same start times and practitioners (checked
 * before timing). Cases: one day and every day of the month, one practitioner and 'any' of 8.
 * Targets: ours >= 50x Cal.com's for a month, >= 30x for a day.
 * Timing: ours and Cal.com's in turns, 5 rounds, medians (the ratio is the median of the rounds' ratios).
 * Run: npm run bench -- slot-engine   (BENCH_MS=time per case and side in ms, default 1500;
 * BENCH_ONLY=regexp of case ids: day-one, day-any, month-one, month-any)
 */
import { loadavg } from 'node:os'
import { calcomAnyHostSlots, calcomGetSlots, dayjs, type CalcomDateRange, type CalcomGetSlots } from './lib/calcom-slots'
import { recordFigure } from './lib/figures.mjs'
import {
  calendarDays,
  datesOfMonth,
  daySlots,
  londonDay,
  prepareDay,
  type Busy,
  type PractitionerCalendar,
  type PractitionerDay,
  type ServiceRequest,
  type SlotOptions,
} from '../src/domain/scheduling'

const LONDON = 'Europe/London'
const YEAR = 2027
const MONTH = 3
const PRACTITIONERS = 8
const DURATION = 30
const STEP = 15
const BENCH_MS = Number(process.env.BENCH_MS || 1500)
const ROUNDS = 5

function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296
    return seed / 4294967296
  }
}

const hours = [{ start: '09:00', end: '17:00' }]
const lunch = [{ start: '13:00', end: '13:30' }]
const week = { 1: hours, 2: hours, 3: hours, 4: hours, 5: hours, 6: hours }
const lunches = { 1: lunch, 2: lunch, 3: lunch, 4: lunch, 5: lunch, 6: lunch }
const dates = datesOfMonth(YEAR, MONTH)

function calendars(): PractitionerCalendar[] {
  const rnd = random(31)
  return Array.from({ length: PRACTITIONERS }, (_, i) => {
    const busy: Busy[] = []
    for (const date of dates) {
      const day = londonDay(date)
      if (day.weekday === 0) continue
      let minute = 9 * 60 + Math.floor(rnd() * 4) * 15
      for (let n = 0; n < 6 && minute < 17 * 60; n++) {
        const length = 30 + Math.floor(rnd() * 4) * 15
        if (minute < 13 * 60 + 30 && minute + length > 13 * 60) minute = 13 * 60 + 30
        if (minute + length > 17 * 60) break
        busy.push({ start: day.toUtc(minute), end: day.toUtc(minute + length), appointmentId: `a${i}-${date}-${n}` })
        minute += length + Math.floor(rnd() * 5) * 15
      }
    }
    return { practitionerId: `p${i}`, schedule: week, breaks: lunches, busy }
  })
}

const CALENDARS = calendars()
const now = Date.now()
const options: SlotOptions & { includeInvalid: boolean } = { now, minNoticeMinutes: 0, includeInvalid: false }
const service = (n: number): ServiceRequest => ({
  serviceId: 's',
  options: CALENDARS.slice(0, n).map((c) => ({ practitionerId: c.practitionerId, durationMinutes: DURATION })),
  intervalMinutes: STEP,
})

/** Ours: the Slot objects of the given dates (what the API answers). */
function ours(days: readonly string[], practitioners: number): { startDate: string; practitioner: string }[] {
  const on = calendarDays(CALENDARS.slice(0, practitioners))
  const request = service(practitioners)
  const out: { startDate: string; practitioner: string }[] = []
  for (const date of days) for (const slot of daySlots({ date, practitioners: on(date), service: request, options })) out.push(slot)
  return out
}

/** Cal.com's input: each practitioner's free ranges of the dates (worked out once, outside the timing). */
function calcomInputs(days: readonly string[], practitioners: number): { id: string; input: CalcomGetSlots }[] {
  const on = calendarDays(CALENDARS.slice(0, practitioners))
  return CALENDARS.slice(0, practitioners).map((c, i) => {
    const dateRanges: CalcomDateRange[] = []
    for (const date of days) {
      const day: PractitionerDay = on(date)[i]
      for (const f of prepareDay(day, londonDay(date).bounds, options).free) {
        dateRanges.push({ start: dayjs(f.start).tz(LONDON), end: dayjs(f.end).tz(LONDON) })
      }
    }
    return {
      id: c.practitionerId,
      input: { inviteeTimeZone: LONDON, organizerTimeZone: LONDON, frequency: STEP, eventLength: DURATION, minimumBookingNotice: 0, dateRanges },
    }
  })
}

function calcom(inputs: readonly { id: string; input: CalcomGetSlots }[]): { startDate: string; practitioner: string }[] {
  if (inputs.length === 1) return calcomGetSlots(inputs[0].input).map((s) => ({ startDate: s.time.toISOString(), practitioner: inputs[0].id }))
  return calcomAnyHostSlots(inputs).map((s) => ({ startDate: s.time.toISOString(), practitioner: s.host }))
}

function same(a: readonly { startDate: string; practitioner: string }[], b: readonly { startDate: string; practitioner: string }[], name: string): void {
  const key = (s: { startDate: string; practitioner: string }) => `${s.startDate} ${s.practitioner}`
  const differ = a.length !== b.length || a.some((s, i) => key(s) !== key(b[i]))
  if (differ) {
    const i = a.findIndex((s, j) => b[j] === undefined || key(s) !== key(b[j]))
    throw new Error(`${name}: outputs differ (ours ${a.length} slots, Cal.com ${b.length}; first at ${i}: ${a[i] && key(a[i])} vs ${b[i] && key(b[i])})`)
  }
}

/** Wall and CPU (the process's, all threads: GC included) ns per run: runs for at least `ms` and at least once. */
function time(run: () => unknown, ms: number): { wallNs: number; cpuNs: number } {
  let n = 0
  const start = process.hrtime.bigint()
  const cpu = process.cpuUsage()
  let elapsed = 0
  while (n === 0 || elapsed < ms * 1e6) {
    run()
    n++
    elapsed = Number(process.hrtime.bigint() - start)
  }
  const used = process.cpuUsage(cpu)
  return { wallNs: elapsed / n, cpuNs: ((used.user + used.system) * 1000) / n }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]

/**
 * Ours and Cal.com's timed in turns (ROUNDS rounds), so that a change of load on a shared machine
 * falls on both: medians of wall and CPU ns per run, and of the per-round ratio of CPU time (what
 * holds on any machine; wall time on 2 shared cores also counts the wait for a core).
 */
function compare(a: () => unknown, b: () => unknown): { aWall: number; aCpu: number; bWall: number; bCpu: number; ratio: number } {
  time(a, BENCH_MS / 4)
  time(b, BENCH_MS / 4)
  const rounds: { a: { wallNs: number; cpuNs: number }; b: { wallNs: number; cpuNs: number } }[] = []
  for (let r = 0; r < ROUNDS; r++) rounds.push({ a: time(a, BENCH_MS / ROUNDS), b: time(b, BENCH_MS / ROUNDS) })
  return {
    aWall: median(rounds.map((r) => r.a.wallNs)),
    aCpu: median(rounds.map((r) => r.a.cpuNs)),
    bWall: median(rounds.map((r) => r.b.wallNs)),
    bCpu: median(rounds.map((r) => r.b.cpuNs)),
    ratio: median(rounds.map((r) => r.b.cpuNs / r.a.cpuNs)),
  }
}

const workDay = dates.find((d) => londonDay(d).weekday === 3) as string
const cases = [
  { id: 'day-one', name: 'a day, one practitioner', days: [workDay], practitioners: 1, target: 30 },
  { id: 'day-any', name: `a day, any of ${PRACTITIONERS}`, days: [workDay], practitioners: PRACTITIONERS, target: 30 },
  { id: 'month-one', name: 'a month, one practitioner', days: dates, practitioners: 1, target: 50 },
  { id: 'month-any', name: `a month, any of ${PRACTITIONERS}`, days: dates, practitioners: PRACTITIONERS, target: 50 },
]

console.log(`Slot engine vs Cal.com getSlots (${BENCH_MS} ms a case, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`)
console.log('Left out: the engine alone, on calendars already in memory (no database reads, no HTTP, no JSON); Cal.com\'s free ranges are worked out outside its timing while ours are inside (the ratio is kinder to Cal.com); one Node process (Cal.com\'s cost is mostly dayjs\'s time-zone plugin, i.e. this Node\'s Intl).')
console.log('case                          slots   ours ops/s  CPU ns/slot   Cal.com ops/s  CPU ns/slot  CPU ratio  target')
for (const c of cases.filter((c) => !process.env.BENCH_ONLY || new RegExp(process.env.BENCH_ONLY).test(c.id))) {
  const inputs = calcomInputs(c.days, c.practitioners)
  const mine = ours(c.days, c.practitioners)
  same(mine, calcom(inputs), c.name)
  const r = compare(
    () => ours(c.days, c.practitioners),
    () => calcom(inputs),
  )
  const slots = mine.length
  console.log(
    `${c.name.padEnd(28)} ${String(slots).padStart(6)} ${(1e9 / r.aWall).toFixed(0).padStart(12)} ${(r.aCpu / slots).toFixed(0).padStart(12)} ${(1e9 / r.bWall).toFixed(1).padStart(15)} ${(r.bCpu / slots).toFixed(0).padStart(12)} ${r.ratio.toFixed(1).padStart(9)}x  >= ${c.target}x`,
  )
  recordFigure({
    id: `slot-engine-${c.id}`,
    name: `slot engine vs Cal.com, ${c.name}`,
    measured: `${r.ratio.toFixed(1)}x CPU (${(r.aCpu / slots).toFixed(0)} vs ${(r.bCpu / slots).toFixed(0)} CPU ns/slot; engine alone, data in memory)`,
    target: `>= ${c.target}x`,
    met: r.ratio >= c.target,
  })
}
