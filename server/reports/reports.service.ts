/**
 * The clinic owner's report for a date range: the repository's aggregates put together per clinic,
 * per practitioner (a practitioner who works at two clinics has a row at each) and in total.
 */
import * as E from 'fp-ts/Either'
import type { Report, ReportClinic, ReportPractitioner, ReportQuery, ReportTotals } from '../../src/contract/reports.routes'
import { lateCancellationPeriodHours } from '../../src/domain/policy/cancellation'
import { currencyOrDefault, round2 } from '../../src/domain/pricing/money'
import { checkReportRange, REPORT_RANGE_TEXT, utilisation } from '../../src/domain/reports/report-range'
import { DAY_MESSAGES } from '../admin/day.service'
import { idsNamed } from '../admin/day.repository'
import type { Db } from '../db/schema'
import { loadOrganisation } from '../organisation/organisation.service'
import { operatorDb } from '../staff/staff.tables'
import { invalid, type ServiceError } from '../service-error'
import * as repo from './reports.repository'

type Activity = Omit<ReportTotals, keyof Takings>
type Takings = Pick<ReportTotals, 'depositsTaken' | 'paymentsTaken' | 'refunds' | 'vouchersRedeemed' | 'coursesSold' | 'courseSales' | 'vouchersSold' | 'voucherSales'>

const noActivity = (): Activity => ({
  bookings: 0,
  completed: 0,
  cancelled: 0,
  cancelledByCustomer: 0,
  cancelledByClinic: 0,
  cancelledLate: 0,
  noShows: 0,
  bookedMinutes: 0,
  workingMinutes: 0,
  utilisation: null,
})
const noTakings = (): Takings => ({ depositsTaken: 0, paymentsTaken: 0, refunds: 0, vouchersRedeemed: 0, coursesSold: 0, courseSales: 0, vouchersSold: 0, voucherSales: 0 })

function addActivity(into: Activity, row: repo.ActivityRow | undefined, workingMinutes: number): void {
  if (row) {
    into.bookings += row.bookings
    into.completed += row.completed
    into.cancelled += row.cancelled
    into.cancelledByCustomer += row.cancelled_by_customer
    into.cancelledByClinic += row.cancelled_by_clinic
    into.cancelledLate += row.cancelled_late
    into.noShows += row.no_shows
    into.bookedMinutes += row.booked_minutes
  }
  into.workingMinutes += workingMinutes
  into.utilisation = utilisation(into.bookedMinutes, into.workingMinutes)
}

function addTakings(into: Takings, row: repo.TakingsRow): void {
  into.depositsTaken = round2(into.depositsTaken + Number(row.deposits))
  into.paymentsTaken = round2(into.paymentsTaken + Number(row.payments))
  into.refunds = round2(into.refunds + Number(row.refunds))
  into.vouchersRedeemed = round2(into.vouchersRedeemed + Number(row.vouchers_redeemed))
  into.coursesSold += row.courses_sold
  into.courseSales = round2(into.courseSales + Number(row.course_sales))
  into.vouchersSold += row.vouchers_sold
  into.voucherSales = round2(into.voucherSales + Number(row.voucher_sales))
}

export async function buildReport(db: Db, tenant: string, query: ReportQuery): Promise<E.Either<ServiceError, Report>> {
  const range = checkReportRange(query.from, query.to)
  if (E.isLeft(range)) return E.left(invalid(REPORT_RANGE_TEXT[range.left._tag]))
  const clinicIds = query.location ? await idsNamed(operatorDb(db), tenant, 'clinics', query.location) : undefined
  if (query.location && clinicIds?.length === 0) return E.left(invalid(DAY_MESSAGES.unknownLocation(query.location)))
  const settings = (await loadOrganisation(db, tenant))?.settings
  const window: repo.ReportWindow = { tenant, from: query.from, to: query.to, lateHours: lateCancellationPeriodHours(settings ?? {}), ...(clinicIds ? { clinicIds } : {}) }
  const [activity, working, blocked, takings, clinics, practitioners] = await Promise.all([
    repo.activity(db, window),
    repo.working(db, window),
    repo.blocked(db, window),
    repo.takings(db, window),
    repo.clinicNames(db, tenant),
    repo.practitionerNames(db, tenant),
  ])

  const key = (clinicId: string, practitionerId: string) => `${clinicId}|${practitionerId}`
  const activityOf = new Map(activity.map((r) => [key(r.clinic_id, r.practitioner_id), r]))
  // The desk's blocks (breaks, meetings, leave) take their minutes out of the working time.
  const blockedOf = new Map(blocked.map((r) => [key(r.clinic_id, r.practitioner_id), r.blocked_minutes]))
  const workingOf = new Map(working.map((r) => [key(r.clinic_id, r.practitioner_id), Math.max(0, r.working_minutes - (blockedOf.get(key(r.clinic_id, r.practitioner_id)) ?? 0))]))
  const wanted = (clinicId: string) => !clinicIds || clinicIds.includes(clinicId)

  const clinicRows = new Map<string, ReportClinic>(clinics.filter((c) => wanted(c.id)).map((c) => [c.id, { id: c.id, name: c.name, ...noActivity(), ...noTakings() }]))
  const totals: ReportTotals = { ...noActivity(), ...noTakings() }
  const practitionerRows: ReportPractitioner[] = []
  // A practitioner row wherever they booked or were due to work, in the clinics' and practitioners' own order.
  for (const clinic of clinicRows.values()) {
    for (const p of practitioners) {
      const k = key(clinic.id, p.id)
      const row = activityOf.get(k)
      const minutes = workingOf.get(k) ?? 0
      if (!row && !workingOf.has(k)) continue
      const practitioner: ReportPractitioner = { id: p.id, name: p.name, clinicId: clinic.id, clinic: clinic.name, ...noActivity() }
      addActivity(practitioner, row, minutes)
      addActivity(clinic, row, minutes)
      addActivity(totals, row, minutes)
      practitionerRows.push(practitioner)
    }
  }
  for (const row of takings) {
    const clinic = row.clinic_id ? clinicRows.get(row.clinic_id) : undefined
    if (clinic) addTakings(clinic, row)
    addTakings(totals, row)
  }
  return E.right({
    from: query.from,
    to: query.to,
    currency: currencyOrDefault(settings?.currency),
    clinics: [...clinicRows.values()],
    practitioners: practitionerRows,
    totals,
  })
}
