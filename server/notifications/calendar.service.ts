/**
 * An appointment's .ics on demand (the web app's 'Add to calendar'): the same UID and current
 * SEQUENCE as the mails, METHOD:CANCEL once it is cancelled, the same ORGANIZER and ATTENDEE. Only
 * the customer's own appointment.
 */
import { buildIcs, type CalendarParty } from '../commerce/ics'
import type { DbOrTrx } from '../db/schema'
import { calendarUid } from './messages'
import { addressOf, currentSequence } from './notices.repository'

const GONE = new Set(['Cancelled', 'Deleted'])

/** The .ics's ORGANIZER: the clinic by name, at the address its mails come from (MAIL_FROM). */
export function organizerOf(organisationName: string, mailFrom: string): CalendarParty {
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom
  return { name: organisationName, email: address.trim() }
}

/** The .ics's ATTENDEE: the customer. */
export function attendeeOf(customer: { first_name: string; surname: string; email: string }): CalendarParty {
  return { name: `${customer.first_name} ${customer.surname}`.trim(), email: customer.email }
}

export async function appointmentCalendar(db: DbOrTrx, tenant: string, customerId: string, id: string, now: Date, mailFrom: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('services as s', (j) => j.onRef('s.id', '=', 'a.service_id').on('s.tenant_id', '=', tenant))
    .innerJoin('practitioners as p', (j) => j.onRef('p.id', '=', 'a.practitioner_id').on('p.tenant_id', '=', tenant))
    .innerJoin('clinics as c', (j) => j.onRef('c.id', '=', 'a.clinic_id').on('c.tenant_id', '=', tenant))
    .innerJoin('organisations as o', 'o.tenant_id', 'a.tenant_id')
    .innerJoin('customers as u', (j) => j.onRef('u.id', '=', 'a.customer_id').on('u.tenant_id', '=', tenant))
    .select(['u.first_name', 'u.surname', 'u.email', 'a.id', 'a.status', 'a.starts_at', 'a.ends_at', 's.name as service_name', 's.online_name', 'p.display_name', 'c.account_name', 'c.line1', 'c.line2', 'c.city', 'c.post_code', 'o.name as organisation_name'])
    .where('a.tenant_id', '=', tenant)
    .where('a.id', '=', id)
    .where('a.customer_id', '=', customerId)
    .executeTakeFirst()
  if (!row) return undefined
  return buildIcs(
    [
      {
        uid: calendarUid(tenant, row.id),
        sequence: await currentSequence(db, tenant, row.id),
        cancelled: GONE.has(row.status),
        start: new Date(row.starts_at),
        end: new Date(row.ends_at),
        summary: `${row.online_name || row.service_name} (${row.organisation_name})`,
        location: [row.account_name, addressOf(row)].filter(Boolean).join(', '),
        description: `With ${row.display_name}`,
      },
    ],
    now,
    { organizer: organizerOf(row.organisation_name, mailFrom), attendee: attendeeOf(row) },
  )
}
