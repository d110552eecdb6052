import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { BookingViewModel } from '../../view-models/booking.view-model'
import { KEEP_PRACTITIONER_LABEL } from '../../view-models/staff.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { AGREE_LABEL, ConfirmViewModel } from '../../view-models/confirm.view-model'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { formatMoney } from '../../../domain/pricing/money'
import { SummaryCard } from './SummaryCard'
import styles from './BottomBar.module.css'

/**
 * Focus arriving on the page under the open sheet (Tab past 'Book appointment' wraps round to it): the sheet
 * closes, so that the focused control is not hidden under it (WCAG 2.4.11). A dialog opened from the
 * sheet ('Remove this appointment?') lies above it and keeps it open, for focus to come back to.
 */
export function coveredByTheSheet(bar: Element, next: EventTarget | null): boolean {
  if (!(next instanceof Element) || next === document.body || bar.contains(next)) return false
  return next.closest('[role="dialog"], [role="alertdialog"]') === null
}

/** Phone: the summary collapses into a bar with the total and the next action; tap to expand. */
export const BottomBar = observer(function BottomBar() {
  const booking = useViewModel<BookingViewModel>(BookingViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const confirm = useViewModel<ConfirmViewModel>(ConfirmViewModel)
  const [open, setOpen] = useState(false)
  const barRef = useRef<HTMLDivElement>(null)
  const { pathname, search } = useLocation()
  // The open summary covers most of a phone screen: it closes when the step (or time sub-step) moves on
  // ('change', 'Book appointment', browser back), so the next step and its button are not hidden under it.
  const stepKey = `${booking.view.step}:${booking.view.timeStep}:${pathname}`
  useEffect(() => setOpen(false), [stepKey])
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    // Focus arriving anywhere under the sheet (Tab past its last control wraps round through the page).
    const onFocusIn = (e: FocusEvent) => {
      if (barRef.current && coveredByTheSheet(barRef.current, e.target)) setOpen(false)
    }
    window.addEventListener('keydown', onKey)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      window.removeEventListener('keydown', onKey)
      document.removeEventListener('focusin', onFocusIn)
    }
  }, [open])
  const total = booking.view.total
  // From confirm on, what the card is charged now (the deposit when one applies) rather than the total;
  // nothing due now (a reschedule, a zero deposit): the total, as the summary shows it.
  const dueNow = booking.view.step === 'confirm' || booking.view.step === 'payment' ? confirm.amountDueNow : undefined
  let action = null
  if (booking.view.step === 'time') {
    action = (
      <Button disabled={!booking.view.canBook} onClick={() => booking.book(pathname, search)}>{booking.view.bookLabel}</Button>
    )
  } else if (booking.view.step === 'confirm') {
    action = (
      <Button disabled={!confirm.canAgree} onClick={() => void confirm.agree()}>{AGREE_LABEL}</Button>
    )
  } else if (booking.keptPractitioner) {
    action = <Button onClick={() => booking.keepPractitioner()}>{KEEP_PRACTITIONER_LABEL}</Button>
  } else if (booking.view.step === 'service' && booking.view.isCoursePurchase) {
    action = <Button onClick={() => booking.buyNow()}>Buy now</Button>
  }
  // Nothing chosen: a total of £0.00 with no action read as a price; the bar says what to choose (and keeps its place).
  const hint = action === null ? booking.view.choiceHint : undefined
  return (
    <div className={styles.bar} data-bottom-bar="" ref={barRef}>
      {open && !hint ? (
        <div className={styles.sheet} id="summary-sheet">
          <SummaryCard headingLevel={2} />
        </div>
      ) : null}
      <div className={styles.row}>
        {hint ? (
          <p className={styles.hint} data-testid="bottom-bar-hint">{hint}</p>
        ) : (
          <button type="button" className={styles.toggle} aria-expanded={open} aria-controls="summary-sheet" onClick={() => setOpen(!open)}>
            <span className={styles.totalLabel}>{open ? 'Hide summary' : dueNow !== undefined ? 'Due now · view summary' : 'Total · view summary'}</span>
            <span className={styles.total} data-testid="bottom-bar-amount">{formatMoney(dueNow ?? total, session.currency)}</span>
          </button>
        )}
        {action}
      </div>
    </div>
  )
})
