/**
 * The clinic owner's reports (issue 29): a date range's bookings, cancellations, no-shows, takings
 * and utilisation, per clinic and per practitioner. Admins only.
 */
import * as t from 'io-ts'
import { route } from './route'
import { emptyAsUndefined, errors, IsoDate, Money, ObjectId, queryOf, StringFromQuery } from './codecs'

/** The counts and minutes a clinic and a practitioner both have. */
const activityProps = {
  /** Appointments in the range that were booked (held-only and released times never were). */
  bookings: t.number,
  completed: t.number,
  cancelled: t.number,
  /** cancelled splits: by whom (unknown for cancellations older than the report) and late (inside the policy's period) */
  cancelledByCustomer: t.number,
  cancelledByClinic: t.number,
  cancelledLate: t.number,
  noShows: t.number,
  /** Minutes of the appointments not cancelled. */
  bookedMinutes: t.number,
  /** Minutes of the practitioners' weekly hours less breaks, closed days and leave, and less the desk's blocks (Break, Block, Leave) in them. */
  workingMinutes: t.number,
  /** bookedMinutes / workingMinutes, as a percentage with one decimal; null without working minutes. */
  utilisation: t.union([t.number, t.null]),
}

/** Money taken in the range (by payment date), at a clinic: the invoice's clinic. */
const takingsProps = {
  /** Paid payments of invoices that pay for appointments (online deposits, the desk's pay links). */
  depositsTaken: Money,
  /** Every paid payment: deposits, courses, gift vouchers sold, fees, balances; not gift vouchers taken in payment. */
  paymentsTaken: Money,
  refunds: Money,
  /** Paid with gift voucher codes (at the desk's checkout): no new money, the voucher's sale was. */
  vouchersRedeemed: Money,
  coursesSold: t.number,
  courseSales: Money,
  vouchersSold: t.number,
  voucherSales: Money,
}

export const ReportClinic = t.type({ id: ObjectId, name: t.string, ...activityProps, ...takingsProps }, 'ReportClinic')
export type ReportClinic = t.TypeOf<typeof ReportClinic>

export const ReportPractitioner = t.type({ id: ObjectId, name: t.string, clinicId: ObjectId, clinic: t.string, ...activityProps }, 'ReportPractitioner')
export type ReportPractitioner = t.TypeOf<typeof ReportPractitioner>

export const ReportTotals = t.type({ ...activityProps, ...takingsProps }, 'ReportTotals')
export type ReportTotals = t.TypeOf<typeof ReportTotals>

export const Report = t.type(
  { from: IsoDate, to: IsoDate, currency: t.string, clinics: t.array(ReportClinic), practitioners: t.array(ReportPractitioner), totals: ReportTotals },
  'Report',
)
export type Report = t.TypeOf<typeof Report>

/** from and to: London dates, both included, at most 366 days apart; location: a slug, an id or a name. */
export const ReportQuery = queryOf({ from: IsoDate, to: IsoDate }, { location: emptyAsUndefined(StringFromQuery) })
export type ReportQuery = t.TypeOf<typeof ReportQuery>

export const getReport = route({
  method: 'GET',
  path: '/admin/reports',
  access: 'admin',
  summary: 'Bookings, takings and utilisation for a date range',
  description:
    'Per clinic and per practitioner, for London dates from..to (both included, at most a year): bookings, completed, cancelled (by the customer, by the clinic, late), no-shows, booked and working minutes and utilisation; per clinic also deposits, payments, refunds, gift vouchers redeemed, course and gift voucher sales (by payment date); working minutes less the desk\'s blocks. Admins only.',
  query: ReportQuery,
  responses: { 200: Report, ...errors(400, 401, 403) },
})
