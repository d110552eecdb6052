/** An in-memory CoreData for the commerce service tests (the route tests use the real core). */
import type { AppointmentCommerce, CoreData, CourseCommerce, CustomerCommerce, OrganisationCommerce, OutgoingMail, PaidVoucher } from '../core-data.port'

export class FakeCore implements CoreData {
  organisationRow: OrganisationCommerce = {
    id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    name: 'Demo Clinic',
    currency: 'GBP',
    deposit: { bookingDepositType: 'percentage', bookingDepositAmount: 20, bookingDepositMultipleServicesRule: 'sum', bookingDepositRule: 'each time' },
    giftVoucherValues: [],
    sellGiftVoucherOnline: true,
  }
  customers = new Map<string, CustomerCommerce>()
  appointments = new Map<string, AppointmentCommerce>()
  courses = new Map<string, CourseCommerce>()
  clinics = new Map<string, string>()
  mails: OutgoingMail[] = []

  async organisation() {
    return this.organisationRow
  }
  async customer(_db: unknown, _tenant: string, id: string) {
    return this.customers.get(id)
  }
  async clinicName(_db: unknown, _tenant: string, id: string) {
    return this.clinics.get(id)
  }
  async bookingAppointments(_db: unknown, _tenant: string, id: string) {
    const a = this.appointments.get(id)
    return a ? [{ ...a }] : []
  }
  async bookingAppointmentsById(db: unknown, tenant: string, ids: readonly string[]) {
    return this.lockAppointments(db, tenant, ids)
  }
  async lockAppointments(_db: unknown, _tenant: string, ids: readonly string[]) {
    return ids.flatMap((id) => (this.appointments.has(id) ? [{ ...this.appointments.get(id)! }] : []))
  }
  async scheduleAppointments(_db: unknown, _tenant: string, ids: readonly string[]) {
    for (const id of ids) {
      const a = this.appointments.get(id)
      if (a) this.appointments.set(id, { ...a, status: 'Scheduled', holdExpiresAt: null })
    }
  }
  /** Lapsed Pending holds come back (the fake knows no practitioners, so no other booking can have taken the time). */
  async reviveAppointments(_db: unknown, _tenant: string, ids: readonly string[]) {
    if (!ids.every((id) => this.appointments.get(id)?.status === 'Pending')) return false
    await this.scheduleAppointments(_db, _tenant, ids)
    return true
  }
  async courseAppointments(_db: unknown, _tenant: string, ids: readonly string[]) {
    return [...this.appointments.values()].filter((a) => a.courseId && ids.includes(a.courseId))
  }
  async course(_db: unknown, _tenant: string, id: string) {
    return this.courses.get(id)
  }
  async enqueueMail(_db: unknown, _tenant: string, mail: OutgoingMail) {
    this.mails.push(mail)
  }

  /** Booking notices (kind 'booked'), by appointment ids. */
  booked: string[][] = []

  async notifyBooked(_db: unknown, _tenant: string, appointmentIds: readonly string[]) {
    this.booked.push([...appointmentIds])
  }

  /** Deposit receipts, by appointment ids. */
  depositsPaid: { appointmentIds: string[]; deposit: { amount: number; currency: string } }[] = []

  /** Course purchase notices. */
  coursesBought: { customerId: string; courses: { name: string; quantity: number }[] }[] = []

  async notifyCoursesBought(_db: unknown, _tenant: string, customerId: string, courses: readonly { name: string; quantity: number }[]) {
    this.coursesBought.push({ customerId, courses: [...courses] })
  }

  /** Gift voucher notices. */
  vouchersBought: { customerId: string; vouchers: PaidVoucher[] }[] = []

  async notifyVouchersBought(_db: unknown, _tenant: string, customerId: string, vouchers: readonly PaidVoucher[]) {
    this.vouchersBought.push({ customerId, vouchers: [...vouchers] })
  }

  /** Forms sent. */
  formsSent: { customerId: string; form: { id: string; type: string; name: string; hasPassword: boolean } }[] = []

  async notifyFormSent(_db: unknown, _tenant: string, customerId: string, form: { id: string; type: string; name: string; hasPassword: boolean }) {
    this.formsSent.push({ customerId, form })
  }

  async notifyDepositPaid(_db: unknown, _tenant: string, appointmentIds: readonly string[], deposit: { amount: number; currency: string }) {
    this.depositsPaid.push({ appointmentIds: [...appointmentIds], deposit })
  }
}

export function appointment(over: Partial<AppointmentCommerce> & { id: string; customerId: string }, now: Date): AppointmentCommerce {
  return {
    status: 'Pending',
    holdExpiresAt: new Date(now.getTime() + 5 * 60_000),
    start: new Date(now.getTime() + 24 * 3600_000),
    end: new Date(now.getTime() + 25 * 3600_000),
    clinicId: 'c1c1c1c1c1c1c1c1c1c1c1c1',
    clinicName: 'Harley Street',
    clinicAddress: '10 Harley St, London',
    serviceId: '5e5e5e5e5e5e5e5e5e5e5e5e',
    serviceName: 'Facial',
    practitionerName: 'Dr Jones',
    grossPrice: 100,
    serviceDefaultPrice: 90,
    serviceDepositType: null,
    serviceDepositAmount: null,
    courseId: null,
    ...over,
  }
}
