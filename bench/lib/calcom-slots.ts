/**
 * Reference for bench/slot-engine.bench.ts: Cal.com's slot builder, `getSlots` with `dateRanges`
 * (its `buildSlotsWithDateRanges` path), from calcom/cal.com packages/lib/slots.ts at commit
 * ee70029ef66cba9caed38448a5a7eba656828c6b. Cal.com is (c) Cal.com, Inc. and contributors,
 * AGPL-3.0 (https://github.com/calcom/cal.com/blob/main/LICENSE).
 *
 * Written again here from that file, step for step and with the same dayjs calls per slot (the cost
 * we compare against), not copied: for each date range, start at the later of the range start and
 * now + minimum notice, round up to the interval (60, 30, 20 or 10 when the frequency is a multiple,
 * else 15), add offsetStart, convert to the invitee's zone, then walk by frequency while
 * start + eventLength - 1 s is not after the range end (a range ending at the organizer's midnight
 * gets one more minute). Cal.com's 'any' (round-robin) hosts: each host's slots, united by their ISO
 * time in host order and sorted by time, as its getSchedule does with a Map keyed on the time.
 */
import dayjs, { type Dayjs } from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)

export interface CalcomDateRange {
  readonly start: Dayjs
  readonly end: Dayjs
}

export interface CalcomGetSlots {
  /** The invitee's day; its zone is the zone of the slots. */
  readonly inviteeTimeZone: string
  readonly frequency: number
  readonly dateRanges: readonly CalcomDateRange[]
  readonly minimumBookingNotice: number
  readonly eventLength: number
  readonly offsetStart?: number
  readonly organizerTimeZone: string
}

const INTERVALS_WITH_DEFINED_START_TIMES = [60, 30, 20, 10]

export function calcomGetSlots(input: CalcomGetSlots): { time: Dayjs }[] {
  const frequency = Math.max(1, input.frequency)
  const eventLength = Math.max(1, input.eventLength)
  const offsetStart = input.offsetStart ? Math.max(1, input.offsetStart) : 0
  const slots: { time: Dayjs }[] = []
  input.dateRanges.forEach((range) => {
    const startWithNotice = dayjs.utc().add(input.minimumBookingNotice, 'minute')
    let slotStart = range.start.utc().isAfter(startWithNotice) ? range.start : startWithNotice
    let interval = 15
    for (const candidate of INTERVALS_WITH_DEFINED_START_TIMES) {
      if (frequency % candidate === 0) {
        interval = candidate
        break
      }
    }
    if (slotStart.minute() % interval !== 0) {
      slotStart = slotStart.startOf('hour').add(Math.ceil(slotStart.minute() / interval) * interval, 'minute')
    }
    const organizerOffset = dayjs().tz(input.organizerTimeZone).utcOffset()
    const rangeEnd = range.end
      .add(organizerOffset, 'minutes')
      .isSame(range.end.endOf('day').add(organizerOffset, 'minutes'), 'minute')
      ? range.end.add(1, 'minute')
      : range.end
    slotStart = slotStart.add(offsetStart, 'minutes').tz(input.inviteeTimeZone)
    while (!slotStart.add(eventLength, 'minutes').subtract(1, 'second').utc().isAfter(rangeEnd)) {
      slots.push({ time: slotStart })
      slotStart = slotStart.add(frequency + offsetStart, 'minutes')
    }
  })
  return slots
}

/** Round-robin 'any host': each host's slots, first host wins a time, sorted by time. */
export function calcomAnyHostSlots(hosts: readonly { id: string; input: CalcomGetSlots }[]): { time: Dayjs; host: string }[] {
  const byTime = new Map<string, { time: Dayjs; host: string }>()
  for (const host of hosts) {
    for (const slot of calcomGetSlots(host.input)) {
      const key = slot.time.toISOString()
      if (!byTime.has(key)) byTime.set(key, { time: slot.time, host: host.id })
    }
  }
  return [...byTime.values()].sort((a, b) => a.time.valueOf() - b.time.valueOf())
}

export { dayjs }
