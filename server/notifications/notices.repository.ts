/**
 * Notices: what happened (kind) to which appointments, with a snapshot of them as they were then
 * and their calendar SEQUENCE. Written by notify() inside the transaction of the change; turned
 * into outbox rows once by the notifications service.
 */
import { sql } from 'kysely'
import { newId } from '../db/ids'
import type { DbOrTrx } from '../db/schema'

/** Notices about appointments (their payload is a snapshot of the visit). */
export type AppointmentNoticeKind = 'booked' | 'rescheduled' | 'cancelled' | 'cancelled-by-clinic' | 'reminder' | 'hold-released' | 'deposit-paid'
/**
 * Notices to a customer about no appointment: a purchase (course bought, the gift-voucher buyer's
 * receipt), a gift voucher (to its receiver, or the buyer for themself), a form to fill in.
 */
export type PurchaseNoticeKind = 'course-bought' | 'voucher-bought' | 'gift-voucher' | 'form-to-fill-in'
export type NoticeKind = AppointmentNoticeKind | PurchaseNoticeKind

/** One appointment as the notice saw it. */
export interface NoticeAppointment {
  id: string
  start: string
  end: string
  status: string
  serviceName: string
  practitionerName: string
  clinicName: string
  clinicAddress: string
  price: number
  /** the .ics SEQUENCE for this notice */
  sequence: number
}

export interface NoticePayload {
  appointments: NoticeAppointment[]
  /** reminders: the lead time that made it due */
  leadMinutes?: number
  /** deposit-paid: what was paid (major units) */
  deposit?: NoticeDeposit
  /** purchases (course-bought, voucher-bought): what was bought; such notices have no appointments */
  purchase?: NoticePurchase
  /** gift-voucher: the voucher, and to whom it goes */
  voucher?: NoticeVoucher
  /** form-to-fill-in: the form sent */
  form?: NoticeForm
  /** rescheduled: the appointments that left a practitioner's calendar (moved to another), as they were */
  movedFrom?: NoticeMovedFrom[]
}

/** Where an appointment was before a move to another practitioner: that practitioner is told it left. */
export interface NoticeMovedFrom {
  id: string
  practitionerId: string
  start: string
}

export interface NoticeVoucher {
  code: string
  amount: number
  currency: string
  expiresAt: string
  /** the buyer's name, when sent to someone else */
  from?: string
  /** the receiver (absent: the buyer bought it for themself) */
  receiver?: { name: string; email: string; message?: string }
}

export interface NoticeForm {
  id: string
  type: string
  name: string
  /** the form asks for a password (given to the customer another way) */
  hasPassword: boolean
}

export interface NoticePurchase {
  /** quantity: a course's sessions */
  items: { name: string; quantity: number }[]
}

export interface NoticeDeposit {
  amount: number
  currency: string
}

export interface NoticeRow {
  id: string
  tenant_id: string
  kind: NoticeKind
  customer_id: string | null
  payload: NoticePayload
  created_at: Date
}

/** Kinds after which the calendar event differs (moved, cancelled): SEQUENCE goes up. */
const CHANGES_EVENT: ReadonlySet<NoticeKind> = new Set(['rescheduled', 'cancelled', 'cancelled-by-clinic'])

async function snapshot(db: DbOrTrx, tenant: string, ids: readonly string[]) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('services as s', (j) => j.onRef('s.id', '=', 'a.service_id').on('s.tenant_id', '=', tenant))
    .innerJoin('practitioners as p', (j) => j.onRef('p.id', '=', 'a.practitioner_id').on('p.tenant_id', '=', tenant))
    .innerJoin('clinics as c', (j) => j.onRef('c.id', '=', 'a.clinic_id').on('c.tenant_id', '=', tenant))
    .select(['a.id', 'a.customer_id', 'a.practitioner_id', 'a.status', 'a.starts_at', 'a.ends_at', 'a.price', 's.name as service_name', 's.online_name', 'p.display_name', 'c.account_name', 'c.line1', 'c.line2', 'c.city', 'c.post_code'])
    .where('a.tenant_id', '=', tenant)
    .where('a.id', 'in', [...ids])
    .orderBy('a.starts_at')
    .execute()
}

/** The calendar SEQUENCE of an appointment: 0 at first, one more on each change of the event. */
async function sequenceOf(db: DbOrTrx, tenant: string, appointmentId: string, bump: boolean): Promise<number> {
  const row = bump
    ? await sql<{ sequence: number }>`
        INSERT INTO appointment_calendar (tenant_id, appointment_id, sequence) VALUES (${tenant}, ${appointmentId}, 1)
        ON CONFLICT (tenant_id, appointment_id) DO UPDATE SET sequence = appointment_calendar.sequence + 1
        RETURNING sequence`.execute(db)
    : await sql<{ sequence: number }>`
        INSERT INTO appointment_calendar (tenant_id, appointment_id, sequence) VALUES (${tenant}, ${appointmentId}, 0)
        ON CONFLICT (tenant_id, appointment_id) DO UPDATE SET sequence = appointment_calendar.sequence
        RETURNING sequence`.execute(db)
  return Number(row.rows[0].sequence)
}

/** The current SEQUENCE without changing it (the .ics endpoint). */
export async function currentSequence(db: DbOrTrx, tenant: string, appointmentId: string): Promise<number> {
  const row = await sql<{ sequence: number }>`
    SELECT sequence FROM appointment_calendar WHERE tenant_id = ${tenant} AND appointment_id = ${appointmentId}`.execute(db)
  return Number(row.rows[0]?.sequence ?? 0)
}

export function addressOf(row: { line1: string; line2: string | null; city: string; post_code: string | null }): string {
  return [row.line1, row.line2, row.city, row.post_code].filter((part) => part && part.trim()).join(', ')
}

/**
 * Records a notice about appointments (one visit: the first and its linked ones). Call it inside the
 * transaction of the change, so the notice exists exactly when the change does.
 */
export async function insertNotice(
  db: DbOrTrx,
  tenant: string,
  notice: { kind: AppointmentNoticeKind; appointmentIds: readonly string[]; at: Date; leadMinutes?: number; deposit?: NoticeDeposit; movedFrom?: readonly NoticeMovedFrom[] },
): Promise<void> {
  if (notice.appointmentIds.length === 0) return
  const rows = await snapshot(db, tenant, notice.appointmentIds)
  if (rows.length === 0) return
  const appointments: NoticeAppointment[] = []
  for (const r of rows) {
    appointments.push({
      id: r.id,
      start: new Date(r.starts_at).toISOString(),
      end: new Date(r.ends_at).toISOString(),
      status: r.status,
      serviceName: r.online_name || r.service_name,
      practitionerName: r.display_name,
      clinicName: r.account_name,
      clinicAddress: addressOf(r),
      price: Number(r.price ?? 0),
      sequence: await sequenceOf(db, tenant, r.id, CHANGES_EVENT.has(notice.kind)),
    })
  }
  // Only a move to another practitioner leaves a calendar; a new time with the same one does not.
  const nowWith = new Map(rows.map((r) => [r.id, r.practitioner_id]))
  const movedFrom = (notice.movedFrom ?? []).filter((m) => nowWith.has(m.id) && nowWith.get(m.id) !== m.practitionerId).map((m) => ({ id: m.id, practitionerId: m.practitionerId, start: new Date(m.start).toISOString() }))
  const payload: NoticePayload = {
    appointments,
    ...(movedFrom.length > 0 ? { movedFrom } : {}),
    ...(notice.leadMinutes !== undefined ? { leadMinutes: notice.leadMinutes } : {}),
    ...(notice.deposit ? { deposit: notice.deposit } : {}),
  }
  await sql`INSERT INTO notices (id, tenant_id, kind, customer_id, payload, created_at)
    VALUES (${newId()}, ${tenant}, ${notice.kind}, ${rows[0].customer_id}, ${JSON.stringify(payload)}, ${notice.at})`.execute(db)
}

/**
 * Records a notice to a customer about no appointment (a purchase, a gift voucher, a form), inside
 * the transaction of the change. A purchase with no items records nothing.
 */
export async function insertPurchaseNotice(
  db: DbOrTrx,
  tenant: string,
  notice: { kind: PurchaseNoticeKind; customerId: string; at: Date } & Pick<NoticePayload, 'purchase' | 'voucher' | 'form'>,
): Promise<void> {
  if (notice.purchase && notice.purchase.items.length === 0) return
  if (!notice.purchase && !notice.voucher && !notice.form) return
  const payload: NoticePayload = {
    appointments: [],
    ...(notice.purchase ? { purchase: notice.purchase } : {}),
    ...(notice.voucher ? { voucher: notice.voucher } : {}),
    ...(notice.form ? { form: notice.form } : {}),
  }
  await sql`INSERT INTO notices (id, tenant_id, kind, customer_id, payload, created_at)
    VALUES (${newId()}, ${tenant}, ${notice.kind}, ${notice.customerId}, ${JSON.stringify(payload)}, ${notice.at})`.execute(db)
}

/** Claims pending notices (SKIP LOCKED: one instance renders each); call inside a transaction. */
export async function claimPendingNotices(trx: DbOrTrx, limit = 20): Promise<NoticeRow[]> {
  const rows = await sql<NoticeRow>`
    SELECT id, tenant_id, kind, customer_id, payload, created_at FROM notices
    WHERE rendered_at IS NULL ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(trx)
  return rows.rows
}

export async function markRendered(trx: DbOrTrx, id: string, at: Date): Promise<void> {
  await sql`UPDATE notices SET rendered_at = ${at} WHERE id = ${id}`.execute(trx)
}
