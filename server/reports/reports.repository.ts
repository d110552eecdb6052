/**
 * The report's SQL: every figure is an aggregate computed by the database over one tenant's date
 * range (appointments_tenant_starts, commerce_payments_settled: migration 0114), never rows
 * fetched and summed here, so a year of a large clinic stays one short round trip per query.
 */
import { sql } from 'kysely'
import type { DbOrTrx } from '../db/schema'
import { LONDON_TIME_ZONE as LONDON } from '../../src/domain/london'

/** The range as instants (London midnight of from, London midnight after to) and as London dates. */
export interface ReportWindow {
  tenant: string
  from: string
  to: string
  clinicIds?: string[]
  /** The late-cancellation period in hours (the organisation's policy). */
  lateHours: number
}

const startOf = (w: ReportWindow) => sql`(${w.from}::date::timestamp AT TIME ZONE ${LONDON})`
const endOf = (w: ReportWindow) => sql`((${w.to}::date + 1)::timestamp AT TIME ZONE ${LONDON})`
const clinicFilter = (column: string, w: ReportWindow) => (w.clinicIds ? sql`AND ${sql.ref(column)} = ANY(${w.clinicIds})` : sql``)

/** Each London date of the range (the CTE `days`): the date, its ISO text and its weekday (0 Sunday, as practitioner_hours stores it). */
const daysOf = (w: ReportWindow) => sql`
      SELECT d::date AS day, to_char(d, 'YYYY-MM-DD') AS iso, extract(dow FROM d)::int AS weekday
      FROM generate_series(${w.from}::date, ${w.to}::date, interval '1 day') AS d`

/**
 * The hours row `h` works on `days`' date: no closure covers it (as availability reads them,
 * calendar.repository.ts): a 'closed' one of the clinic or of every clinic closes it for all; a
 * holiday for the practitioner, or for everyone, at that clinic or every one.
 */
const openOnDay = (w: ReportWindow) => sql`NOT EXISTS (
        SELECT 1 FROM closures c
        WHERE c.tenant_id = ${w.tenant} AND c.starts_on <= days.iso AND c.ends_on >= days.iso
          AND (c.clinic_id IS NULL OR c.clinic_id = h.clinic_id)
          AND (c.kind = 'closed' OR c.practitioner_id IS NULL OR c.practitioner_id = h.practitioner_id)
      )`

export interface ActivityRow {
  clinic_id: string
  practitioner_id: string
  bookings: number
  completed: number
  cancelled: number
  cancelled_by_customer: number
  cancelled_by_clinic: number
  cancelled_late: number
  no_shows: number
  booked_minutes: number
}

/**
 * Booked appointments per clinic and practitioner: holds (Pending) and released ones (Deleted) never were bookings.
 * Completed: marked so, or checked in at the desk (the customer came; the desk's check-in keeps the status).
 */
export async function activity(db: DbOrTrx, w: ReportWindow): Promise<ActivityRow[]> {
  const result = await sql<ActivityRow>`
    SELECT a.clinic_id, a.practitioner_id,
      count(*)::int AS bookings,
      (count(*) FILTER (WHERE a.status = 'Completed' OR (a.checked_in AND a.status <> 'Cancelled')))::int AS completed,
      (count(*) FILTER (WHERE a.status = 'Cancelled'))::int AS cancelled,
      (count(*) FILTER (WHERE a.status = 'Cancelled' AND a.cancelled_by = 'customer'))::int AS cancelled_by_customer,
      (count(*) FILTER (WHERE a.status = 'Cancelled' AND a.cancelled_by = 'clinic'))::int AS cancelled_by_clinic,
      (count(*) FILTER (WHERE a.status = 'Cancelled' AND a.cancelled_at > a.starts_at - ${w.lateHours}::double precision * interval '1 hour'))::int AS cancelled_late,
      (count(*) FILTER (WHERE a.status = 'No show'))::int AS no_shows,
      coalesce(round(sum(extract(epoch FROM a.ends_at - a.starts_at) / 60) FILTER (WHERE a.status <> 'Cancelled')), 0)::int AS booked_minutes
    FROM appointments a
    WHERE a.tenant_id = ${w.tenant} AND a.starts_at >= ${startOf(w)} AND a.starts_at < ${endOf(w)}
      AND a.type = 'Appointment'
      AND a.status IN ('Scheduled', 'Running late', 'Completed', 'Incomplete', 'No show', 'Cancelled')
      ${clinicFilter('a.clinic_id', w)}
    GROUP BY a.clinic_id, a.practitioner_id`.execute(db)
  return result.rows
}

export interface WorkingRow {
  clinic_id: string
  practitioner_id: string
  working_minutes: number
}

/**
 * Working minutes per clinic and practitioner: each London date of the range, the weekly hours of
 * its weekday less breaks, except the dates a closure covers (openOnDay).
 */
export async function working(db: DbOrTrx, w: ReportWindow): Promise<WorkingRow[]> {
  const minutes = (column: string) => sql`(split_part(${sql.ref(column)}, ':', 1)::int * 60 + split_part(${sql.ref(column)}, ':', 2)::int)`
  const result = await sql<WorkingRow>`
    WITH days AS (${daysOf(w)})
    SELECT h.clinic_id, h.practitioner_id,
      sum(CASE WHEN h.kind = 'break' THEN -1 ELSE 1 END * (${minutes('h.end_time')} - ${minutes('h.start_time')}))::int AS working_minutes
    FROM days
    JOIN practitioner_hours h ON h.tenant_id = ${w.tenant} AND h.weekday = days.weekday
    JOIN practitioners p ON p.id = h.practitioner_id AND p.active
    WHERE TRUE ${clinicFilter('h.clinic_id', w)}
      AND ${openOnDay(w)}
    GROUP BY h.clinic_id, h.practitioner_id`.execute(db)
  return result.rows
}

export interface TakingsRow {
  clinic_id: string | null
  deposits: string
  payments: string
  refunds: string
  vouchers_redeemed: string
  courses_sold: number
  course_sales: string
  vouchers_sold: number
  voucher_sales: string
}

/**
 * Money by the invoice's clinic (null: sold online without one), by the payment's settlement date:
 * paid payments, those of invoices that pay for appointments (deposits), refunded ones, and the
 * course and gift voucher lines of paid invoices (each invoice once, however many payments paid it).
 * A gift voucher taken at checkout (payment type Giftvoucher, spec section 9) is no new money: the
 * voucher's sale was; it is counted apart, as redeemed, and never in payments or deposits.
 */
export async function takings(db: DbOrTrx, w: ReportWindow): Promise<TakingsRow[]> {
  const result = await sql<TakingsRow>`
    WITH settled AS (
      SELECT p.invoice_id, p.amount, p.status, i.clinic_id, p.type = 'Giftvoucher' AS by_voucher,
        EXISTS (SELECT 1 FROM commerce_invoice_appointments ia WHERE ia.invoice_id = p.invoice_id) AS for_appointments
      FROM commerce_payments p
      JOIN commerce_invoices i ON i.id = p.invoice_id
      WHERE p.tenant_id = ${w.tenant} AND p.status IN ('paid', 'refunded')
        AND p.settled_at >= ${startOf(w)} AND p.settled_at < ${endOf(w)}
        ${clinicFilter('i.clinic_id', w)}
    ),
    paid_invoices AS (
      SELECT DISTINCT invoice_id, clinic_id FROM settled WHERE status = 'paid' AND NOT by_voucher
    ),
    lines AS (
      SELECT s.clinic_id,
        sum(it.quantity) FILTER (WHERE it.type = 'Course') AS courses_sold,
        sum(it.final_price) FILTER (WHERE it.type = 'Course') AS course_sales,
        sum(it.quantity) FILTER (WHERE it.type = 'Giftvoucher') AS vouchers_sold,
        sum(it.final_price) FILTER (WHERE it.type = 'Giftvoucher') AS voucher_sales
      FROM paid_invoices s JOIN commerce_invoice_items it ON it.invoice_id = s.invoice_id
      WHERE it.type IN ('Course', 'Giftvoucher')
      GROUP BY s.clinic_id
    ),
    money AS (
      SELECT clinic_id,
        coalesce(sum(amount) FILTER (WHERE status = 'paid' AND for_appointments AND NOT by_voucher), 0) AS deposits,
        coalesce(sum(amount) FILTER (WHERE status = 'paid' AND NOT by_voucher), 0) AS payments,
        coalesce(sum(amount) FILTER (WHERE status = 'refunded' AND NOT by_voucher), 0) AS refunds,
        coalesce(sum(amount) FILTER (WHERE status = 'paid' AND by_voucher), 0) AS vouchers_redeemed
      FROM settled GROUP BY clinic_id
    )
    SELECT m.clinic_id, m.deposits::text, m.payments::text, m.refunds::text, m.vouchers_redeemed::text,
      coalesce(l.courses_sold, 0)::int AS courses_sold, coalesce(l.course_sales, 0)::text AS course_sales,
      coalesce(l.vouchers_sold, 0)::int AS vouchers_sold, coalesce(l.voucher_sales, 0)::text AS voucher_sales
    FROM money m LEFT JOIN lines l ON l.clinic_id IS NOT DISTINCT FROM m.clinic_id`.execute(db)
  return result.rows
}

export interface BlockedRow {
  clinic_id: string
  practitioner_id: string
  blocked_minutes: number
}

/**
 * Minutes of working time taken by the desk's blocks (Break, Block, Leave: appointment rows of those
 * types): each block clipped to the practitioner's weekly hours of each London date of the range it
 * covers, less its overlap with their weekly breaks (not working time anyway), on dates no closure
 * takes (as working() reads them). A block stops the practitioner at every clinic (one calendar), so
 * the minutes come off the clinic of the hours it covers. The range test is the one of the overlap
 * constraint's GiST index (appointments_no_overlap), so a long leave that began before the range counts.
 */
export async function blocked(db: DbOrTrx, w: ReportWindow): Promise<BlockedRow[]> {
  const at = (column: string) => sql`((days.day + ${sql.ref(column)}::time)::timestamp AT TIME ZONE ${LONDON})`
  const result = await sql<BlockedRow>`
    WITH days AS (${daysOf(w)}),
    blocks AS (
      SELECT a.practitioner_id, a.starts_at, a.ends_at FROM appointments a
      WHERE a.tenant_id = ${w.tenant} AND a.type IN ('Break', 'Block', 'Leave') AND a.status = 'Scheduled'
        AND tstzrange(a.starts_at, a.ends_at) && tstzrange(${startOf(w)}, ${endOf(w)})
    )
    SELECT h.clinic_id, h.practitioner_id,
      round(sum(CASE WHEN h.kind = 'break' THEN -1 ELSE 1 END
        * greatest(0, extract(epoch FROM least(b.ends_at, ${at('h.end_time')}) - greatest(b.starts_at, ${at('h.start_time')})) / 60)))::int AS blocked_minutes
    FROM blocks b
    JOIN days ON days.day >= (b.starts_at AT TIME ZONE ${LONDON})::date AND days.day <= (b.ends_at AT TIME ZONE ${LONDON})::date
    JOIN practitioner_hours h ON h.tenant_id = ${w.tenant} AND h.practitioner_id = b.practitioner_id AND h.weekday = days.weekday
    JOIN practitioners p ON p.id = h.practitioner_id AND p.active
    WHERE TRUE ${clinicFilter('h.clinic_id', w)}
      AND ${openOnDay(w)}
    GROUP BY h.clinic_id, h.practitioner_id`.execute(db)
  return result.rows
}

export interface NamedRow {
  id: string
  name: string
}

export async function clinicNames(db: DbOrTrx, tenant: string): Promise<NamedRow[]> {
  return db.selectFrom('clinics').select(['id', sql<string>`coalesce(name, account_name)`.as('name')]).where('tenant_id', '=', tenant).orderBy('position').orderBy('id').execute()
}

export async function practitionerNames(db: DbOrTrx, tenant: string): Promise<NamedRow[]> {
  return db.selectFrom('practitioners').select(['id', 'display_name as name']).where('tenant_id', '=', tenant).orderBy('position').orderBy('id').execute()
}
