/**
 * The appointments as the payment and course flows read and change them (deposits, settlement,
 * course sessions): the queries over the appointments table that server/commerce uses.
 */
import { sql } from 'kysely'
import { toMoney, type DbOrTrx } from '../db/schema'

/** A booked appointment as the payment and course flows need it. */
export interface BookedAppointment {
  id: string
  customerId: string
  status: string
  /** When the pending hold lapses (null once scheduled). */
  holdExpiresAt: Date | null
  start: Date
  end: Date
  clinicId: string
  clinicName: string
  clinicAddress: string
  serviceId: string
  serviceName: string
  practitionerName: string
  /** what the customer pays: the practitioner's gross price, else the service default */
  grossPrice: number | null
  serviceDefaultPrice: number
  serviceDepositType: string | null
  serviceDepositAmount: number | null
  /** customer course id when booked from a course */
  courseId: string | null
}

function appointmentQuery(db: DbOrTrx, tenant: string) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('services as s', (j) => j.onRef('s.id', '=', 'a.service_id').on('s.tenant_id', '=', tenant))
    .innerJoin('practitioners as p', (j) => j.onRef('p.id', '=', 'a.practitioner_id').on('p.tenant_id', '=', tenant))
    .innerJoin('clinics as c', (j) => j.onRef('c.id', '=', 'a.clinic_id').on('c.tenant_id', '=', tenant))
    .select([
      'a.id',
      'a.customer_id',
      'a.status',
      'a.hold_expires_at',
      'a.starts_at',
      'a.ends_at',
      'a.clinic_id',
      's.id as service_id',
      'a.gross_price',
      'a.price',
      'a.course_id',
      'a.group_id',
      's.name as service_name',
      's.online_name as service_online_name',
      's.default_price',
      's.booking_deposit_type',
      's.booking_deposit_amount',
      'p.display_name',
      'c.account_name',
      'c.line1',
      'c.line2',
      'c.city',
      'c.post_code',
    ])
    .where('a.tenant_id', '=', tenant)
}

type Row = Awaited<ReturnType<ReturnType<typeof appointmentQuery>['execute']>>[number]

function toAppointment(r: Row): BookedAppointment {
  return {
    id: r.id,
    customerId: r.customer_id ?? '',
    status: r.status,
    holdExpiresAt: r.hold_expires_at,
    start: r.starts_at,
    end: r.ends_at,
    clinicId: r.clinic_id,
    clinicName: r.account_name,
    clinicAddress: [r.line1, r.line2, r.city, r.post_code].filter(Boolean).join(', '),
    serviceId: r.service_id,
    serviceName: r.service_online_name ?? r.service_name,
    practitionerName: r.display_name,
    grossPrice: toMoney(r.gross_price ?? r.price),
    serviceDefaultPrice: toMoney(r.default_price) ?? 0,
    serviceDepositType: r.booking_deposit_type,
    serviceDepositAmount: toMoney(r.booking_deposit_amount),
    courseId: r.course_id,
  }
}

/** The appointment and the ones linked to it (one booking), in start order. */
export async function bookingAppointments(db: DbOrTrx, tenant: string, appointmentId: string): Promise<BookedAppointment[]> {
  const main = await db.selectFrom('appointments').select(['id', 'group_id']).where('tenant_id', '=', tenant).where('id', '=', appointmentId).executeTakeFirst()
  if (!main) return []
  const group = main.group_id ?? main.id
  const rows = await appointmentQuery(db, tenant)
    .where((eb) => eb.or([eb('a.id', '=', main.id), eb('a.group_id', '=', group), eb('a.id', '=', group)]))
    .orderBy('a.starts_at')
    .execute()
  return rows.map(toAppointment)
}

/** Reads appointments by id (no lock). */
export async function bookingAppointmentsById(db: DbOrTrx, tenant: string, ids: readonly string[]): Promise<BookedAppointment[]> {
  if (ids.length === 0) return []
  const rows = await appointmentQuery(db, tenant).where('a.id', 'in', [...ids]).orderBy('a.starts_at').execute()
  return rows.map(toAppointment)
}

/** Locks the appointments (FOR UPDATE) inside a transaction and reads them. */
export async function lockAppointments(trx: DbOrTrx, tenant: string, ids: readonly string[]): Promise<BookedAppointment[]> {
  if (ids.length === 0) return []
  // Lock the appointment rows first (in id order: no deadlocks between two payments).
  await trx.selectFrom('appointments').select('id').where('tenant_id', '=', tenant).where('id', 'in', [...ids]).orderBy('id').forUpdate().execute()
  const rows = await appointmentQuery(trx, tenant).where('a.id', 'in', [...ids]).orderBy('a.starts_at').execute()
  return rows.map(toAppointment)
}

/** Pending holds become Scheduled (inside the payment's transaction). */
export async function scheduleAppointments(trx: DbOrTrx, tenant: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await trx
    .updateTable('appointments')
    .set({ status: 'Scheduled', hold_expires_at: null, updated_at: new Date() })
    .where('tenant_id', '=', tenant)
    .where('id', 'in', [...ids])
    .where('status', '=', 'Pending')
    .execute()
}

/**
 * Held appointments the customer now pays at the clinic (the desk's switch from a pay link): Scheduled
 * with no deposit due now, their hold ended. False, and nothing changed, when one is no longer Pending.
 */
export async function scheduleToPayAtClinic(trx: DbOrTrx, tenant: string, ids: readonly string[], now: Date): Promise<boolean> {
  if (ids.length === 0) return true
  const updated = await trx
    .updateTable('appointments')
    .set({ status: 'Scheduled', hold_expires_at: null, deposit: 0, updated_at: now })
    .where('tenant_id', '=', tenant)
    .where('id', 'in', [...ids])
    .where('status', '=', 'Pending')
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) === ids.length
}

/**
 * For money already taken: holds that lapsed (still Pending past their expiry, or released by the
 * expiry, not by the customer) become Scheduled when their time is still free. All or nothing:
 * false, and nothing changed, when any of them cannot (another booking took the time).
 */
export async function reviveAppointments(trx: DbOrTrx, tenant: string, ids: readonly string[], now: Date): Promise<boolean> {
  if (ids.length === 0) return true
  // The exclusion constraint decides whether the time is still free: a savepoint keeps its
  // violation from aborting the caller's transaction.
  await sql`SAVEPOINT revive_holds`.execute(trx)
  try {
    const updated = await trx
      .updateTable('appointments')
      .set({ status: 'Scheduled', hold_expires_at: null, updated_at: now })
      .where('tenant_id', '=', tenant)
      .where('id', 'in', [...ids])
      .where((eb) =>
        eb.or([
          eb('status', '=', 'Pending'),
          // Released at or after its expiry (by the sweeper or a later booking); a customer's own
          // release comes before it.
          eb.and([eb('status', '=', 'Deleted'), eb('hold_expires_at', 'is not', null), eb('updated_at', '>=', eb.ref('hold_expires_at'))]),
        ]),
      )
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== ids.length) {
      await sql`ROLLBACK TO SAVEPOINT revive_holds`.execute(trx)
      return false
    }
    await sql`RELEASE SAVEPOINT revive_holds`.execute(trx)
    return true
  } catch (error) {
    if ((error as { code?: string }).code !== '23P01') throw error
    await sql`ROLLBACK TO SAVEPOINT revive_holds`.execute(trx)
    return false
  }
}

/** Appointments booked from a customer course (any status), to count used and booked sessions. */
export async function courseAppointments(db: DbOrTrx, tenant: string, customerCourseIds: readonly string[]): Promise<BookedAppointment[]> {
  if (customerCourseIds.length === 0) return []
  const rows = await appointmentQuery(db, tenant).where('a.course_id', 'in', [...customerCourseIds]).execute()
  return rows.map(toAppointment)
}
