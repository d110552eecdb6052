import { observer } from 'mobx-react-lite'
import { Button as AriaButton, Checkbox, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { AppDialog } from '../../components/Dialog'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { clinicTimeOf, type StaffDeskViewModel } from '../../view-models/staff-desk.view-model'
import type { DayBooking } from '../../../contract/admin.routes'
import type { AttendanceMark } from '../../../domain/booking/attendance'
import { intoPastWarning } from '../../view-models/desk-move-form'
import { StaffDatePicker, StaffSelect } from './StaffControls'
import { formatMoney, type Currency } from '../../../domain/pricing/money'
import { paidText } from '../../../domain/desk/paid'
import { checkoutOffered, deskCheckout } from '../../../domain/desk/checkout'
import styles from './StaffDesk.module.css'

const statusOf = (b: DayBooking) => (b.checkedIn ? 'Checked in' : b.status)

/** What the desk may still do: an appointment that is neither over (checked in, no-show) nor cancelled. */
const isOpen = (b: DayBooking) => !b.checkedIn && !/cancel|no.?show/i.test(b.status)

/** What was paid in all, and how (the deposit online, the rest at checkout) where the card has room: the day and week views say it alike. */
export const paidLabel = (b: DayBooking, currency: Currency, how = true) => `Paid ${paidText(b.paid, (n) => formatMoney(n, currency), how)}`

/** What its checkout would take ('Balance £37.50'), where the desk offers one; nothing for a booking paid in full or not chargeable. */
export const dueLabel = (b: DayBooking, currency: Currency): string | undefined => {
  const checkout = deskCheckout(b)
  return checkout._tag === 'Due' ? `Balance ${formatMoney(checkout.amount, currency)}` : undefined
}

/** Where the Checkout would be, a booking paid in full says so (spec section 9's invoice status 'Paid'): there is nothing to take. */
export function PaidBadge({ booking }: { booking: DayBooking }) {
  return deskCheckout(booking)._tag === 'Paid' ? <span className={styles.paidBadge}>Paid</span> : null
}

/**
 * A booking paid in full has no Checkout, but its payments stay a tap away: the same dialog shows them,
 * 'Paid in full.', and the deposit's refund where one is still possible (the desk's only way to it on the web).
 */
export function PaymentsButton({ booking, label, onOpen }: { booking: DayBooking; label: string; onOpen: (booking: DayBooking) => void }) {
  return deskCheckout(booking)._tag === 'Paid' ? <Button variant="secondary" onClick={() => onOpen(booking)} aria-label={`Payments of ${label}`}>Payments</Button> : null
}

/** Status · what was paid · what is due: the day and week views' line alike. */
export function StatusLine({ booking, currency, how = true }: { booking: DayBooking; currency: Currency; how?: boolean }) {
  const due = dueLabel(booking, currency)
  return (
    <p className={styles.muted}>
      <span className={styles.status}>{statusOf(booking)}</span> · {paidLabel(booking, currency, how)}
      {due ? <> · <span className={styles.due}>{due}</span></> : null}
    </p>
  )
}

/** Names a booking for assistive tech; the service tells apart two bookings of one customer at one time. */
export const bookingLabel = (b: DayBooking) => `${b.customer} at ${clinicTimeOf(b.start)}, ${b.service}`

type MenuAction = 'checked-in' | 'no-show' | 'move' | 'cancel'

/**
 * One appointment in its practitioner's column: time, customer, phone, service, status, and an action menu;
 * and the checkout (the day view's own, StaffCheckoutViewModel) where `checkoutOffered` allows it and `onCheckout` is given (an admin's desk).
 */
export const StaffBookingCard = observer(function StaffBookingCard({ vm, booking, currency, onCheckout }: { vm: StaffDeskViewModel; booking: DayBooking; currency: Currency; onCheckout?: (booking: DayBooking) => void }) {
  const label = bookingLabel(booking)
  const choose = (action: MenuAction) => {
    if (action === 'cancel') vm.askCancel(booking)
    else if (action === 'move') vm.askMove(booking)
    else void vm.act(booking.id, action, currency)
  }
  return (
    <li className={styles.booking} aria-label={label}>
      <div className={styles.bookingHead}>
        <p className={styles.time}>{clinicTimeOf(booking.start)}–{clinicTimeOf(booking.end)}</p>
        <div className={styles.bookingActions}>
          {isOpen(booking) ? (
            <MenuTrigger>
              <AriaButton className={styles.actionsButton} aria-label={`Actions for ${label}`} isDisabled={vm.busy === booking.id}>
                Actions <span aria-hidden="true">▾</span>
              </AriaButton>
              <Popover className={styles.popover} placement="bottom end">
                <Menu className={styles.menu} onAction={(key) => choose(key as MenuAction)}>
                  <AttendanceItem vm={vm} booking={booking} mark="checked-in" label="Check in" />
                  <AttendanceItem vm={vm} booking={booking} mark="no-show" label="No-show" />
                  {/* Moving and cancelling are the admins' (a practitioner's login is refused them). */}
                  {vm.isAdmin ? <MenuItem id="move" className={styles.menuItem}>Move…</MenuItem> : null}
                  {vm.isAdmin ? <MenuItem id="cancel" className={`${styles.menuItem} ${styles.menuItemDanger}`}>Cancel…</MenuItem> : null}
                </Menu>
              </Popover>
            </MenuTrigger>
          ) : null}
          {onCheckout && checkoutOffered(booking) ? <Button variant="secondary" onClick={() => onCheckout(booking)} aria-label={`Checkout ${label}`}>Checkout</Button> : null}
          <PaidBadge booking={booking} />
          {onCheckout ? <PaymentsButton booking={booking} label={label} onOpen={onCheckout} /> : null}
        </div>
      </div>
      <p className={styles.customer}>{booking.customer}</p>
      {booking.customerPhone ? <p><a href={`tel:${booking.customerPhone}`}>{booking.customerPhone}</a></p> : null}
      {booking.customerEmail ? <p className={styles.muted}>{booking.customerEmail}</p> : null}
      <p>{booking.service}</p>
      <StatusLine booking={booking} currency={currency} />
    </li>
  )
})

/** Check in or No-show: disabled, with the reason under it, while the server would refuse it. */
const AttendanceItem = observer(function AttendanceItem({ vm, booking, mark, label }: { vm: StaffDeskViewModel; booking: DayBooking; mark: AttendanceMark; label: string }) {
  const refusal = vm.attendanceRefusal(booking, mark)
  return (
    <MenuItem id={mark} textValue={label} className={styles.menuItem} isDisabled={refusal !== undefined}>
      {label}
      {/* Part of the item's name (its visible text), so a screen reader hears why too. */}
      {refusal ? <span className={styles.menuItemHint}> {refusal}</span> : null}
    </MenuItem>
  )
})

/** Cancel asks first; the late-cancellation fee is charged only when ticked (and the policy makes one due). */
export const CancelDialog = observer(function CancelDialog({ vm, currency }: { vm: StaffDeskViewModel; currency: Currency }) {
  const b = vm.cancelling
  return (
    <AppDialog
      title="Cancel this booking?"
      isOpen={b !== undefined}
      onClose={() => vm.closeCancel()}
      role="alertdialog"
      actions={
        <>
          <Button variant="secondary" onClick={() => vm.closeCancel()}>Keep booking</Button>
          <Button variant="danger" onClick={() => void vm.confirmCancel(currency)}>Cancel booking</Button>
        </>
      }
    >
      {b ? <p>{b.service} for {b.customer}, {clinicTimeOf(b.start)} with {b.practitioner}.</p> : null}
      <Checkbox className={styles.check} isSelected={vm.chargeFee} onChange={(v) => vm.setChargeFee(v)}>
        <span className={styles.box} aria-hidden="true">{vm.chargeFee ? '✓' : ''}</span>
        Charge the late-cancellation fee to the stored card
      </Checkbox>
      <p className={styles.hint}>Charged only when the booking is within the clinic's late-cancellation period.</p>
    </AppDialog>
  )
})

/** Move to another day, time or practitioner of the same location; the server refuses a taken time. */
export const MoveDialog = observer(function MoveDialog({ vm, practitioners }: { vm: StaffDeskViewModel; practitioners: string[] }) {
  const form = vm.moving
  const names = form && !practitioners.includes(form.booking.practitioner) ? [form.booking.practitioner, ...practitioners] : practitioners
  return (
    <AppDialog
      title="Move this booking"
      isOpen={form !== undefined}
      onClose={() => vm.closeMove()}
      actions={
        <>
          <Button variant="secondary" onClick={() => vm.closeMove()}>Keep as it is</Button>
          {/* The customer is elsewhere then (the server named the visit): staff choose another time, or move anyway on purpose. */}
          {form?.clash ? (
            <Button onClick={() => void vm.confirmMove(true)} disabled={vm.busy === form.booking.id}>Move anyway</Button>
          ) : form?.intoPast === 'asked' ? (
            <Button variant="danger" onClick={() => void vm.confirmMove(false, true)} disabled={vm.busy === form.booking.id}>Move into the past</Button>
          ) : (
            <Button onClick={() => void vm.confirmMove()} disabled={form !== undefined && vm.busy === form.booking.id}>Move booking</Button>
          )}
        </>
      }
    >
      {form ? (
        <>
          <p>{form.booking.service} for {form.booking.customer}</p>
          <StaffDatePicker label="New date" value={form.date} onChange={(v) => vm.setMove('date', v)} />
          <TextField label="New time (HH:mm)" value={form.time} onChange={(v) => vm.setMove('time', v)} />
          <StaffSelect label="Practitioner" value={form.practitioner} options={names.map((n) => ({ value: n, label: n }))} onChange={(v) => vm.setMove('practitioner', v)} />
          {form.error ? <p className={styles.error} role="alert">{form.error}</p> : null}
          {form.clash ? <p className={styles.error} role="alert">{form.clash}</p> : null}
          {form.intoPast === 'asked' ? <p className={styles.warning} role="alert">{intoPastWarning(form)}</p> : null}
        </>
      ) : null}
    </AppDialog>
  )
})
