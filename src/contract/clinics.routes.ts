import * as t from 'io-ts'
import { route } from './route'
import { entity, errors, FiniteNumber, ObjectId } from './codecs'

export const Address = entity(
  'Address',
  { line1: t.string, city: t.string },
  { line2: t.string, country: t.string, postCode: t.string, latitude: FiniteNumber, longitude: FiniteNumber },
)
export type Address = t.TypeOf<typeof Address>

/**
 * Clinic (location) with its per-clinic flags. phone, email and photo go beyond the spec's shape
 * (issue 17: the customer area shows how to contact the clinic, the location list its picture).
 */
export const Clinic = entity(
  'Clinic',
  { id: ObjectId, accountName: t.string, address: Address },
  { name: t.string, active: t.boolean, archived: t.boolean, showOnline: t.boolean, phone: t.string, email: t.string, photo: t.string },
)
export type Clinic = t.TypeOf<typeof Clinic>

/** Clinics shown online (the booking start). */
export const getPublicClinics = route({
  method: 'GET',
  path: '/public-clinics',
  access: 'public',
  scope: 'catalogue:read',
  summary: 'The locations open for online booking',
  description: 'Every clinic (location) that takes online bookings, with its address, contact details and per-location flags.',
  responses: { 200: t.array(Clinic), ...errors(400, 401, 403, 429) },
})

/** Every clinic of the organisation (customer area: 'Book again' checks, course locations). */
export const getClinics = route({
  method: 'GET',
  path: '/clinics',
  access: 'public',
  summary: 'Every location of the organisation',
  description: "All clinics of the organisation, also those not booked online (the customer area's 'Book again' checks and course locations).",
  responses: { 200: t.array(Clinic), ...errors(401) },
})
