/**
 * A customer's data, all of it (issue 30, the right of access): their account, bookings, invoices
 * with their lines, forms with their answers and signatures, courses, gift vouchers bought, stored
 * cards and the messages sent to them. The customer downloads their own; an admin any customer's.
 * Rows are as stored (column names), without secrets (password and form password hashes) or the tenant.
 */
import * as t from 'io-ts'
import { route } from './route'
import { errors, IdParams } from './codecs'

const Rows = t.array(t.UnknownRecord)

export const CustomerDataExport = t.type(
  {
    exportedAt: t.string,
    organisation: t.string,
    customer: t.UnknownRecord,
    appointments: Rows,
    invoices: Rows,
    invoiceItems: Rows,
    forms: Rows,
    courses: Rows,
    giftVouchers: Rows,
    cards: Rows,
    messages: Rows,
  },
  'CustomerDataExport',
)
export type CustomerDataExport = t.TypeOf<typeof CustomerDataExport>

export const exportMyData = route({
  method: 'GET',
  path: '/user/me/export',
  access: 'customer',
  summary: 'Download everything held about me',
  description: "The signed-in customer's data, all of it, as one JSON document: account, bookings, invoices, signed forms (answers and signature images), courses, gift vouchers, stored cards and the messages sent.",
  responses: { 200: CustomerDataExport, ...errors(401) },
})

export const exportCustomerData = route({
  method: 'GET',
  path: '/admin/customers/{id}/export',
  access: 'admin',
  summary: "Export a customer's data",
  description: 'Everything held about the customer, as the customer downloads it (a subject access request answered by the clinic).',
  params: IdParams,
  responses: { 200: CustomerDataExport, ...errors(400, 401, 403, 404) },
})
