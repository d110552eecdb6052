import * as t from 'io-ts'
import { route } from './route'
import { errors, queryOf, StringFromQuery } from './codecs'
import { Country } from './customers.codecs'

export { Country }

/** GET /countries[?clinic={id}]: list of {value, label}. */
export const getCountries = route({
  method: 'GET',
  path: '/countries',
  access: 'public',
  summary: 'The countries',
  description: 'The countries offered in address and phone fields, optionally those of one location first.',
  query: queryOf({}, { clinic: StringFromQuery }),
  responses: { 200: t.array(Country), ...errors(400) },
})
