import { observer } from 'mobx-react-lite'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { I18nProvider } from 'react-aria-components'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { formatMoney, currencyOrDefault } from '../../../domain/pricing/money'
import type { Report } from '../../../contract/reports.routes'
import { StaffReportsViewModel } from '../../view-models/staff-reports.view-model'
import { StaffDatePicker, StaffSelect } from './StaffControls'
import { useOverflowing } from '../../components/account/use-overflowing'
import desk from './StaffDesk.module.css'
import styles from './StaffReports.module.css'

type Activity = Report['totals']

const hours = (minutes: number) => (minutes / 60).toFixed(1)
const percent = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)}%`)

/**
 * The column headings. The long words carry soft hyphens (U+00AD): where a tablet's box (768-1199 px) is too
 * narrow for every column, a heading breaks there ('Com-pleted') rather than the table scrolling sideways;
 * where there is room nothing shows.
 */
const ACTIVITY_HEADERS = ['Booked', 'Com\u00ADpleted', 'Can\u00ADcelled', 'By cus\u00ADtomer', 'By clinic', 'Late', 'No-shows', 'Booked hours', 'Work\u00ADing hours', 'Utili\u00ADsation']

function ActivityCells({ row }: { row: Omit<Activity, 'depositsTaken' | 'paymentsTaken' | 'refunds' | 'vouchersRedeemed' | 'coursesSold' | 'courseSales' | 'vouchersSold' | 'voucherSales'> }) {
  const cells = [row.bookings, row.completed, row.cancelled, row.cancelledByCustomer, row.cancelledByClinic, row.cancelledLate, row.noShows, hours(row.bookedMinutes), hours(row.workingMinutes), percent(row.utilisation)]
  return <>{cells.map((c, i) => <td key={ACTIVITY_HEADERS[i]} className={styles.num}>{c}</td>)}</>
}

/** Shown above a table wider than its box (a phone): more columns follow to the side. */
export const SWIPE_COLUMNS_HINT = 'Swipe the table to see every column'

/**
 * A report's table in its own sideways-scrolling box. Where it does not fit (a phone) the box says
 * so: a hint above it, its first column kept in view and a shadow at the edge more columns hide behind.
 */
function TableBox({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const overflowing = useOverflowing(box)
  const hint = useId()
  return (
    <div className={styles.report}>
      {overflowing ? <p id={hint} className={styles.swipe}><span aria-hidden="true">↔</span>{SWIPE_COLUMNS_HINT}</p> : null}
      <div ref={box} className={`${styles.tableBox} ${overflowing ? styles.overflowing : ''}`} tabIndex={0} role="region" aria-label={label} aria-describedby={overflowing ? hint : undefined}>
        {children}
      </div>
    </div>
  )
}

const Tables = observer(function Tables({ report }: { report: Report }) {
  const money = (n: number) => formatMoney(n, currencyOrDefault(report.currency))
  const clinics = [...report.clinics.map((c) => ({ key: c.id, name: c.name, row: c, total: false })), { key: 'total', name: 'Total', row: report.totals, total: true }]
  return (
    <>
      <TableBox label="Bookings by clinic">
        <table className={styles.table}>
          <caption>Bookings by clinic</caption>
          <thead><tr><th scope="col">Clinic</th>{ACTIVITY_HEADERS.map((h) => <th key={h} scope="col" className={styles.num}>{h}</th>)}</tr></thead>
          <tbody>
            {clinics.map((c) => <tr key={c.key} className={c.total ? styles.total : undefined}><th scope="row">{c.name}</th><ActivityCells row={c.row} /></tr>)}
          </tbody>
        </table>
      </TableBox>
      <TableBox label="Takings by clinic">
        <table className={styles.table}>
          <caption>Takings by clinic (by payment date)</caption>
          <thead><tr>{['Clinic', 'De\u00ADposits', 'Pay\u00ADments', 'Re\u00ADfunds', 'Vouchers re\u00ADdeemed', 'Courses sold', 'Course sales', 'Vouchers sold', 'Voucher sales'].map((h, i) => <th key={h} scope="col" className={i ? styles.num : undefined}>{h}</th>)}</tr></thead>
          <tbody>
            {clinics.map(({ key, name, row, total }) => (
              <tr key={key} className={total ? styles.total : undefined}>
                <th scope="row">{name}</th>
                {[money(row.depositsTaken), money(row.paymentsTaken), money(row.refunds), money(row.vouchersRedeemed), row.coursesSold, money(row.courseSales), row.vouchersSold, money(row.voucherSales)].map((v, i) => <td key={i} className={styles.num}>{v}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <TableBox label="Practitioners">
        <table className={styles.table}>
          <caption>Practitioners</caption>
          <thead><tr><th scope="col">Practi&shy;tioner</th><th scope="col">Clinic</th>{ACTIVITY_HEADERS.map((h) => <th key={h} scope="col" className={styles.num}>{h}</th>)}</tr></thead>
          <tbody>
            {report.practitioners.length === 0 ? <tr><td colSpan={12}>No practitioner worked or was booked.</td></tr> : null}
            {report.practitioners.map((p) => <tr key={`${p.clinicId}|${p.id}`}><th scope="row">{p.name}</th><td>{p.clinic}</td><ActivityCells row={p} /></tr>)}
          </tbody>
        </table>
      </TableBox>
    </>
  )
})

/** /staff/reports (issue 29): the owner's report for a date range, admins only, with a CSV download. */
const StaffReportsPage = observer(function StaffReportsPage() {
  const vm = useViewModel<StaffReportsViewModel>(StaffReportsViewModel)
  useEffect(() => {
    void vm.enter()
  }, [vm])
  if (!vm.signedIn) {
    return <div className={desk.page}><section className={desk.card}><h1 className={desk.title}>Reports</h1><p>Sign in as staff first: <Link to="/staff">staff sign-in</Link>.</p></section></div>
  }
  if (vm.staff && !vm.isAdmin) {
    return <div className={desk.page}><section className={desk.card}><h1 className={desk.title}>Reports</h1><p>Reports are for admins only.</p><p><Link to="/staff">Back to the day bookings</Link></p></section></div>
  }
  return (
    <I18nProvider locale="en-GB">
      <div className={desk.page}>
        <header className={desk.bar}>
          <div>
            <h1 className={desk.title}>Reports</h1>
            {vm.staff ? <p className={desk.who}>Signed in as {vm.staff.displayName} ({vm.staff.role})</p> : null}
          </div>
          <Link to="/staff">Day bookings</Link>
        </header>
        <form className={styles.range} onSubmit={(e) => { e.preventDefault(); void vm.load() }}>
          <StaffDatePicker label="From" value={vm.from} onChange={(v) => vm.setFrom(v)} />
          <StaffDatePicker label="To" value={vm.to} onChange={(v) => vm.setTo(v)} />
          <StaffSelect label="Location" value={vm.location} options={[{ value: '', label: 'All locations' }, ...vm.locations.map((l) => ({ value: l.id, label: l.name }))]} onChange={(v) => void vm.setLocation(v)} />
          <div className={styles.actions}>
            <Button type="submit" busy={vm.loading}>Show report</Button>
            {vm.csv ? <a className={styles.download} href={`data:text/csv;charset=utf-8,${encodeURIComponent(vm.csv)}`} download={vm.csvFileName}>Download CSV</a> : null}
          </div>
        </form>
        {vm.error ? <p className={desk.error} role="alert">{vm.error}</p> : null}
        <p className={desk.hint} role="status">{vm.loading ? 'Loading…' : vm.report ? `London dates ${vm.report.from} to ${vm.report.to}, both included.` : ''}</p>
        {vm.report ? <Tables report={vm.report} /> : null}
      </div>
    </I18nProvider>
  )
})

export default StaffReportsPage
