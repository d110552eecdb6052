/**
 * A customer's data, all of it (issue 30, the right of access): their account, bookings, invoices
 * with their lines, forms with their answers and signatures, courses, gift vouchers bought, stored
 * cards, the messages sent to them and the staff's notes about them (who wrote each, when). The
 * customer downloads their own; an admin any customer's.
 * Rows are as stored (column names), without secrets (password and form password hashes) or the tenant.
 */
import * as t from 'io-ts'
import { route } from './route'
import { bodyOf, errors, IdParams, NonEmptyString } from './codecs'

const Rows = t.array(t.UnknownRecord)

export const CustomerDataExport = t.intersection(
  [
    t.type({
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
    }),
    /**
     * waitlist entries (issue 32) with their offers, and the staff's notes (id, author, text,
     * created_at): personal data under the right of access though staff-only on screen. The server
     * always sends both; optional for answers of servers from before.
     */
    t.partial({ waitlist: Rows, notes: Rows }),
  ],
  'CustomerDataExport',
)
export type CustomerDataExport = t.TypeOf<typeof CustomerDataExport>

export const exportMyData = route({
  method: 'GET',
  path: '/user/me/export',
  access: 'customer',
  summary: 'Download everything held about me',
  description: "The signed-in customer's data, all of it, as one JSON document: account, bookings, invoices, signed forms (answers and signature images), courses, gift vouchers, stored cards, the messages sent and the staff's notes about me.",
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

/**
 * What an erasure did (issue 30, the right to erasure): counts only, so that the answer itself holds
 * nothing personal. The pseudonym is what invoices and payment records now show for the customer.
 */
export const ErasureReceipt = t.type(
  {
    customerId: t.string,
    pseudonym: t.string,
    appointmentsCancelled: t.number,
    formsDeleted: t.number,
    cardsDeleted: t.number,
    leadsDeleted: t.number,
    messagesDeleted: t.number,
    invoicesKept: t.number,
  },
  'ErasureReceipt',
)
export type ErasureReceipt = t.TypeOf<typeof ErasureReceipt>

/** The customer confirms with their password: a token left on a shared computer cannot erase the account. */
export const EraseMeBody = bodyOf({ password: NonEmptyString })
export type EraseMeBody = t.TypeOf<typeof EraseMeBody>

export const eraseMyData = route({
  method: 'POST',
  path: '/user/me/erase',
  access: 'customer',
  summary: 'Erase my account and data',
  description:
    "Erases the signed-in customer (confirmed with their password; a wrong one is a 400, not a 401, so the session stays): personal details, signed forms, stored cards, enquiries and messages are deleted or anonymised, future bookings cancelled, every session ended. Invoices and payments are kept under a pseudonym (accounting records). The email may sign up again.",
  body: EraseMeBody,
  responses: { 200: ErasureReceipt, ...errors(400, 401, 429) },
})

export const eraseCustomerData = route({
  method: 'POST',
  path: '/admin/customers/{id}/erase',
  access: 'admin',
  summary: 'Erase a customer',
  description: "Erases the customer as their own request does (an erasure request answered by the clinic): personal data and forms removed, future bookings cancelled, sessions ended, invoices kept under a pseudonym.",
  params: IdParams,
  responses: { 200: ErasureReceipt, ...errors(400, 401, 403, 404) },
})
