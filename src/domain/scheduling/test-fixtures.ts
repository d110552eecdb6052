/** Builders shared by the scheduling tests (London wall times to UTC instants). */
import { fromZonedTime } from 'date-fns-tz'
import { LONDON_TIME_ZONE } from '../london'
import type { Busy, Interval, PractitionerDay, ServiceRequest } from './types'

/** UTC ms of a London wall time. */
export const at = (date: string, hhmm: string): number => fromZonedTime(`${date}T${hhmm}:00`, LONDON_TIME_ZONE).getTime()

export const span = (date: string, from: string, to: string): Interval => ({ start: at(date, from), end: at(date, to) })

export const booking = (date: string, from: string, to: string, extra: Partial<Busy> = {}): Busy => ({
  ...span(date, from, to),
  ...extra,
})

export function practitioner(id: string, date: string, hours: [string, string][], extra: Partial<PractitionerDay> = {}): PractitionerDay {
  return { practitionerId: id, working: hours.map(([a, b]) => span(date, a, b)), ...extra }
}

export function service(id: string, options: [string, number][], extra: Partial<ServiceRequest> = {}): ServiceRequest {
  return { serviceId: id, options: options.map(([practitionerId, durationMinutes]) => ({ practitionerId, durationMinutes })), ...extra }
}

/** An instant long before any test date. */
export const LONG_AGO = Date.UTC(2020, 0, 1)
