/**
 * `clinic admin report --from --to [--location] [--csv] [--json]`: the owner's figures for a date
 * range (London dates, both included): a table per clinic and per practitioner, the CSV file the
 * reports page downloads, or the API's JSON.
 */
import type { Command } from 'commander'
import { LoadReport } from '../../src/application/use-cases/admin.use-case'
import type { Report, ReportTotals } from '../../src/contract/reports.routes'
import { currencyOrDefault, formatMoney } from '../../src/domain/pricing/money'
import { reportCsv } from '../../src/domain/reports/report-csv'
import { isIsoDate } from '../../src/domain/time'
import type { CliContext } from '../context'
import { usageError } from '../exit-codes'
import { formatTable, type Column } from '../output/table'

type Activity = Omit<ReportTotals, 'depositsTaken' | 'paymentsTaken' | 'refunds' | 'vouchersRedeemed' | 'coursesSold' | 'courseSales' | 'vouchersSold' | 'voucherSales'>

const percent = (value: number | null) => (value === null ? '-' : `${value.toFixed(1)}%`)
const hours = (minutes: number) => (minutes / 60).toFixed(1)

function activityColumns<Row extends Activity>(): Column<Row>[] {
  return [
    { header: 'Booked', value: (r) => String(r.bookings), align: 'right' },
    { header: 'Done', value: (r) => String(r.completed), align: 'right' },
    { header: 'Cancelled', value: (r) => String(r.cancelled), align: 'right' },
    { header: 'by cust.', value: (r) => String(r.cancelledByCustomer), align: 'right' },
    { header: 'by clinic', value: (r) => String(r.cancelledByClinic), align: 'right' },
    { header: 'late', value: (r) => String(r.cancelledLate), align: 'right' },
    { header: 'No-shows', value: (r) => String(r.noShows), align: 'right' },
    { header: 'Booked h', value: (r) => hours(r.bookedMinutes), align: 'right' },
    { header: 'Working h', value: (r) => hours(r.workingMinutes), align: 'right' },
    { header: 'Utilisation', value: (r) => percent(r.utilisation), align: 'right' },
  ]
}

export function reportText(report: Report): string {
  const currency = currencyOrDefault(report.currency)
  const money = (n: number) => formatMoney(n, currency)
  const clinics = [...report.clinics, { name: 'Total', ...report.totals }]
  const takings = formatTable(clinics, [
    { header: 'Clinic', value: (c) => c.name },
    { header: 'Deposits', value: (c) => money(c.depositsTaken), align: 'right' },
    { header: 'Payments', value: (c) => money(c.paymentsTaken), align: 'right' },
    { header: 'Refunds', value: (c) => money(c.refunds), align: 'right' },
    { header: 'Redeemed', value: (c) => money(c.vouchersRedeemed), align: 'right' },
    { header: 'Courses', value: (c) => `${c.coursesSold} / ${money(c.courseSales)}`, align: 'right' },
    { header: 'Vouchers', value: (c) => `${c.vouchersSold} / ${money(c.voucherSales)}`, align: 'right' },
  ])
  const activity = formatTable(clinics, [{ header: 'Clinic', value: (c) => c.name }, ...activityColumns<(typeof clinics)[number]>()])
  const practitioners = formatTable(
    report.practitioners,
    [{ header: 'Practitioner', value: (p) => p.name }, { header: 'Clinic', value: (p) => p.clinic }, ...activityColumns<Report['practitioners'][number]>()],
    { empty: 'No practitioner worked or was booked.' },
  )
  return [`Report ${report.from} to ${report.to} (London dates)`, '', 'Bookings', activity, '', 'Takings (by payment date)', takings, '', 'Practitioners', practitioners].join('\n')
}

export function registerReportCommand(admin: Command, ctx: CliContext, call: CliContext['call']): void {
  admin
    .command('report')
    .description('bookings, cancellations, no-shows, utilisation and takings for a date range, per clinic and practitioner (admins)')
    .requiredOption('--from <yyyy-MM-dd>', 'first day (Europe/London)')
    .requiredOption('--to <yyyy-MM-dd>', 'last day, included (at most a year after --from)')
    .option('--location <slug>', 'one location (slug, id or name)')
    .option('--csv', 'CSV on stdout (one row per clinic, practitioner and the total)')
    .action(async (opts: { from: string; to: string; location?: string; csv?: boolean }) => {
      for (const [flag, value] of [['--from', opts.from], ['--to', opts.to]] as const) if (!isIsoDate(value)) throw usageError(`${flag} must be a calendar date as yyyy-MM-dd, got '${value}'.`)
      if (opts.csv && ctx.json) throw usageError('Choose one of --csv and --json.')
      const query = { from: opts.from, to: opts.to, ...(opts.location ? { location: opts.location } : {}) }
      const report = await call('Loading the report', () => ctx.useCase(LoadReport).execute(query))
      if (opts.csv) ctx.print(report, () => reportCsv(report).replace(/\r\n$/, ''))
      else ctx.print(report, () => reportText(report))
    })
}
