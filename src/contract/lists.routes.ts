import * as t from 'io-ts'
import { route } from './route'
import { bodyOf, errors, NonEmptyString } from './codecs'

/** A configurable list; `client_referral_sources` holds newline-separated values in one string. */
export const ListEntry = t.type({ sys_name: t.string, values: t.union([t.string, t.array(t.string)]) }, 'ListEntry')
export type ListEntry = t.TypeOf<typeof ListEntry>

export const getLists = route({
  method: 'GET',
  path: '/lists',
  access: 'public',
  summary: 'The choice lists',
  description: "The tenant's choice lists (titles, genders, how-did-you-hear options) by system name.",
  responses: { 200: t.array(ListEntry), ...errors(401) },
})

/** PUT /lists: upserts one entry by sys_name (staff only). */
export const ListEntryBody = bodyOf({ sys_name: NonEmptyString, values: t.union([t.string, t.array(t.string)]) })
export const putLists = route({
  method: 'PUT',
  path: '/lists',
  access: 'admin',
  summary: 'Change a choice list',
  description: 'Replaces the values of one choice list. An admin staff token (401 without a staff session, 403 for other staff).',
  body: ListEntryBody,
  responses: { 200: ListEntry, ...errors(400, 401, 403) },
})
