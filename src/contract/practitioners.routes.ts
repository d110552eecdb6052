import * as t from 'io-ts'
import { route } from './route'
import { HoldKey } from './holds.routes'
import { bodyOf, DateOrDateTime, entity, errors, Int, IsoDateTime, Money, ObjectId } from './codecs'

/** A practitioner as offered for a service (spec: Staff / practitioner). */
export const Practitioner = entity(
  'Practitioner',
  { id: ObjectId, displayName: t.string },
  {
    description: t.string,
    gender: t.string,
    /** image URL */
    avatar: t.string,
    grossPrice: Money,
    netPrice: Money,
    /** minutes */
    duration: Int,
  },
)
export type Practitioner = t.TypeOf<typeof Practitioner>

/** POST /practitioners/public: {month, clinic, service}; month 1-12, year defaults to the current one. */
export const PublicPractitionersBody = bodyOf(
  { month: Int, clinic: ObjectId, service: ObjectId },
  { year: Int },
)
export type PublicPractitionersBody = t.TypeOf<typeof PublicPractitionersBody>

export const getPublicPractitioners = route({
  method: 'POST',
  path: '/practitioners/public',
  read: true,
  access: 'public',
  scope: 'catalogue:read',
  summary: 'The practitioners who give a service',
  description: "The practitioners who give the service at the location in the month asked (the year defaults to the current one).",
  body: PublicPractitionersBody,
  responses: { 200: t.array(Practitioner), ...errors(400, 401, 403, 404, 429) },
})

/** A bookable (or shown but invalid) start time. `value` is the London time 'HH:mm'. */
export const Slot = entity('Slot', {
  value: t.string,
  startDate: IsoDateTime,
  endDate: IsoDateTime,
  /** minutes */
  duration: Int,
  valid: t.boolean,
  /** practitioner id */
  practitioner: ObjectId,
}, {
  apptAdjacent: t.boolean,
  nextToService: t.boolean,
})
export type Slot = t.TypeOf<typeof Slot>

/**
 * POST /practitioners/time. `staff` absent or null means any practitioner. `date` is the day
 * ('yyyy-MM-dd' or an ISO date-time within it). `forceInterval` is 5 for every chained service after
 * the first. `appointmentBeingReschedule` is ignored when computing availability. `hold` (issue 17,
 * not in the spec) is the caller's own slot hold: its time shows to them (and only with the right token).
 */
export const PractitionerTimeBody = bodyOf(
  { date: DateOrDateTime, service: ObjectId, clinic: ObjectId },
  {
    staff: t.union([ObjectId, t.null]),
    appointmentBeingReschedule: t.union([ObjectId, t.null]),
    /** customer id */
    user: t.union([ObjectId, t.null]),
    withHolidays: t.boolean,
    forceInterval: Int,
    onlineBooking: t.boolean,
    minimiseGaps: t.boolean,
    checkFirst: t.boolean,
    hold: t.union([HoldKey, t.null]),
  },
)
export type PractitionerTimeBody = t.TypeOf<typeof PractitionerTimeBody>

export const getPractitionerTimes = route({
  method: 'POST',
  path: '/practitioners/time',
  read: true,
  access: 'optionalCustomer',
  summary: 'The free start times of a day',
  description: "The start times a practitioner has free for a service on a date. A customer's token is read only when a reschedule names their appointment.",
  body: PractitionerTimeBody,
  responses: { 200: t.array(Slot), ...errors(400, 404) },
})

/**
 * POST /practitioners/next-available: for the clinic and the basket (services in booking order),
 * the earliest free start of each practitioner who can do them all, within the next `horizonDays`
 * days (default 60, at most 90). A practitioner without one is left out; `any` is the earliest of
 * them (null when none).
 */
export const NextAvailableBody = bodyOf(
  { clinic: ObjectId, services: t.array(ObjectId) },
  { horizonDays: Int },
)
export type NextAvailableBody = t.TypeOf<typeof NextAvailableBody>

export const NextAvailable = entity('NextAvailable', {
  practitioners: t.array(t.type({ practitioner: ObjectId, startDate: IsoDateTime })),
  any: t.union([IsoDateTime, t.null]),
})
export type NextAvailable = t.TypeOf<typeof NextAvailable>

export const getNextAvailable = route({
  method: 'POST',
  path: '/practitioners/next-available',
  read: true,
  access: 'public',
  summary: 'The next free time per practitioner',
  description: 'The earliest free start for the services at the location, per practitioner and for any practitioner, within the horizon asked.',
  body: NextAvailableBody,
  responses: { 200: NextAvailable, ...errors(400, 404) },
})
