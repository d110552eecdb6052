/**
 * What the commerce services read and change in the core's tables (organisation, customers,
 * appointments, courses, clinics, mail outbox). One implementation (core-data.repository.ts) maps it
 * onto the core's schema, so the services do not depend on it.
 */
import type { DepositSettings } from '../../src/domain/pricing/deposit'
import type { CommerceDb } from './commerce.tables'

export interface OrganisationCommerce {
  id: string
  name: string
  currency: string
  deposit: DepositSettings
  giftVoucherValues: number[]
  sellGiftVoucherOnline: boolean
}

export interface CustomerCommerce {
  id: string
  email: string
  firstName: string
  surname: string
  dateOfBirth: string | null
  accountBalance: number
}

/** A booked appointment as the payment and course flows need it. */
export interface AppointmentCommerce {
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

export interface CourseCommerce {
  id: string
  name: string
  salePrice: number
  taxRate: number
  validityMonths: number | null
  categoryId: string | null
  categoryName: string | null
  services: { id: string; name: string; quantity: number }[]
}

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
  attachments?: { filename: string; content: string; contentType: string }[]
}

export interface CoreData {
  organisation(db: CommerceDb, tenant: string): Promise<OrganisationCommerce>
  customer(db: CommerceDb, tenant: string, customerId: string): Promise<CustomerCommerce | undefined>
  clinicName(db: CommerceDb, tenant: string, clinicId: string): Promise<string | undefined>
  /** The appointment and the ones linked to it (one booking), in start order. */
  bookingAppointments(db: CommerceDb, tenant: string, appointmentId: string): Promise<AppointmentCommerce[]>
  /** Reads appointments by id (no lock). */
  bookingAppointmentsById(db: CommerceDb, tenant: string, ids: readonly string[]): Promise<AppointmentCommerce[]>
  /** Locks the appointments (FOR UPDATE) inside a transaction and reads them. */
  lockAppointments(trx: CommerceDb, tenant: string, ids: readonly string[]): Promise<AppointmentCommerce[]>
  /** Pending holds become Scheduled (inside the payment's transaction). */
  scheduleAppointments(trx: CommerceDb, tenant: string, ids: readonly string[]): Promise<void>
  /**
   * For money already taken: holds that lapsed (still Pending past their expiry, or released by the
   * expiry, not by the customer) become Scheduled when their time is still free. All or nothing:
   * false, and nothing changed, when any of them cannot (another booking took the time).
   */
  reviveAppointments(trx: CommerceDb, tenant: string, ids: readonly string[], now: Date): Promise<boolean>
  /** Appointments booked from a customer course (any status), to count used and booked sessions. */
  courseAppointments(db: CommerceDb, tenant: string, customerCourseIds: readonly string[]): Promise<AppointmentCommerce[]>
  course(db: CommerceDb, tenant: string, courseId: string): Promise<CourseCommerce | undefined>
  /** Puts a mail in the outbox (inside the caller's transaction when one is given). */
  enqueueMail(db: CommerceDb, tenant: string, mail: OutgoingMail): Promise<void>
  /** Tells the customer their appointments are booked (server/notifications: mail with .ics, SMS), in the transaction. */
  notifyBooked(db: CommerceDb, tenant: string, appointmentIds: readonly string[], at: Date): Promise<void>
  /** Sends the customer a receipt for the deposit paid for these appointments (server/notifications), in the transaction. */
  notifyDepositPaid(db: CommerceDb, tenant: string, appointmentIds: readonly string[], deposit: { amount: number; currency: string }, at: Date): Promise<void>
  /** Tells the customer the courses they paid for are theirs (nothing when none), in the transaction. */
  notifyCoursesBought(db: CommerceDb, tenant: string, customerId: string, courses: readonly { name: string; quantity: number }[], at: Date): Promise<void>
  /** Paid gift vouchers: each code to its receiver (or the buyer), and the buyer a receipt, in the transaction. */
  notifyVouchersBought(db: CommerceDb, tenant: string, customerId: string, vouchers: readonly PaidVoucher[], at: Date): Promise<void>
  /** Tells the customer a form waits for them (its link), in the transaction that sends it. */
  notifyFormSent(db: CommerceDb, tenant: string, customerId: string, form: { id: string; type: string; name: string; hasPassword: boolean }, at: Date): Promise<void>
}

/** A paid gift voucher, as its mails tell it. */
export interface PaidVoucher {
  code: string
  amount: number
  currency: string
  expiresAt: string
  /** the buyer's name, when sent to someone else */
  from?: string
  receiver?: { name: string; email: string; message?: string }
}
