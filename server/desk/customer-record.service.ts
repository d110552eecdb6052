/**
 * The customer's record at the desk (issue 29): contact details, upcoming and past visits, courses
 * and their use, forms sent and signed, and the staff's free-text notes (staff only: no customer
 * answer or CLI customer output reads the notes table; the data export does, server/privacy). Customers created at the desk have
 * no password: they are mailed a link to set one.
 */
import { randomBytes } from 'node:crypto'
import * as E from 'fp-ts/Either'
import type { CustomerContact, CustomerRecord, CustomerSummary, DeskCustomerBody, RecordForm, StaffNote } from '../../src/contract'
import { londonDateOf } from '../../src/domain/time'
import { isoDateToDayMonthYear, validateDeskCustomer } from '../../src/domain/validation/desk-customer'
import { splitVisits } from '../../src/domain/desk/customer-visits'
import { findCustomer, issueToken } from '../accounts/account.service'
import { hashPassword } from '../accounts/password'
import { dayBookingsOf } from '../admin/day.service'
import type { CommerceDeps } from '../commerce/commerce.deps'
import { customerCourses } from '../commerce/courses.service'
import { customerCreatedData } from '../integrations/integration-bookings.service'
import { emitWebhookEvent } from '../integrations/webhooks.service'
import { newId } from '../db/ids'
import type { Db } from '../db/schema'
import type { MailApi } from '../notifications/mail.service'
import { brandedMail } from '../notifications/account-messages'
import { conflict, invalid, notFound, type ServiceError } from '../service-error'
import type { SignedInStaff } from '../staff/staff.service'
import { operatorDb } from '../staff/staff.tables'
import * as repo from './customer-record.repository'
import { notesDb } from './desk.tables'

export const RECORD_MESSAGES = {
  notFound: 'Customer not found.',
  emailTaken: 'A customer with this email already exists. Find them by their email.',
  noteTooLong: 'A note can be at most 4000 characters.',
} as const

/** How long the set-password link of a customer created at the desk stays valid. */
export const SET_PASSWORD_DAYS = 7
const VISITS = 200

const isoOf = (d: Date | string) => new Date(d).toISOString()

export function setPasswordMessage(firstName: string, organisation: string, link: string) {
  return {
    subject: 'Set your password',
    paragraphs: [
      `Hello ${firstName},`,
      `${organisation} has made you an account for online booking. Choose a password to see and manage your appointments.`,
      `The link is valid for ${SET_PASSWORD_DAYS} days and can be used once.`,
    ],
    details: [],
    action: { label: 'Choose a password', url: link },
    sms: '',
  }
}

/** POST /admin/customers: the account with an unusable password, its customer.created event and the set-password mail, in one transaction. */
export async function createDeskCustomer(
  deps: { db: Db; mail: MailApi; origin: string; now: Date },
  tenant: string,
  body: DeskCustomerBody,
): Promise<E.Either<ServiceError, CustomerSummary>> {
  const checked = validateDeskCustomer({ ...body, dateOfBirth: isoDateToDayMonthYear(body.dob) }, londonDateOf(deps.now))
  if (E.isLeft(checked)) return E.left(invalid(Object.values(checked.left).join(' ')))
  const c = checked.right
  const id = newId()
  // No one knows this password: the customer sets theirs through the mailed link.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'))
  const created = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('customers')
      .values({
        id,
        tenant_id: tenant,
        email: c.email,
        password_hash: unusable,
        verified: false,
        title: c.title,
        first_name: c.firstName,
        surname: c.surname,
        date_of_birth: `${c.dob}T12:00:00.000Z`,
        gender: c.gender,
        mobile_phone: c.mobilePhone,
        referral_source: c.referralSource ?? null,
        marketing_types: JSON.stringify([]),
        // Mail always (the set-password link, the pay link); texts too where the customer takes them (text-consent.ts).
        notification_types: JSON.stringify([...new Set(['Email', ...(body.notificationTypes ?? [])])]),
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) return false
    // Announced to integrators as a customer not made by their own sign-up (the payload's 'api').
    await emitWebhookEvent(trx, tenant, 'customer.created', deps.now, () => customerCreatedData({ id, email: c.email, firstName: c.firstName, surname: c.surname }, 'api'))
    const token = await issueToken(trx, tenant, id, 'reset', SET_PASSWORD_DAYS * 24 * 60, deps.now)
    const organisation = await trx.selectFrom('organisations').select('name').where('tenant_id', '=', tenant).executeTakeFirst()
    const message = setPasswordMessage(c.firstName, organisation?.name ?? 'Your clinic', `${deps.origin}/user/reset-password/${token}`)
    await deps.mail.enqueueMail({ tenant, to: c.email, ...(await brandedMail(trx, tenant, message)) }, trx)
    return true
  })
  if (!created) return E.left(conflict(RECORD_MESSAGES.emailTaken))
  return E.right({ id, email: c.email, firstName: c.firstName, surname: c.surname, mobilePhone: c.mobilePhone })
}

function contactOf(row: NonNullable<Awaited<ReturnType<typeof findCustomer>>>): CustomerContact {
  const address = [row.address1, row.address2, row.city, row.county, row.post_code].filter((p) => p && p.trim() !== '').join(', ')
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    surname: row.surname,
    verified: row.verified,
    ...(row.title ? { title: row.title } : {}),
    ...(row.mobile_phone ? { mobilePhone: row.mobile_phone } : {}),
    ...(row.date_of_birth ? { dateOfBirth: row.date_of_birth.slice(0, 10) } : {}),
    ...(row.gender ? { gender: row.gender } : {}),
    ...(address ? { address } : {}),
  }
}

const noteOf = (row: { id: string; text: string; author: string; created_at: Date }): StaffNote => ({ id: row.id, text: row.text, author: row.author, createdAt: isoOf(row.created_at) })

/** GET /admin/customers/{id}: another tenant's customer (or an unknown id) is not found. */
export async function customerRecord(deps: CommerceDeps, tenant: string, customerId: string, now: Date): Promise<E.Either<ServiceError, CustomerRecord>> {
  const row = await findCustomer(deps.db, tenant, customerId)
  if (!row) return E.left(notFound(RECORD_MESSAGES.notFound))
  const [visits, courses, forms, notes] = await Promise.all([
    repo.customerVisits(operatorDb(deps.db), tenant, customerId, VISITS),
    customerCourses(deps, tenant, customerId, { customerId }),
    repo.customerForms(deps.db, tenant, customerId),
    repo.notesOf(notesDb(deps.db), tenant, customerId),
  ])
  return E.right({
    contact: contactOf(row),
    ...splitVisits(await dayBookingsOf(deps.db, tenant, visits), now),
    courses: E.isRight(courses) ? courses.right : [],
    forms: forms.map(
      (f): RecordForm => ({
        id: f.id,
        type: f.type as RecordForm['type'],
        name: (f.model as { name?: string } | null)?.name ?? f.type,
        isSigned: f.is_signed,
        isUpdated: f.is_updated,
        sentAt: isoOf(f.created_at),
        ...(f.signed_at ?? f.updated_at ? { completedAt: isoOf((f.signed_at ?? f.updated_at)!) } : {}),
      }),
    ),
    notes: notes.map(noteOf),
  })
}

/** POST /admin/customers/{id}/notes: signed with the staff member's name. */
export async function addNote(db: Db, who: SignedInStaff, customerId: string, text: string, now: Date): Promise<E.Either<ServiceError, StaffNote>> {
  const tenant = who.staff.tenant_id
  const trimmedText = text.trim()
  if (trimmedText.length > 4000) return E.left(invalid(RECORD_MESSAGES.noteTooLong))
  if (!(await findCustomer(db, tenant, customerId))) return E.left(notFound(RECORD_MESSAGES.notFound))
  const row = await repo.insertNote(notesDb(db), { tenant, customerId, staffId: who.staff.id, author: who.staff.display_name, text: trimmedText, now })
  return E.right(noteOf(row))
}
