/**
 * An appointment's .ics on demand (the web app's 'Add to calendar'): the same UID and current
 * SEQUENCE as the mails, METHOD:CANCEL once it is cancelled. Only the customer's own appointment.
 */
import { buildIcs } from '../commerce/ics'
import type { DbOrTrx } from '../db/schema'
import { calendarUid } from './messages'
import { addressOf, currentSequence } from './notices.repository'

const GONE = new Set(['Cancelled', 'Deleted'])

export async function appointmentCalendar(db: DbOrTrx, tenant: string, customerId: string, id: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('appointments as a')
    .innerJoin('services as s', (j) => j.onRef('s.id', '=', 'a.service_id').on('s.tenant_id', '=', tenant))
    .innerJoin('practitioners as p', (j) => j.onRef('p.id', '=', 'a.practitioner_id').on('p.tenant_id', '=', tenant))
    .innerJoin('clinics as c', (j) => j.onRef('c.id', '=', 'a.clinic_id').on('c.tenant_id', '=', tenant))
    .innerJoin('organisations as o', 'o.tenant_id', 'a.tenant_id')
    .select(['a.id', 'a.status', 'a.starts_at', 'a.ends_at', 's.name as service_name', 's.online_name', 'p.display_name', 'c.account_name', 'c.line1', 'c.line2', 'c.city', 'c.post_code', 'o.name as organisation_name'])
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
  )
}
