/**
 * The owner's report as CSV (RFC 4180), one row per clinic, per practitioner at a clinic and the
 * total, for a spreadsheet: the CLI's --csv and the reports page's download write the same file.
 */

export interface ReportActivityFigures {
  bookings: number
  completed: number
  cancelled: number
  cancelledByCustomer: number
  cancelledByClinic: number
  cancelledLate: number
  noShows: number
  bookedMinutes: number
  workingMinutes: number
  utilisation: number | null
}

export interface ReportTakingsFigures {
  depositsTaken: number
  paymentsTaken: number
  refunds: number
  /** gift vouchers taken in payment: no new money */
  vouchersRedeemed: number
  coursesSold: number
  courseSales: number
  vouchersSold: number
  voucherSales: number
}

/** The report's shape as far as the CSV reads it (the contract's Report fits it). */
export interface ReportForCsv {
  clinics: ReadonlyArray<{ name: string } & ReportActivityFigures & ReportTakingsFigures>
  practitioners: ReadonlyArray<{ name: string; clinic: string } & ReportActivityFigures>
  totals: ReportActivityFigures & ReportTakingsFigures
}

const ACTIVITY: ReadonlyArray<[string, keyof ReportActivityFigures]> = [
  ['Bookings', 'bookings'],
  ['Completed', 'completed'],
  ['Cancelled', 'cancelled'],
  ['Cancelled by customer', 'cancelledByCustomer'],
  ['Cancelled by clinic', 'cancelledByClinic'],
  ['Late cancellations', 'cancelledLate'],
  ['No-shows', 'noShows'],
  ['Booked minutes', 'bookedMinutes'],
  ['Working minutes', 'workingMinutes'],
  ['Utilisation %', 'utilisation'],
]

const TAKINGS: ReadonlyArray<[string, keyof ReportTakingsFigures]> = [
  ['Deposits taken', 'depositsTaken'],
  ['Payments taken', 'paymentsTaken'],
  ['Refunds', 'refunds'],
  ['Vouchers redeemed', 'vouchersRedeemed'],
  ['Courses sold', 'coursesSold'],
  ['Course sales', 'courseSales'],
  ['Vouchers sold', 'vouchersSold'],
  ['Voucher sales', 'voucherSales'],
]

/**
 * One cell: quoted when it holds a comma, quote or line break; a text that a spreadsheet would run
 * as a formula (=, +, -, @ first) gets a leading apostrophe, since names are typed by staff.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function reportCsv(report: ReportForCsv): string {
  const header = ['Row', 'Clinic', 'Practitioner', ...ACTIVITY.map(([h]) => h), ...TAKINGS.map(([h]) => h)]
  const activity = (f: ReportActivityFigures) => ACTIVITY.map(([, k]) => f[k])
  const takings = (f: ReportTakingsFigures) => TAKINGS.map(([, k]) => f[k])
  const rows: Array<Array<string | number | null>> = [
    ...report.clinics.map((c) => ['Clinic', c.name, '', ...activity(c), ...takings(c)]),
    ...report.practitioners.map((p) => ['Practitioner', p.clinic, p.name, ...activity(p), ...TAKINGS.map(() => null)]),
    ['Total', '', '', ...activity(report.totals), ...takings(report.totals)],
  ]
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n'
}
