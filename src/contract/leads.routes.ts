import * as t from 'io-ts'
import { route } from './route'
import { bodyOf, entity, errors, IsoDateTime, literals, NonEmptyString, ObjectId, queryOf } from './codecs'
import { ContactType } from './customers.codecs'

/** Spec section 9: lead status. */
export const LeadStatus = literals(['Open', 'Won', 'Lost'], 'LeadStatus')
export type LeadStatus = t.TypeOf<typeof LeadStatus>

/**
 * Lead form state (spec section 3). First name, surname and email are always required; `required`
 * carries the form's configured required list (from its query) so the server applies the same rules.
 */
export const LeadBody = bodyOf(
  { firstName: NonEmptyString, surname: NonEmptyString, email: NonEmptyString },
  {
    title: t.string,
    gender: t.string,
    /** the date plus T12:00:00.00Z */
    dateOfBirth: IsoDateTime,
    mobilePhone: t.string,
    referralSource: t.string,
    interested: t.array(t.string),
    marketingTypes: t.array(ContactType),
    message: t.string,
    required: t.array(t.string),
  },
)
export type LeadBody = t.TypeOf<typeof LeadBody>

export const Lead = entity('Lead', { id: ObjectId, status: LeadStatus, firstName: t.string, surname: t.string, email: t.string }, {
  title: t.string,
  gender: t.string,
  dateOfBirth: IsoDateTime,
  mobilePhone: t.string,
  referralSource: t.string,
  interested: t.array(t.string),
  marketingTypes: t.array(ContactType),
  message: t.string,
  createdAt: IsoDateTime,
})
export type Lead = t.TypeOf<typeof Lead>

/** POST /customers-lead?from=customer: 'Lead creation' of spec section 7; success is a truthy result. */
export const createLead = route({
  method: 'POST',
  path: '/customers-lead',
  access: 'public',
  summary: 'Leave contact details',
  description: "The lead form: a prospective customer's contact details and interest, for the clinic to call back.",
  query: queryOf({ from: t.literal('customer') }),
  body: LeadBody,
  responses: { 200: Lead, ...errors(400, 429) },
})
