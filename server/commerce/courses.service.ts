/**
 * Courses a customer bought: the list with quantity, used, booked, available and expiry (newest
 * first), courses with sessions left, verification after a course invoice is paid, and the check
 * that guards booking a session from a course (no deposit; refused when sessions run out).
 */
import * as E from 'fp-ts/Either'
import type { CourseAssignment, CustomerCourse } from '../../src/contract'
import { round2 } from '../../src/domain/pricing/money'
import { courseNetPrice } from '../../src/domain/pricing/tax'
import { conflict, notAllowed, invalid, MESSAGES, notFound, type ServiceError } from '../service-error'
import type { CommerceDeps } from './commerce.deps'
import { money, type CommerceDb } from './commerce.tables'
import { activeCoursesOf, coursesOfInvoice, lockCustomerCourse, type CustomerCourseRow } from './courses.repository'
import { findInvoice } from './invoices.repository'
import { settle } from './payments.service'
import { type BookedAppointment, courseAppointments } from '../booking/appointments.repository'
import { catalogueCourse, clinicName, type CatalogueCourse } from '../catalogue/catalogue.repository'

/** Statuses that use a session once the appointment is in the past (or completed). */
const USED = new Set(['Completed', 'No show', 'Scheduled', 'Running late', 'Incomplete'])
/** Statuses that keep a future session booked. */
const BOOKED = new Set(['Scheduled', 'Pending', 'Running late', 'Incomplete'])

export interface SessionCounts {
  used: number
  booked: number
}

/** Used and booked sessions of each course, from the appointments booked with it. */
export function countSessions(rows: readonly CustomerCourseRow[], appointments: readonly BookedAppointment[], now: Date): Map<string, SessionCounts> {
  const counts = new Map<string, SessionCounts>(rows.map((r) => [r.id, { used: r.redeemed, booked: 0 }]))
  for (const a of appointments) {
    const c = a.courseId ? counts.get(a.courseId) : undefined
    if (!c) continue
    if (a.status === 'Pending' && a.holdExpiresAt && a.holdExpiresAt <= now) continue
    if (a.status === 'Completed' || a.status === 'No show' || (USED.has(a.status) && a.start <= now)) c.used++
    else if (BOOKED.has(a.status)) c.booked++
  }
  return counts
}

export const available = (quantity: number, c: SessionCounts) => quantity - c.used - c.booked

const isExpired = (row: CustomerCourseRow, now: Date) => Boolean(row.ends_on && row.ends_on <= now)

async function views(deps: CommerceDeps, tenant: string, rows: CustomerCourseRow[]): Promise<{ row: CustomerCourseRow; view: CustomerCourse; available: number }[]> {
  const now = deps.clock()
  const appointments = await courseAppointments(deps.db, tenant, rows.map((r) => r.id))
  const counts = countSessions(rows, appointments, now)
  const courses = new Map<string, CatalogueCourse | undefined>()
  const clinics = new Map<string, string | undefined>()
  for (const row of rows) {
    if (!courses.has(row.course_id)) courses.set(row.course_id, await catalogueCourse(deps.db, tenant, row.course_id))
    if (row.purchase_location && !clinics.has(row.purchase_location)) {
      clinics.set(row.purchase_location, await clinicName(deps.db, tenant, row.purchase_location))
    }
  }
  return rows.map((row) => {
    const course = courses.get(row.course_id)
    const c = counts.get(row.id) ?? { used: 0, booked: 0 }
    const services = course?.services ?? []
    const service = services.find((s) => s.id === row.service_id) ?? services[0]
    const clinicName = row.purchase_location ? clinics.get(row.purchase_location) : undefined
    const gross = money(row.price)
    const net = courseNetPrice(gross, row.tax)
    const view: CustomerCourse = {
      id: row.id,
      name: row.name,
      course: {
        id: row.course_id,
        name: course?.name ?? row.name,
        services: services.map((s) => ({ id: s.id, name: s.name })),
        additionalServices: services.slice(1).map((s) => ({ service: { id: s.id, name: s.name }, quantity: s.quantity })),
      },
      service: service ? { id: service.id, name: service.name } : { id: row.service_id ?? row.course_id, name: row.name },
      quantity: row.quantity,
      redeemed: c.used,
      reserved: c.booked,
      soldAt: row.sold_at.toISOString(),
      endsOn: row.ends_on ? row.ends_on.toISOString() : null,
      invoiceItem: { createdAt: row.sold_at.toISOString(), quantity: 1, grossPrice: gross, netPrice: net, tax: round2(gross - net) },
      ...(row.purchase_location && clinicName ? { purchaseLocation: { id: row.purchase_location, accountName: clinicName } } : {}),
      ...(row.category_id && course?.categoryName ? { category: { id: row.category_id, name: course.categoryName } } : {}),
    }
    return { row, view, available: available(row.quantity, c) }
  })
}

/** GET /course/customer-course: the customer's courses, newest first. */
export async function customerCourses(
  deps: CommerceDeps,
  tenant: string,
  requesterId: string,
  query: { customerId: string; clinic?: string; excludeExpired?: boolean },
): Promise<E.Either<ServiceError, CustomerCourse[]>> {
  if (query.customerId !== requesterId) return E.left(notAllowed())
  const now = deps.clock()
  let rows = await activeCoursesOf(deps.db, tenant, requesterId)
  if (query.clinic && query.clinic !== 'all') rows = rows.filter((r) => r.purchase_location === query.clinic)
  if (query.excludeExpired) rows = rows.filter((r) => !isExpired(r, now))
  return E.right((await views(deps, tenant, rows)).map((v) => v.view))
}

/** GET /course/withoutAppt/{id}: courses with sessions still to book (not expired). */
export async function coursesWithoutAppointment(deps: CommerceDeps, tenant: string, requesterId: string, customerId: string): Promise<E.Either<ServiceError, CustomerCourse[]>> {
  if (customerId !== requesterId) return E.left(notAllowed())
  const now = deps.clock()
  const rows = (await activeCoursesOf(deps.db, tenant, customerId)).filter((r) => !isExpired(r, now))
  return E.right((await views(deps, tenant, rows)).filter((v) => v.available > 0).map((v) => v.view))
}

/** POST /course/verify-assignment/{invoiceId}: after payment, the courses are the customer's. */
export async function verifyAssignment(deps: CommerceDeps, tenant: string, requesterId: string, invoiceId: string): Promise<E.Either<ServiceError, CourseAssignment>> {
  const invoice = await findInvoice(deps.db, tenant, invoiceId)
  if (!invoice) return E.left(notFound(MESSAGES.invoiceNotFound))
  if (invoice.customer_id !== requesterId) return E.left(notAllowed())
  if (invoice.payment_status === 'Unpaid') {
    // The payment may be authorized without anyone having settled it yet.
    const open = await deps.db.selectFrom('commerce_payments').select('transaction_id').where('invoice_id', '=', invoiceId).where('status', '=', 'open').executeTakeFirst()
    if (open) await settle(deps, tenant, open.transaction_id)
  }
  const rows = await coursesOfInvoice(deps.db, invoiceId)
  const assigned = rows.length > 0 && rows.every((r) => r.status === 'Active')
  return E.right({ assigned, courses: assigned ? (await views(deps, tenant, rows)).map((v) => v.view) : [] })
}

/**
 * The guard for booking a session from a course, for the appointment-creating code to call inside
 * its transaction BEFORE inserting the appointment(s): locks the course row (so concurrent bookings
 * queue), checks owner, payment, expiry and that `sessions` more sessions fit.
 */
export async function reserveCourseSessions(
  trx: CommerceDb,
  tenant: string,
  customerId: string,
  customerCourseId: string,
  sessions: number,
  now: Date,
  serviceIds: readonly string[] = [],
): Promise<E.Either<ServiceError, { customerCourseId: string; available: number }>> {
  const row = await lockCustomerCourse(trx, tenant, customerCourseId)
  if (!row || row.status !== 'Active') return E.left(notFound(MESSAGES.courseNotFound))
  if (row.customer_id !== customerId) return E.left(notAllowed())
  if (isExpired(row, now)) return E.left(conflict(MESSAGES.courseExpired))
  if (serviceIds.length > 0) {
    // A course pays for its own services only (not a laser course spent on injections).
    const course = await catalogueCourse(trx, tenant, row.course_id)
    const covered = new Set([...(course?.services.map((s) => s.id) ?? []), ...(row.service_id ? [row.service_id] : [])])
    if (serviceIds.some((id) => !covered.has(id))) return E.left(invalid(MESSAGES.courseService))
  }
  const appointments = await courseAppointments(trx, tenant, [row.id])
  const counts = countSessions([row], appointments, now).get(row.id)!
  const left = available(row.quantity, counts)
  if (left < sessions) return E.left(conflict(MESSAGES.courseNoSessions))
  return E.right({ customerCourseId: row.id, available: left - sessions })
}
