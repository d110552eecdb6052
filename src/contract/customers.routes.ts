import * as t from 'io-ts'
import { route } from './route'
import { errors, IdParams, NonEmptyString } from './codecs'
import { Customer, customerOptionalProps } from './customers.codecs'

/**
 * PUT /customers/{id}: the personal details form. Every field optional (only those sent change);
 * unknown fields (id, accountBalance, cards, password) are stripped. The detailed rules
 * (required fields, phone per country) are src/domain/validation's, applied by the server.
 */
export const CustomerUpdate = t.exact(
  t.partial({ ...customerOptionalProps, firstName: NonEmptyString, surname: NonEmptyString, email: NonEmptyString }),
  'CustomerUpdate',
)
export type CustomerUpdate = t.TypeOf<typeof CustomerUpdate>

export const updateCustomer = route({
  method: 'PUT',
  path: '/customers/{id}',
  access: 'customer',
  summary: "Update the customer's details",
  description: 'Changes the personal details sent (only those); 409 when the new email belongs to another account.',
  params: IdParams,
  body: CustomerUpdate,
  responses: { 200: Customer, ...errors(400, 401, 403, 404, 409) },
})
