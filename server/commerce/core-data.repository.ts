/** CoreData over the core's tables (server/db/schema.ts): the one place commerce reads them. */
import { sql } from 'kysely'
import { toMoney, type DbOrTrx } from '../db/schema'
import { brandedHtmlOfText } from '../notifications/account-messages'
import { enqueueMail } from '../services/mail.service'
import { notify, notifyFormSent, notifyPurchase, notifyVouchersBought } from '../notifications/notifications.service'
import type { CommerceDb } from './commerce.tables'
import type { AppointmentCommerce, CoreData, CourseCommerce, OrganisationCommerce } from './core-data.port'

/** The commerce handle is the core's: one database type (issue 12). */
const core = (db: CommerceDb): DbOrTrx => db

function appointmentQuery(db: CommerceDb, tenant: string) {
  return core(db)
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
      'a.service_id',
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

function toAppointment(r: Row): AppointmentCommerce {
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

export const coreData: CoreData = {
  async organisation(db, tenant): Promise<OrganisationCommerce> {
    const row = await core(db).selectFrom('organisations').select(['id', 'name', 'settings']).where('tenant_id', '=', tenant).executeTakeFirstOrThrow()
    const s = row.settings
    return {
      id: row.id,
      name: row.name,
      currency: s.currency ?? 'GBP',
      deposit: {
        bookingDepositType: s.bookingDepositType ?? null,
        bookingDepositAmount: s.bookingDepositAmount ?? null,
        bookingDepositMultipleServicesRule: s.bookingDepositMultipleServicesRule ?? null,
        bookingDepositRule: s.bookingDepositRule ?? null,
      },
      giftVoucherValues: s.giftVoucherValues ?? [],
      sellGiftVoucherOnline: s.sellGiftVoucherOnline ?? false,
    }
  },

  async customer(db, tenant, id) {
    const row = await core(db)
      .selectFrom('customers')
      .select(['id', 'email', 'first_name', 'surname', 'date_of_birth', 'account_balance'])
      .where('tenant_id', '=', tenant)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) return undefined
    return {
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      surname: row.surname,
      dateOfBirth: row.date_of_birth ? (row.date_of_birth.includes('T') ? row.date_of_birth : `${row.date_of_birth}T12:00:00.000Z`) : null,
      accountBalance: toMoney(row.account_balance) ?? 0,
    }
  },

  async clinicName(db, tenant, id) {
    const row = await core(db).selectFrom('clinics').select('account_name').where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst()
    return row?.account_name
  },

  async bookingAppointments(db, tenant, appointmentId) {
    const main = await core(db).selectFrom('appointments').select(['id', 'group_id']).where('tenant_id', '=', tenant).where('id', '=', appointmentId).executeTakeFirst()
    if (!main) return []
    const group = main.group_id ?? main.id
    const rows = await appointmentQuery(db, tenant)
      .where((eb) => eb.or([eb('a.id', '=', main.id), eb('a.group_id', '=', group), eb('a.id', '=', group)]))
      .orderBy('a.starts_at')
      .execute()
    return rows.map(toAppointment)
  },

  async bookingAppointmentsById(db, tenant, ids) {
    if (ids.length === 0) return []
    const rows = await appointmentQuery(db, tenant).where('a.id', 'in', [...ids]).orderBy('a.starts_at').execute()
    return rows.map(toAppointment)
  },

  async lockAppointments(trx, tenant, ids) {
    if (ids.length === 0) return []
    // Lock the appointment rows first (in id order: no deadlocks between two payments).
    await core(trx).selectFrom('appointments').select('id').where('tenant_id', '=', tenant).where('id', 'in', [...ids]).orderBy('id').forUpdate().execute()
    const rows = await appointmentQuery(trx, tenant).where('a.id', 'in', [...ids]).orderBy('a.starts_at').execute()
    return rows.map(toAppointment)
  },

  async scheduleAppointments(trx, tenant, ids) {
    if (ids.length === 0) return
    await core(trx)
      .updateTable('appointments')
      .set({ status: 'Scheduled', hold_expires_at: null, updated_at: new Date() })
      .where('tenant_id', '=', tenant)
      .where('id', 'in', [...ids])
      .where('status', '=', 'Pending')
      .execute()
  },

  async reviveAppointments(trx, tenant, ids, now) {
    if (ids.length === 0) return true
    // The exclusion constraint decides whether the time is still free: a savepoint keeps its
    // violation from aborting the caller's transaction.
    await sql`SAVEPOINT revive_holds`.execute(trx)
    try {
      const updated = await core(trx)
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
  },

  async courseAppointments(db, tenant, customerCourseIds) {
    if (customerCourseIds.length === 0) return []
    const rows = await appointmentQuery(db, tenant).where('a.course_id', 'in', [...customerCourseIds]).execute()
    return rows.map(toAppointment)
  },

  async course(db, tenant, courseId): Promise<CourseCommerce | undefined> {
    const row = await core(db)
      .selectFrom('courses as c')
      .leftJoin('categories as k', (j) => j.onRef('k.id', '=', 'c.category_id').on('k.tenant_id', '=', tenant))
      .select(['c.id', 'c.name', 'c.sale_price', 'c.tax_rate', 'c.validity_months', 'c.category_id', 'k.name as category_name'])
      .where('c.tenant_id', '=', tenant)
      .where('c.id', '=', courseId)
      .executeTakeFirst()
    if (!row) return undefined
    const services = await core(db)
      .selectFrom('course_services as cs')
      .innerJoin('services as s', (j) => j.onRef('s.id', '=', 'cs.service_id').on('s.tenant_id', '=', tenant))
      .select(['s.id', 's.name', 's.online_name', 'cs.quantity'])
      .where('cs.tenant_id', '=', tenant)
      .where('cs.course_id', '=', courseId)
      .orderBy('s.position')
      .execute()
    return {
      id: row.id,
      name: row.name,
      salePrice: toMoney(row.sale_price) ?? 0,
      taxRate: row.tax_rate,
      validityMonths: row.validity_months,
      categoryId: row.category_id,
      categoryName: row.category_name ?? null,
      services: services.map((s) => ({ id: s.id, name: s.online_name ?? s.name, quantity: s.quantity })),
    }
  },

  async enqueueMail(db, tenant, mail) {
    // Written as text (refund notices): the HTML part is the branded layout of the same paragraphs.
    const html = mail.html ?? (await brandedHtmlOfText(core(db), tenant, mail.subject, mail.text))
    await enqueueMail(core(db), { tenant, ...mail, html })
  },

  async notifyBooked(db, tenant, appointmentIds, at) {
    await notify(core(db), tenant, { kind: 'booked', appointmentIds, at })
  },

  async notifyDepositPaid(db, tenant, appointmentIds, deposit, at) {
    await notify(core(db), tenant, { kind: 'deposit-paid', appointmentIds, at, deposit })
  },

  async notifyCoursesBought(db, tenant, customerId, courses, at) {
    await notifyPurchase(core(db), tenant, { kind: 'course-bought', customerId, at, purchase: { items: [...courses] } })
  },

  async notifyVouchersBought(db, tenant, customerId, vouchers, at) {
    await notifyVouchersBought(core(db), tenant, { customerId, at, vouchers })
  },

  async notifyFormSent(db, tenant, customerId, form, at) {
    await notifyFormSent(core(db), tenant, { customerId, at, form })
  },
}

/** Items (services and courses) that use a tax: by tax id, or by the same rate when none is linked. */
export async function taxedItems(db: CommerceDb, tenant: string, tax: { id: string; rate: number }) {
  const services = await core(db)
    .selectFrom('services')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenant)
    .where((eb) => eb.or([eb('tax_id', '=', tax.id), eb.and([eb('tax_id', 'is', null), eb('tax_rate', '=', tax.rate)])]))
    .orderBy('position')
    .execute()
  const courses = await core(db).selectFrom('courses').select(['id', 'name']).where('tenant_id', '=', tenant).where('tax_rate', '=', tax.rate).orderBy('position').execute()
  return [...services.map((s) => ({ ...s, type: 'Service' })), ...courses.map((c) => ({ ...c, type: 'Course' }))]
}
