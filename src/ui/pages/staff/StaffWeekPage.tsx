import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { I18nProvider } from 'react-aria-components'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { AppDialog } from '../../components/Dialog'
import { TextField } from '../../components/Field'
import { formatLondonLongDate, londonTimeOf } from '../../../domain/time'
import { BLOCK_TYPES, type BlockType, type TimeBlock } from '../../../contract/desk-calendar.routes'
import type { DayBooking } from '../../../contract/admin.routes'
import { StaffWeekViewModel, type BlockForm, type WeekDay } from '../../view-models/staff-week.view-model'
import { StaffDatePicker, StaffSelect } from './StaffControls'
import { BLOCK_LABEL, blockLabel, StaffBlockEntry } from './StaffBlockEntry'
import { CheckoutDialog } from './StaffCheckoutDialog'
import { PaidBadge, PaymentsButton, StatusLine } from './StaffBookingCard'
import { SessionViewModel } from '../../view-models/session.view-model'
import type { Currency } from '../../../domain/pricing/money'
import { checkoutOffered, deskCheckout } from '../../../domain/desk/checkout'
import desk from './StaffDesk.module.css'
import styles from './StaffWeek.module.css'

const time = (iso: string) => londonTimeOf(new Date(iso))
const dayName = (date: string) => formatLondonLongDate(new Date(`${date}T12:00:00Z`)).replace(/ \d{4}$/, '')
const REPEATS: { value: BlockForm['repeat']; label: string }[] = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'weekday', label: 'Every weekday (Monday to Friday)' },
  { value: 'day', label: 'Every day' },
  { value: 'week', label: 'Every week' },
]

/** One booking in a day of the week: time, customer, service, status, paid, and the checkout (admins). */
export const BookingEntry = observer(function BookingEntry({ vm, booking, currency }: { vm: StaffWeekViewModel; booking: DayBooking; currency: Currency }) {
  const label = `${booking.customer} at ${time(booking.start)}, ${booking.service}`
  return (
    <li className={styles.entry} aria-label={label}>
      <p className={desk.time}>{time(booking.start)}–{time(booking.end)}</p>
      <p className={desk.customer}>{booking.customer}</p>
      <p>{booking.service}</p>
      <StatusLine booking={booking} currency={currency} how={false} />
      {vm.isAdmin && checkoutOffered(booking) ? (
        <div className={styles.entryActions}>
          <Button variant="secondary" onClick={() => void vm.openCheckout(booking)} aria-label={`Checkout ${label}`}>Checkout</Button>
        </div>
      ) : null}
      {deskCheckout(booking)._tag === 'Paid' ? (
        <div className={styles.entryActions}>
          <PaidBadge booking={booking} />
          {vm.isAdmin ? <PaymentsButton booking={booking} label={label} onOpen={(b) => void vm.openCheckout(b)} /> : null}
        </div>
      ) : null}
    </li>
  )
})

const BlockEntry = observer(function BlockEntry({ vm, block }: { vm: StaffWeekViewModel; block: TimeBlock }) {
  return <StaffBlockEntry block={block} busy={vm.busy} onRemove={(b) => void vm.removeBlock(b)} />
})

const Day = observer(function Day({ vm, day, currency }: { vm: StaffWeekViewModel; day: WeekDay; currency: Currency }) {
  const entries = [...day.bookings.map((b) => ({ start: b.start, node: <BookingEntry key={b.id} vm={vm} booking={b} currency={currency} /> })), ...day.blocks.map((b) => ({ start: b.start, node: <BlockEntry key={b.id} vm={vm} block={b} /> }))].sort((a, b) => a.start.localeCompare(b.start))
  const title = dayName(day.date)
  return (
    <section className={styles.day} aria-label={title}>
      <div className={styles.dayHead}>
        <h2 className={styles.dayTitle}>{title}</h2>
      </div>
      <p className={styles.hours}>
        {day.off ? 'Day off' : day.hours.length === 0 ? 'Not working' : day.hours.map((h) => `${time(h.start)}–${time(h.end)} ${h.location}`).join(', ')}
        {day.breaks.length > 0 ? ` · break ${day.breaks.map((b) => `${time(b.start)}–${time(b.end)}`).join(', ')}` : ''}
      </p>
      {entries.length > 0 ? <ul className={styles.entries}>{entries.map((e) => e.node)}</ul> : null}
      <Button variant="secondary" onClick={() => vm.openBlock(day.date)} aria-label={`Block time on ${title}`}>Block time</Button>
    </section>
  )
})

const BlockDialog = observer(function BlockDialog({ vm }: { vm: StaffWeekViewModel }) {
  const form = vm.blockForm
  return (
    <AppDialog
      title="Block time"
      isOpen={form !== undefined}
      onClose={() => vm.closeBlock()}
      actions={
        <>
          <Button variant="secondary" onClick={() => vm.closeBlock()}>Close</Button>
          <Button onClick={() => void vm.saveBlock()} busy={vm.busy}>Block time</Button>
        </>
      }
    >
      {form ? (
        <>
          <StaffSelect label="Kind" value={form.type} options={BLOCK_TYPES.map((t) => ({ value: t, label: BLOCK_LABEL[t] }))} onChange={(v) => vm.setBlock('type', v as BlockType)} />
          <StaffDatePicker label="Date" value={form.date} onChange={(v) => vm.setBlock('date', v)} />
          <TextField label="From (HH:mm)" value={form.start} onChange={(v) => vm.setBlock('start', v)} />
          {form.type === 'Leave' ? <StaffDatePicker label="Until date" value={form.endDate} onChange={(v) => vm.setBlock('endDate', v)} /> : null}
          <TextField label="To (HH:mm)" value={form.end} onChange={(v) => vm.setBlock('end', v)} />
          <TextField label="Note (optional)" value={form.note} onChange={(v) => vm.setBlock('note', v)} />
          <StaffSelect label="Repeat" value={form.repeat} options={REPEATS} onChange={(v) => vm.setBlock('repeat', v as BlockForm['repeat'])} />
          {form.repeat !== 'none' ? <StaffDatePicker label="Repeat until" value={form.until} onChange={(v) => vm.setBlock('until', v)} /> : null}
          {form.error ? <p className={desk.error} role="alert">{form.error}</p> : null}
        </>
      ) : null}
    </AppDialog>
  )
})

/** Removing a block of a repeating series: this one, this and the following ones, or the whole series. */
const RemoveSeriesDialog = observer(function RemoveSeriesDialog({ vm }: { vm: StaffWeekViewModel }) {
  const block = vm.removing
  return (
    <AppDialog
      title="Remove a repeating block"
      role="alertdialog"
      isOpen={block !== undefined}
      onClose={() => vm.closeRemove()}
      actions={
        block ? (
          <>
            <Button variant="secondary" onClick={() => vm.closeRemove()}>Keep</Button>
            <Button variant="secondary" onClick={() => void vm.removeBlock(block, 'block')} busy={vm.busy}>This block only</Button>
            <Button variant="secondary" onClick={() => void vm.removeBlock(block, 'following')} busy={vm.busy}>This and following</Button>
            <Button onClick={() => void vm.removeBlock(block, 'series')} busy={vm.busy}>The whole series</Button>
          </>
        ) : null
      }
    >
      {block ? <p>{blockLabel(block)} repeats. Remove this block only, this block and the following ones, or every block of the series?</p> : null}
    </AppDialog>
  )
})

/**
 * /staff/week (issue 29): a practitioner's week beside the day view. The week's date and the
 * practitioner are in the address (?date=&practitioner=), so a reload stays on them.
 */
const StaffWeekPage = observer(function StaffWeekPage() {
  const vm = useViewModel<StaffWeekViewModel>(StaffWeekViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const [params, setParams] = useSearchParams()
  useEffect(() => {
    void vm.enter(params.get('date') ?? undefined, params.get('practitioner') ?? undefined)
    // entered once: later changes of the address come from the page itself
  }, [vm])
  useEffect(() => {
    if (vm.date && vm.practitioner && (params.get('date') !== vm.date || params.get('practitioner') !== vm.practitioner)) setParams({ date: vm.date, practitioner: vm.practitioner }, { replace: true })
  }, [vm.date, vm.practitioner, params, setParams])
  if (!vm.signedIn) {
    return <div className={desk.page}><section className={desk.card}><h1 className={desk.title}>Week view</h1><p>Sign in as staff first: <Link to="/staff">staff sign-in</Link>.</p></section></div>
  }
  return (
    <I18nProvider locale="en-GB">
      <div className={desk.page}>
        <header className={desk.bar}>
          <div>
            <h1 className={desk.title}>Week view{vm.week ? `: ${vm.week.practitioner.name}` : ''}</h1>
            {vm.staff ? <p className={desk.who}>Signed in as {vm.staff.displayName} ({vm.staff.role})</p> : null}
          </div>
          <Link to={`/staff?date=${vm.date}`}>Day view</Link>
        </header>
        <div className={desk.controls}>
          <StaffSelect label="Location" value={vm.location} options={vm.locations.map((l) => ({ value: l.id, label: l.name }))} onChange={(v) => void vm.setLocation(v)} />
          <StaffSelect label="Practitioner" value={vm.practitioner} options={vm.practitioners.map((p) => ({ value: p.id, label: p.name }))} onChange={(v) => void vm.setPractitioner(v)} />
          <div className={desk.dateRow}>
            <Button variant="secondary" onClick={() => void vm.shiftWeek(-1)} aria-label="Previous week">‹</Button>
            <StaffDatePicker label="Week of" value={vm.date} onChange={(v) => void vm.setDate(v)} />
            <Button variant="secondary" onClick={() => void vm.shiftWeek(1)} aria-label="Next week">›</Button>
          </div>
        </div>
        {vm.error ? <p className={desk.error} role="alert">{vm.error}</p> : null}
        <p className={desk.notice} role="status">{vm.notice ?? ''}</p>
        {vm.loading ? <p role="status">Loading…</p> : null}
        {!vm.loading && vm.practitioners.length === 0 ? <p>No practitioner works at this location this week.</p> : null}
        <div className={styles.week}>
          {vm.days.map((d) => <Day key={d.date} vm={vm} day={d} currency={session.currency} />)}
        </div>
        <BlockDialog vm={vm} />
        <RemoveSeriesDialog vm={vm} />
        <CheckoutDialog vm={vm.checkout} />
      </div>
    </I18nProvider>
  )
})

export default StaffWeekPage
