import * as c from '../../src/contract'
import type { SetupDocument } from '../../src/contract/setup-document.codecs'
import type { BodyOf, ParamsOf, QueryOf, ResponseOf, Route } from '../../src/contract'
import {
  appointmentPayload,
  appointmentView,
  category,
  clinic,
  clinicMinimal,
  course,
  currentUser,
  customer,
  customerCourse,
  event,
  id,
  ids,
  invoice,
  leadBody,
  linkedPayload,
  organisation,
  pendingView,
  practitioner,
  service,
  slot,
  slotHold,
  storedCard,
  tax,
  userForm,
  voucherReceiver,
} from './entity-samples'

export * from './entity-samples'

/**
 * One table row per route, built from the entity samples. Each row is typed by its route, so a
 * sample that no longer fits the contract fails typecheck.
 */
const reportActivity = { bookings: 40, completed: 30, cancelled: 6, cancelledByCustomer: 4, cancelledByClinic: 2, cancelledLate: 1, noShows: 2, bookedMinutes: 2100, workingMinutes: 8400, utilisation: 25 }
const reportTakings = { depositsTaken: 400, paymentsTaken: 1850.5, refunds: 40, vouchersRedeemed: 50, coursesSold: 2, courseSales: 600, vouchersSold: 3, voucherSales: 150 }

// -------------------------------------------------------------------------------------------------
// Route table
// -------------------------------------------------------------------------------------------------

type SuccessStatus = 200 | 201 | 204
export interface RouteSample<R extends Route = Route> {
  readonly route: R
  readonly params?: ParamsOf<R>
  readonly query?: QueryOf<R>
  readonly body?: BodyOf<R>
  /** Sample of each 2xx response (error responses are derived from the route's statuses). */
  readonly responses: { [S in keyof R['responses'] & SuccessStatus]?: ResponseOf<R, S> }
}

function sample<R extends Route>(route: R, s: Omit<RouteSample<R>, 'route'>): RouteSample {
  return { route, ...s } as unknown as RouteSample
}

const idParams = { id: ids.appointment }
const dataExport: c.CustomerDataExport = {
  exportedAt: '2026-12-02T10:00:00.000Z', organisation: 'Riverside', customer: { id: ids.customer, email: 'jane@example.test', first_name: 'Jane' },
  appointments: [{ id: ids.appointment, status: 'Scheduled' }], invoices: [], invoiceItems: [], forms: [{ id: id(70), is_signed: true, signature: 'data:image/png;base64,AA==' }],
  courses: [], giftVouchers: [], cards: [], messages: [{ subject: 'Booking confirmed' }], waitlist: [],
  notes: [{ id: id(71), author: 'Maya Thompson', text: 'Prefers mornings', created_at: '2026-11-01T10:00:00.000Z' }],
}
const erasure: c.ErasureReceipt = {
  customerId: ids.customer, pseudonym: 'Erased customer 1a2b3c4d', appointmentsCancelled: 1, formsDeleted: 2, cardsDeleted: 1, leadsDeleted: 0, messagesDeleted: 3, invoicesKept: 1,
}
const waitlistEntry: c.WaitlistEntry = {
  id: ids.appointment, clinic: { id: ids.clinic, name: 'Bristol' }, services: [{ id: ids.service, name: 'HydraFacial' }, { id: ids.service2, name: 'LED therapy' }],
  practitioner: null, from: '2026-12-01', to: '2026-12-14', parts: ['morning', 'evening'], status: 'active', createdAt: '2026-11-30T09:00:00.000Z',
}
const staffUser: c.StaffUser = { id: ids.practitioner, email: 'owner@riverside.example.com', displayName: 'Owner', role: 'admin' }
const dayBooking: c.DayBooking = {
  id: ids.appointment, start: '2026-12-02T10:00:00.000Z', end: '2026-12-02T11:00:00.000Z', status: 'Scheduled', checkedIn: false,
  practitioner: 'Maya Thompson', location: 'Bristol', service: 'HydraFacial', customer: 'Jane Doe', depositPaid: 28, paid: [{ type: 'Online', amount: 28 }], due: 112, customerEmail: 'jane@example.test', customerId: ids.customer,
}

const timeBlock: c.TimeBlock = { id: ids.appointment, type: 'Block', start: '2026-12-02T11:00:00.000Z', end: '2026-12-02T12:00:00.000Z', practitionerId: ids.practitioner, practitioner: 'Maya Thompson', locationId: ids.clinic, location: 'Bristol', note: 'Team meeting' }
const checkout: c.Checkout = {
  appointmentId: ids.appointment,
  service: 'Facial',
  customer: 'Jane Doe',
  currency: 'GBP',
  price: 80,
  paid: 16,
  balance: 64,
  refundableDeposit: 16,
  payments: [{ type: 'Online', amount: 16, status: 'paid', invoiceCode: 'OB-1A2B3C4D', at: '2026-12-01T10:00:00.000Z', transactionId: 'tx1' }],
  customerId: ids.customer,
}

/** A whole set-up document (an empty clinic group): what export answers and apply takes. */
const setupDocument: SetupDocument = {
  version: 1,
  organisation: {
    name: 'Riverside',
    settings: {
      currency: 'GBP', country: 'GB', showHomeBannerText: false, bookingDepositType: 'percentage', bookingDepositAmount: 20,
      bookingDepositMultipleServicesRule: 'sum', bookingDepositRule: 'each time', showCancelTerms: true, sellGiftVoucherOnline: false,
      giftVoucherValues: [50], minimiseGaps: false, lateCancellationChargeType: 'AMOUNT', lateCancellationChargeValue: 0, lateCancellationPeriod: 48,
      cancellationRules: 'allow',
    },
  },
  clinics: [],
  holidays: [],
  categories: [],
  services: [],
  courses: [],
  practitioners: [],
}


export const routeSamples: ReadonlyArray<RouteSample> = [
  sample(c.getPublicOrganisation, { responses: { 200: organisation } }),
  sample(c.getCardRequirement, { responses: { 200: { cardRequired: true, provider: 'sandbox' } } }),
  sample(c.getPublicLinks, { responses: { 200: { websocket: 'ws://localhost:3000/api/ws', auth: 'http://auth', customerApp: 'http://app' } } }),
  sample(c.getPublicClinics, { responses: { 200: [clinic, clinicMinimal] } }),
  sample(c.getClinics, { responses: { 200: [clinic] } }),
  sample(c.getCategories, {
    query: { clinic: ids.clinic, fromCustomer: true, skip: 0, count: 15, isFromOrg: false, offset: 0, limit: 1500 },
    responses: { 200: [category] },
  }),
  sample(c.getCategory, { params: { id: ids.category }, responses: { 200: category } }),
  sample(c.getPublicServices, {
    query: { clinic: ids.clinic, category: ids.category, start: 0, count: 15, offset: 20, pageSize: 20 },
    responses: { 200: [service, { id: ids.service2, name: 'Mask' }] },
  }),
  sample(c.getPublicService, { params: { id: ids.service }, responses: { 200: service } }),
  sample(c.getCoursesGroupedByCategory, {
    query: { clinic: ids.clinic, showOnline: true, includeEmpty: true },
    responses: { 200: [{ category: { id: ids.category, name: 'Face', order: 1, parentCategory: null }, courses: [course] }] },
  }),
  sample(c.getPublicPractitioners, {
    body: { month: 3, year: 2026, clinic: ids.clinic, service: ids.service },
    responses: { 200: [practitioner, { id: id(99), displayName: 'Any' }] },
  }),
  sample(c.getPractitionerTimes, {
    body: {
      staff: ids.practitioner,
      appointmentBeingReschedule: null,
      date: '2026-03-29',
      service: ids.service,
      clinic: ids.clinic,
      user: ids.customer,
      withHolidays: true,
      forceInterval: 5,
      onlineBooking: true,
      minimiseGaps: true,
      checkFirst: false,
    },
    responses: { 200: [slot, { ...slot, value: '10:15', valid: false }] },
  }),
  sample(c.getNextAvailable, {
    body: { clinic: ids.clinic, services: [ids.service], horizonDays: 60 },
    responses: { 200: { practitioners: [{ practitioner: ids.practitioner, startDate: '2026-12-02T10:15:00.000Z' }], any: '2026-12-02T10:15:00.000Z' } },
  }),
  sample(c.getDaysAvailableByMonth, {
    body: [
      { service: ids.service, month: 3, year: 2026, location: ids.clinic, practitioner: ids.practitioner, withHolidays: true },
      { service: ids.service2, month: 3, year: 2026, location: ids.clinic, practitioner: null, id: ids.appointment },
    ],
    responses: { 200: [{ date: '2026-03-29' }, { date: '2026-03-30' }] },
  }),
  sample(c.getCustomerAppointments, {
    params: { customerId: ids.customer },
    query: { pageSize: 100, group: 'ALL', page: 1 },
    responses: { 200: { appointments: [appointmentView], total: 1 } },
  }),
  sample(c.createPublicAppointment, {
    body: { appointment: appointmentPayload, paymentDetails: { type: 'Card', useAccountBalance: false }, coherentTransactionId: null },
    responses: { 200: { appointment: pendingView, appointments: [pendingView], deposit: 16, holdExpiresAt: '2026-03-20T10:05:00.000Z' } },
  }),
  sample(c.getAppointment, { params: idParams, responses: { 200: appointmentView } }),
  sample(c.createSlotHold, {
    body: { appointment: appointmentPayload, replaces: { id: ids.linked, token: slotHold.token }, seconds: 60 },
    responses: { 200: slotHold },
  }),
  sample(c.getSlotHold, { params: idParams, query: { token: slotHold.token, page: 'k3j9x0lq2m' }, responses: { 200: slotHold } }),
  sample(c.releaseSlotHold, { params: idParams, body: { token: slotHold.token, leaving: true, page: 'k3j9x0lq2m' }, responses: { 200: { message: 'The time is no longer held.' } } }),
  sample(c.extendSlotHold, { params: idParams, body: { token: slotHold.token }, responses: { 200: { ...slotHold, expiresAt: '2026-03-20T10:12:00.000Z', secondsLeft: 600, extended: true } } }),
  sample(c.getAppointmentCalendar, { params: idParams, responses: { 200: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n' } }),
  sample(c.cancelAppointmentByCustomer, { params: idParams, responses: { 200: { ...appointmentView, status: 'Cancelled' } } }),
  sample(c.deletePendingAppointment, { params: idParams, responses: { 200: { message: 'Deleted' } } }),
  sample(c.rescheduleAppointment, {
    params: idParams,
    body: { appointment: { event, price: 80, netPrice: 66.67, grossPrice: 80, practitioner: ids.practitioner, clinic: ids.clinic, service: ids.service, linkedAppointments: [linkedPayload] } },
    responses: { 200: appointmentView },
  }),
  sample(c.login, {
    query: { from: 'customer' },
    body: { email: 'jane@example.test', password: 'Secret123' },
    responses: { 200: { user: currentUser, token: 'jwt.token.sig', message: 'Welcome' } },
  }),
  sample(c.register, {
    body: { title: 'Ms', name: 'Jane', surname: 'Doe', dob: '1990-05-01T12:00:00.000Z', gender: 'female', email: 'jane@example.test', mobile: '+447700900123', password: 'Secret123', referralSource: 'Website' },
    responses: { 200: { message: 'Your account has been created.', id: ids.customer } },
  }),
  sample(c.forgotPassword, { params: { email: 'jane@example.test' }, query: { existingUser: true }, responses: { 200: { message: 'If this email exists' } } }),
  sample(c.changePassword, {
    body: { newPassword: 'Secret456', currentPassword: 'Secret123', userId: ids.customer },
    responses: { 200: { statusCode: 200, message: 'Password changed', newToken: 'new.jwt' } },
  }),
  sample(c.getCurrentUser, { responses: { 200: currentUser } }),
  sample(c.logout, { responses: { 200: { message: 'You have been logged out.' } } }),
  sample(c.getLists, { responses: { 200: [{ sys_name: 'client_referral_sources', values: 'Website\nFriend' }, { sys_name: 'titles', values: ['Mr', 'Ms'] }] } }),
  sample(c.putLists, { body: { sys_name: 'client_referral_sources', values: 'Website\nFriend' }, responses: { 200: { sys_name: 'client_referral_sources', values: 'Website\nFriend' } } }),
  sample(c.getCountries, { query: { clinic: ids.clinic }, responses: { 200: [{ value: 'GB', label: 'United Kingdom' }, { value: 'AU', label: 'Australia' }] } }),
  sample(c.updateCustomer, {
    params: { id: ids.customer },
    body: { title: 'Ms', firstName: 'Jane', surname: 'Doe', dateOfBirth: '1990-05-01T12:00:00.000Z', country: { value: 'GB', label: 'United Kingdom' }, marketingTypes: ['Email'] },
    responses: { 200: customer },
  }),
  sample(c.createInvoice, {
    body: { customer: ids.customer, clinic: ids.clinic, appointmentId: ids.appointment, origin: 'SALE', description: 'Invoice for Booking Deposit', items: [{ type: 'Course', quantity: 1, referenceId: ids.course, location: ids.clinic, onlineSale: true }] },
    responses: { 200: invoice },
  }),
  sample(c.payInvoice, {
    params: { id: ids.invoice },
    body: { notifications: { email: true, SMS: false }, payments: [{ coherentPaymentFlag: true, value: 16, discount: 0, type: 'Card', cardData: { cardId: 'card_1' } }], invoice: ids.invoice, appointmentId: ids.appointment, idempotencyKey: 'k-1' },
    responses: { 200: { paymentUrl: 'http://localhost:3000/sandbox/pay/tx1', transactionId: 'tx1' } },
  }),
  sample(c.getInvoice, { params: { id: ids.invoice }, responses: { 200: invoice } }),
  sample(c.hasPaymentIntent, { params: { id: ids.invoice }, responses: { 200: { hasPaymentIntent: true, transactionId: 'tx1', paymentUrl: 'http://localhost:3000/sandbox/pay/tx1' } } }),
  sample(c.checkPayment, { params: { transactionId: 'tx1' }, responses: { 200: { isPaid: false, status: 'declined', message: 'CVV is not correct.' } } }),
  sample(c.getCustomerCards, { params: { id: ids.customer }, responses: { 200: [storedCard] } }),
  sample(c.addCustomerCard, { body: { cardNonce: 'nonce-1', customerId: ids.customer, isDefaultCard: true }, responses: { 200: storedCard } }),
  sample(c.deleteCustomerCards, { params: { id: ids.customer }, body: { cards: [{ id: 'card_2' }] }, responses: { 200: [storedCard] } }),
  sample(c.setDefaultCard, { params: { id: ids.customer }, body: { cardId: 'card_1' }, responses: { 200: [storedCard] } }),
  sample(c.isProcessorConnected, { responses: { 200: { isConnected: true, provider: 'sandbox' } } }),
  sample(c.getSeller, { query: { location: ids.clinic }, responses: { 200: { applicationId: 'sandbox-app', locationId: ids.clinic, provider: 'sandbox', currency: 'GBP' } } }),
  sample(c.createSetupIntent, {
    body: { customerId: ids.customer, isDefaultCard: false },
    responses: { 200: { id: 'seti_1', clientSecret: 'seti_1_secret', status: 'processing', customerId: ids.customer, isDefaultCard: false, setupUrl: 'http://localhost:3000/sandbox/setup/seti_1' } },
  }),
  sample(c.getSetupIntent, { params: { clientSecret: 'seti_1_secret' }, responses: { 200: { id: 'seti_1', clientSecret: 'seti_1_secret', status: 'succeeded', isDefaultCard: true, card: storedCard } } }),
  sample(c.getCustomerCourses, { query: { customerId: ids.customer, clinic: 'all', excludeExpired: false }, responses: { 200: [customerCourse] } }),
  sample(c.verifyCourseAssignment, { params: { id: ids.invoice }, responses: { 200: { assigned: true, courses: [customerCourse] } } }),
  sample(c.getCoursesWithoutAppointment, { params: { id: ids.customer }, responses: { 200: [customerCourse] } }),
  sample(c.purchaseGiftVouchers, {
    body: { customer: ids.customer, clinic: ids.clinic, vouchers: [{ value: 100, quantity: 1, receiver: voucherReceiver }, { value: 50 }] },
    responses: { 200: invoice },
  }),
  sample(c.getTaxes, { query: { archived: false, inactive: true, name: 'VAT', rate: 20 }, responses: { 200: [tax] } }),
  sample(c.createTax, { query: { organisationId: ids.org }, body: { name: '5% VAT', rate: 5, active: true }, responses: { 200: { ...tax, name: '5% VAT', rate: 5 } } }),
  sample(c.updateTax, { params: { id: ids.tax }, body: { archived: true }, responses: { 200: { ...tax, archived: true } } }),
  sample(c.getTaxItems, { params: { id: ids.tax }, responses: { 200: [{ id: ids.service, name: 'Facial', type: 'Service' }] } }),
  sample(c.getTax, { params: { id: ids.tax }, responses: { 200: tax } }),
  sample(c.getUserForm, { params: { id: ids.form }, query: { password: 'pw' }, responses: { 200: userForm } }),
  sample(c.signUserForm, { params: { id: ids.form }, body: { signature: 'data:image/png;base64,iVBOR', password: 'pw' }, responses: { 200: { message: 'Thank you for completing your form.' } } }),
  sample(c.updateUserForm, { params: { id: ids.form }, body: { data: { f1: 'Yes', f3: ['a', 'b'], f4: true }, password: 'pw' }, responses: { 200: { message: 'Thank you for completing your form.' } } }),
  sample(c.createLead, {
    query: { from: 'customer' },
    body: leadBody,
    responses: { 200: { id: ids.lead, status: 'Open', firstName: 'Jane', surname: 'Doe', email: 'jane@example.test', interested: ['Botox'], createdAt: '2026-03-20T10:00:00.000Z' } },
  }),
  sample(c.getDevMailbox, {
    query: { to: 'jane@example.test' },
    responses: { 200: [{ id: 'm1', to: 'jane@example.test', subject: 'Verify your email', text: 'Open http://x', html: '<a href="http://x">Verify</a>', createdAt: '2026-03-20T10:00:00.000Z' }] },
  }),
  // Staff and admin (issue 13)
  sample(c.staffLogin, { body: { email: 'owner@riverside.example.com', password: 'Staff1234' }, responses: { 200: { token: 'jwt', staff: staffUser } } }),
  sample(c.staffLogout, { responses: { 200: { message: 'You have been logged out.' } } }),
  sample(c.getStaffMe, { responses: { 200: staffUser } }),
  sample(c.staffForgotPassword, { body: { email: 'desk@riverside.example.com' }, responses: { 200: { message: 'If this email exists on our system, you will receive a password link - please also check your junk folder.' } } }),
  sample(c.staffSetPassword, { body: { token: 'one-time-token', password: 'Staff1234' }, responses: { 200: { message: 'Your password is set. You can now log in.' } } }),
  sample(c.createTenant, {
    body: { shortName: 'riverside', name: 'Riverside Skin Clinic', adminEmail: 'owner@riverside.example.com' },
    responses: { 201: { tenant: 'riverside', name: 'Riverside Skin Clinic', adminEmail: 'owner@riverside.example.com', setPasswordUrl: 'https://riverside.clinic.example/staff/set-password/abc' } },
  }),
  sample(c.getSetup, { responses: { 200: setupDocument } }),
  sample(c.applySetup, {
    body: { document: setupDocument, dryRun: true },
    responses: { 200: { plan: [{ action: 'create', kind: 'service', slug: 'hydrafacial' }, { action: 'change', kind: 'service', slug: 'peel', changes: ['price'] }], applied: false } },
  }),
  sample(c.getDayBookings, { query: { date: '2026-12-02', location: 'bristol', practitioner: 'maya' }, responses: { 200: [dayBooking] } }),
  sample(c.findCustomers, { query: { q: 'jane' }, responses: { 200: [{ id: ids.customer, email: 'jane@example.test', firstName: 'Jane', surname: 'Doe' }] } }),
  sample(c.logoutCustomer, { params: { id: ids.customer }, responses: { 200: { message: 'The customer has been logged out everywhere.' } } }),
  sample(c.staffCancelAppointment, { params: idParams, body: { chargeFee: true }, responses: { 200: { ...dayBooking, status: 'Cancelled', feeCharged: 20 } } }),
  sample(c.staffMoveAppointment, { params: idParams, body: { start: '2026-12-02T11:00:00.000Z', practitioner: 'maya' }, responses: { 200: dayBooking } }),
  sample(c.createStaff, {
    body: { email: 'maya@riverside.example.com', displayName: 'Maya Thompson', role: 'practitioner', practitioner: 'maya' },
    responses: { 201: { staff: { ...staffUser, role: 'practitioner', practitionerId: ids.practitioner }, setPasswordUrl: 'https://riverside.clinic.example/staff/set-password/abc' } },
  }),
  sample(c.listStaff, { responses: { 200: [staffUser, { ...staffUser, role: 'practitioner', practitionerId: ids.practitioner, practitionerSlug: 'maya' }] } }),
  sample(c.getRota, { query: { date: '2026-12-02', location: 'bristol' }, responses: { 200: [{ id: ids.practitioner, name: 'Maya Thompson' }] } }),
  sample(c.updateStaff, { params: idParams, body: { role: 'admin', practitioner: null }, responses: { 200: { ...staffUser, role: 'admin' } } }),
  sample(c.removeStaff, { params: idParams, responses: { 200: staffUser } }),
  sample(c.staffPasswordLink, { params: idParams, responses: { 200: { staff: staffUser, setPasswordUrl: 'https://riverside.clinic.example/staff/set-password/def' } } }),
  sample(c.markAttendance, { params: idParams, body: { mark: 'checked-in' }, responses: { 200: { ...dayBooking, checkedIn: true } } }),
  sample(c.listOutbox, {
    query: { state: 'failed' },
    responses: {
      200: [
        { id: 'o1', state: 'failed', channel: 'email', to: 'jane@example.test', subject: 'Booking confirmed: Facial on 02/12/2026 10:00 | Riverside', attempts: 14, createdAt: '2026-12-01T10:00:00.000Z', lastError: 'connect ECONNREFUSED 127.0.0.1:25', failedAt: '2026-12-02T10:00:00.000Z' },
        { id: 'o2', state: 'pending', channel: 'sms', to: '+447700900123', subject: 'reminder', attempts: 0, createdAt: '2026-12-02T09:00:00.000Z' },
      ],
    },
  }),
  sample(c.sendCustomerForm, {
    params: { id: ids.customer },
    body: { type: 'consent', password: 'Form1234' },
    responses: { 201: { id: ids.customer, link: 'https://riverside.clinic.example/form/0123456789abcdef01234567' } },
  }),
  sample(c.exportMyData, { responses: { 200: dataExport } }),
  sample(c.exportCustomerData, { params: { id: ids.customer }, responses: { 200: dataExport } }),
  sample(c.getReport, {
    query: { from: '2026-11-01', to: '2026-11-30', location: 'bristol' },
    responses: {
      200: {
        from: '2026-11-01',
        to: '2026-11-30',
        currency: 'GBP',
        clinics: [{ id: ids.clinic, name: 'Bristol', ...reportActivity, ...reportTakings }],
        practitioners: [{ id: ids.practitioner, name: 'Maya Thompson', clinicId: ids.clinic, clinic: 'Bristol', ...reportActivity }],
        totals: { ...reportActivity, ...reportTakings },
      },
    },
  }),
  // The desk's calendar and checkout (issue 29)
  sample(c.createBlock, { body: { practitioner: 'maya', type: 'Block', start: '2026-12-02T11:00:00.000Z', end: '2026-12-02T12:00:00.000Z', note: 'Team meeting' }, responses: { 201: timeBlock } }),
  sample(c.createBlockSeries, { body: { practitioner: 'maya', type: 'Break', start: '2026-12-02T12:00:00.000Z', end: '2026-12-02T12:30:00.000Z', every: 'weekday', until: '2026-12-31', note: 'Lunch' }, responses: { 201: [timeBlock] } }),
  sample(c.listBlocks, { query: { from: '2026-12-01', to: '2026-12-07', practitioner: 'maya' }, responses: { 200: [timeBlock] } }),
  sample(c.removeBlock, { params: { id: ids.appointment }, responses: { 200: { message: 'The block has been removed.' } } }),
  sample(c.getPractitionerWeek, {
    query: { practitioner: 'maya', date: '2026-12-02' },
    responses: {
      200: {
        practitioner: { id: ids.practitioner, name: 'Maya Thompson' },
        from: '2026-11-30',
        to: '2026-12-06',
        hours: [{ date: '2026-12-02', start: '2026-12-02T09:00:00.000Z', end: '2026-12-02T17:00:00.000Z', locationId: ids.clinic, location: 'Bristol' }],
        breaks: [],
        daysOff: ['2026-12-04'],
        bookings: [dayBooking],
        blocks: [timeBlock],
      },
    },
  }),
  sample(c.getCheckout, { params: idParams, responses: { 200: checkout } }),
  sample(c.checkoutAppointment, { params: idParams, body: { payments: [{ method: 'voucher', amount: 50, voucherCode: 'GV-1234' }, { method: 'cash', amount: 14 }] }, responses: { 200: { ...checkout, paid: 80, balance: 0, invoice } } }),
  sample(c.refundDeposit, { params: idParams, responses: { 200: { ...checkout, paid: 0, balance: 80, refundableDeposit: 0 } } }),
  sample(c.eraseMyData, { body: { password: 'Secret123' }, responses: { 200: erasure } }),
  sample(c.eraseCustomerData, { params: { id: ids.customer }, responses: { 200: erasure } }),
  sample(c.getStaffNotifications, { responses: { 200: { email: true, sms: false } } }),
  sample(c.updateStaffNotifications, { body: { email: true, sms: true, mobilePhone: '07700 900123' }, responses: { 200: { email: true, sms: true, mobilePhone: '+447700900123' } } }),
  sample(c.getPractitionerFeed, { query: { practitionerId: ids.practitioner }, responses: { 200: { practitionerId: ids.practitioner, practitionerName: 'Maya Thompson', active: true, createdAt: '2026-12-01T10:00:00.000Z' } } }),
  sample(c.createPractitionerFeed, {
    body: { practitionerId: ids.practitioner },
    responses: { 201: { practitionerId: ids.practitioner, practitionerName: 'Maya Thompson', url: 'https://riverside.clinic.example/api/calendar-feeds/abc/calendar.ics', createdAt: '2026-12-01T10:00:00.000Z' } },
  }),
  sample(c.revokePractitionerFeed, { body: {}, responses: { 200: { message: 'The calendar feed link is revoked: calendar apps subscribed to it get nothing more.' } } }),
  sample(c.getPractitionerFeedCalendar, { params: { token: 'abc' }, responses: { 200: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n' } }),
  // The front desk (issue 29)
  sample(c.createDeskCustomer, {
    body: { title: 'Ms', firstName: 'Pat', surname: 'Phone', email: 'pat@example.test', mobilePhone: '+447700900456', dob: '1980-04-02', gender: 'female' },
    responses: { 201: { id: ids.customer, email: 'pat@example.test', firstName: 'Pat', surname: 'Phone', mobilePhone: '+447700900456' } },
  }),
  sample(c.getDeskServices, {
    query: { location: ids.clinic },
    responses: { 200: [{ id: ids.service, name: 'Facial', durationMinutes: 60, price: 80, online: false, practitioners: [{ id: ids.practitioner, name: 'Maya Thompson' }] }] },
  }),
  sample(c.getDeskTimes, {
    body: { location: ids.clinic, date: '2026-12-02', services: [{ service: ids.service, practitioner: ids.practitioner }, { service: ids.service2 }] },
    responses: {
      200: [{
        value: '10:00',
        start: '2026-12-02T10:00:00.000Z',
        end: '2026-12-02T11:30:00.000Z',
        services: [
          { service: ids.service, practitioner: ids.practitioner, start: '2026-12-02T10:00:00.000Z', end: '2026-12-02T11:00:00.000Z' },
          { service: ids.service2, practitioner: ids.practitioner, start: '2026-12-02T11:00:00.000Z', end: '2026-12-02T11:30:00.000Z' },
        ],
      }],
    },
  }),
  sample(c.createDeskBooking, {
    body: { customer: ids.customer, location: ids.clinic, start: '2026-12-02T10:00:00.000Z', services: [{ service: ids.service }], payment: 'link', transactionId: 'desk-1' },
    responses: { 201: { appointments: [{ ...dayBooking, status: 'Pending' }], payment: 'link', status: 'Pending', deposit: 16, depositPaid: 0, message: 'held', payLink: 'https://riverside.clinic.example/sandbox/pay/t1', holdExpiresAt: '2026-12-01T10:00:00.000Z' } },
  }),
  sample(c.payDeskBookingAtClinic, {
    params: { id: ids.appointment },
    responses: { 200: { appointments: [dayBooking], payment: 'clinic', status: 'Scheduled', deposit: 0, depositPaid: 0, dueAtClinic: 180, message: 'paid at the clinic' } },
  }),
  sample(c.getCustomerRecord, {
    params: { id: ids.customer },
    responses: {
      200: {
        contact: { id: ids.customer, email: 'jane@example.test', firstName: 'Jane', surname: 'Doe', verified: true, mobilePhone: '+447700900123', dateOfBirth: '1990-02-01' },
        upcoming: [dayBooking],
        past: [],
        courses: [customerCourse],
        forms: [{ id: ids.form, type: 'consent', name: 'Consent', isSigned: true, isUpdated: false, sentAt: '2026-11-01T10:00:00.000Z', completedAt: '2026-11-02T10:00:00.000Z' }],
        notes: [{ id: ids.customer, text: 'Prefers mornings', author: 'Maya Thompson', createdAt: '2026-11-01T10:00:00.000Z' }],
      },
    },
  }),
  sample(c.updateDeskCustomer, {
    params: { id: ids.customer },
    body: { firstName: 'Jane', mobilePhone: '07700 900123', notificationTypes: ['Email', 'SMS'], marketingTypes: [] },
    responses: { 200: customer },
  }),
  sample(c.addStaffNote, { params: { id: ids.customer }, body: { text: 'Prefers mornings' }, responses: { 201: { id: ids.customer, text: 'Prefers mornings', author: 'Maya Thompson', createdAt: '2026-11-01T10:00:00.000Z' } } }),
  sample(c.getCustomerForm, { params: { id: ids.customer, formId: ids.form }, responses: { 200: userForm } }),
  sample(c.createApiKey, {
    body: { name: 'CRM', scopes: ['bookings:read', 'customers:read'] },
    responses: { 201: { id: id(90), name: 'CRM', prefix: 'ck_live_Ab12', scopes: ['bookings:read', 'customers:read'], createdAt: '2026-12-02T10:00:00.000Z', key: 'ck_live_Ab12cd34ef56gh78ij90kl12mn34op56' } },
  }),
  sample(c.listApiKeys, { responses: { 200: [{ id: id(90), name: 'CRM', prefix: 'ck_live_Ab12', scopes: ['bookings:read'], createdAt: '2026-12-02T10:00:00.000Z', lastUsedAt: '2026-12-02T11:00:00.000Z' }] } }),
  sample(c.revokeApiKey, { params: { id: id(90) }, responses: { 200: { id: id(90), name: 'CRM', prefix: 'ck_live_Ab12', scopes: ['bookings:read'], createdAt: '2026-12-02T10:00:00.000Z', revokedAt: '2026-12-03T10:00:00.000Z' } } }),
  sample(c.createWebhook, {
    body: { url: 'https://crm.example.com/hooks/clinic', events: ['booking.created', 'booking.cancelled'] },
    responses: { 201: { id: id(91), url: 'https://crm.example.com/hooks/clinic', events: ['booking.created', 'booking.cancelled'], createdAt: '2026-12-02T10:00:00.000Z', consecutiveFailures: 0, secret: 'whsec_abc' } },
  }),
  sample(c.listWebhooks, { responses: { 200: [{ id: id(91), url: 'https://crm.example.com/hooks/clinic', events: ['booking.created'], createdAt: '2026-12-02T10:00:00.000Z', consecutiveFailures: 3, disabledAt: '2026-12-05T10:00:00.000Z', disabledReason: 'Every delivery failed since 2026-12-02T10:00:00.000Z.' }] } }),
  sample(c.removeWebhook, { params: { id: id(91) }, responses: { 200: { message: 'The webhook endpoint was removed.' } } }),
  sample(c.enableWebhook, { params: { id: id(91) }, responses: { 200: { id: id(91), url: 'https://crm.example.com/hooks/clinic', events: ['booking.created'], createdAt: '2026-12-02T10:00:00.000Z', consecutiveFailures: 0 } } }),
  sample(c.disableWebhook, { params: { id: id(91) }, responses: { 200: { id: id(91), url: 'https://crm.example.com/hooks/clinic', events: ['booking.created'], createdAt: '2026-12-02T10:00:00.000Z', consecutiveFailures: 0, disabledAt: '2026-12-03T10:00:00.000Z', disabledReason: 'Disabled by an admin.' } } }),
  sample(c.listWebhookDeliveries, {
    params: { id: id(91) },
    responses: { 200: [{ id: id(92), endpointId: id(91), event: 'booking.created', state: 'pending', attempts: 2, createdAt: '2026-12-02T10:00:00.000Z', lastStatus: 500, lastError: 'HTTP 500', nextAttemptAt: '2026-12-02T10:01:00.000Z' }] },
  }),
  sample(c.replayWebhookDelivery, { params: { id: id(92) }, responses: { 201: { id: id(93), endpointId: id(91), event: 'booking.created', state: 'pending', attempts: 0, createdAt: '2026-12-02T10:05:00.000Z' } } }),
  sample(c.sendWebhookTest, { params: { id: id(91) }, responses: { 201: { id: id(94), endpointId: id(91), event: 'webhook.test', state: 'delivered', attempts: 1, lastStatus: 200, createdAt: '2026-12-02T10:06:00.000Z' } } }),
  sample(c.createIntegrationBooking, {
    body: { customer: { email: 'jane@example.test', firstName: 'Jane', surname: 'Doe', mobilePhone: '07700 900123' }, appointment: appointmentPayload, coherentTransactionId: null },
    responses: { 201: { customerId: ids.customer, customerCreated: true, booking: { appointment: pendingView, appointments: [pendingView], deposit: 16, holdExpiresAt: '2026-03-20T10:05:00.000Z' } } },
  }),
  sample(c.getIntegrationBooking, { params: idParams, responses: { 200: appointmentView } }),
  sample(c.findIntegrationCustomers, { query: { q: 'jane' }, responses: { 200: [{ id: ids.customer, email: 'jane@example.test', firstName: 'Jane', surname: 'Doe' }] } }),
  sample(c.joinWaitlist, {
    body: { clinic: ids.clinic, services: [ids.service, ids.service2], practitioner: null, from: '2026-12-01', to: '2026-12-14', parts: ['morning', 'evening'] },
    responses: { 200: waitlistEntry },
  }),
  sample(c.getMyWaitlist, { responses: { 200: { entries: [waitlistEntry, { ...waitlistEntry, status: 'offered', offer: { start: '2026-12-02T10:00:00.000Z', end: '2026-12-02T11:00:00.000Z', expiresAt: '2026-11-30T09:15:00.000Z' } }] } } }),
  sample(c.removeMyWaitlistEntry, { params: { id: ids.appointment }, responses: { 200: { message: 'You have left the waitlist.' } } }),
  sample(c.getWaitlistOffer, {
    params: { token: slotHold.token },
    responses: { 200: { status: 'offered', clinic: { id: ids.clinic, name: 'Bristol' }, items: slotHold.items, expiresAt: slotHold.expiresAt, secondsLeft: 900, hold: { id: slotHold.id, token: slotHold.token } } },
  }),
  sample(c.declineWaitlistOffer, { params: { token: slotHold.token }, body: {}, responses: { 200: { message: 'The time has been released. You stay on the waitlist.' } } }),
  sample(c.getAdminWaitlist, {
    query: { from: '2026-12-01', to: '2026-12-07', clinic: 'bristol' },
    responses: { 200: { entries: [{ ...waitlistEntry, customer: { id: ids.customer, name: 'Jane Doe', email: 'jane@example.test', phone: '+447700900123' } }] } },
  }),
  sample(c.offerWaitlistTime, {
    params: { id: ids.appointment },
    body: { practitioner: ids.practitioner, start: '2026-12-02T10:00:00.000Z' },
    responses: { 200: { entry: ids.appointment, items: slotHold.items, expiresAt: '2026-11-30T09:15:00.000Z' } },
  }),
  sample(c.removeWaitlistEntry, { params: { id: ids.appointment }, responses: { 200: { message: 'The waitlist entry has been removed.' } } }),
]
