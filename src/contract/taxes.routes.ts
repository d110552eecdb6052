import * as t from 'io-ts'
import { route } from './route'
import { bodyOf, BooleanFromString, emptyAsUndefined, entity, errors, IdParams, Int, IntFromString, NonEmptyString, ObjectId, queryOf, StringFromQuery } from './codecs'

/** A tax rate: integer percent, shown 'N% VAT' or 'Exempt (0%)'. */
export const Tax = entity('Tax', { id: ObjectId, name: t.string, rate: Int }, { active: t.boolean, archived: t.boolean })
export type Tax = t.TypeOf<typeof Tax>

/** GET /taxes?archived=&inactive=&name=&rate=: empty values mean 'any'. */
export const TaxesQuery = queryOf({}, {
  archived: emptyAsUndefined(BooleanFromString),
  inactive: emptyAsUndefined(BooleanFromString),
  name: emptyAsUndefined(StringFromQuery),
  rate: emptyAsUndefined(IntFromString),
})
export type TaxesQuery = t.TypeOf<typeof TaxesQuery>

export const getTaxes = route({
  method: 'GET',
  path: '/taxes',
  access: 'customer',
  summary: 'The tax rates',
  description: "The organisation's tax rates, for a signed-in customer or staff member.",
  query: TaxesQuery,
  responses: { 200: t.array(Tax), ...errors(400, 401) },
})

export const TaxBody = bodyOf({ name: NonEmptyString, rate: Int }, { active: t.boolean, archived: t.boolean })
export type TaxBody = t.TypeOf<typeof TaxBody>

/** POST /taxes?organisationId={id} (staff). */
export const createTax = route({
  method: 'POST',
  path: '/taxes',
  access: 'admin',
  summary: 'Create a tax rate',
  description: 'A new tax rate. An admin staff token (401 without a staff session, 403 for other staff).',
  query: queryOf({}, { organisationId: StringFromQuery }),
  body: TaxBody,
  responses: { 200: Tax, ...errors(400, 401, 403, 409) },
})

export const TaxUpdateBody = t.exact(t.partial({ name: NonEmptyString, rate: Int, active: t.boolean, archived: t.boolean }))
export type TaxUpdateBody = t.TypeOf<typeof TaxUpdateBody>

export const updateTax = route({
  method: 'PUT',
  path: '/taxes/{id}',
  access: 'admin',
  summary: 'Change a tax rate',
  description: "Changes a tax rate's name, rate or state. An admin staff token (401 without a staff session, 403 for other staff).",
  params: IdParams,
  body: TaxUpdateBody,
  responses: { 200: Tax, ...errors(400, 401, 403, 404, 409) },
})

/** Not shown in the spec. Designed: the items (services, courses, products) that use the tax. */
export const TaxedItem = entity('TaxedItem', { id: ObjectId, name: t.string, type: t.string }, {})
export type TaxedItem = t.TypeOf<typeof TaxedItem>

export const getTaxItems = route({
  method: 'GET',
  path: '/taxes/{id}/items',
  access: 'customer',
  summary: 'What a tax rate applies to',
  description: 'The services and courses that use the tax rate.',
  params: IdParams,
  responses: { 200: t.array(TaxedItem), ...errors(400, 401, 404) },
})

export const getTax = route({
  method: 'GET',
  path: '/taxes/{id}',
  access: 'customer',
  summary: 'One tax rate',
  description: 'A tax rate by its id.',
  params: IdParams,
  responses: { 200: Tax, ...errors(400, 401, 404) },
})
