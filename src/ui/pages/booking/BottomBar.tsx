import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { BookingViewModel } from '../../view-models/booking.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { AGREE_LABEL, ConfirmViewModel } from '../../view-models/confirm.view-model'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { formatMoney, round2 } from '../../../domain/pricing/money'
import { itemPrice, SummaryCard } from './SummaryCard'
import styles from './BottomBar.module.css'

/** Phone: the summary collapses into a bar with the total and the next action; tap to expand. */
export const BottomBar = observer(function BottomBar() {
  const booking = useViewModel<BookingViewModel>(BookingViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const confirm = useViewModel<ConfirmViewModel>(ConfirmViewModel)
  const [open, setOpen] = useState(false)
  const { pathname, search } = useLocation()
  // The open summary covers most of a phone screen: it closes when the step (or time sub-step) moves on
  // ('change', 'Book appointment', browser back), so the next step and its button are not hidden under it.
  const stepKey = `${booking.step}:${booking.timeStep}:${pathname}`
  useEffect(() => setOpen(false), [stepKey])
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])
  const total = round2(booking.basket.reduce((s, i) => s + itemPrice(i, booking.isCourseSession), 0) + booking.giftVouchers.reduce((s, v) => s + v.value, 0))
  // From confirm on, what the card is charged now (the deposit when one applies) rather than the total.
  const dueNow = booking.step === 'confirm' || booking.step === 'payment' ? confirm.amountDue : undefined
  let action = null
  if (booking.step === 'time') {
    action = (
      <Button disabled={!booking.canBook} onClick={() => booking.book(pathname, search)}>{booking.bookLabel}</Button>
    )
  } else if (booking.step === 'confirm') {
    action = (
      <Button disabled={!confirm.canAgree} onClick={() => void confirm.agree()}>{AGREE_LABEL}</Button>
    )
  } else if (booking.step === 'service' && booking.isCoursePurchase) {
    action = <Button onClick={() => booking.buyNow()}>Buy now</Button>
  }
  return (
    <div className={styles.bar} data-bottom-bar="">
      {open ? (
        <div className={styles.sheet} id="summary-sheet">
          <SummaryCard headingLevel={2} />
        </div>
      ) : null}
      <div className={styles.row}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls="summary-sheet" onClick={() => setOpen(!open)}>
          <span className={styles.totalLabel}>{open ? 'Hide summary' : dueNow !== undefined ? 'Due now · view summary' : 'Total · view summary'}</span>
          <span className={styles.total} data-testid="bottom-bar-amount">{formatMoney(dueNow ?? total, session.currency)}</span>
        </button>
        {action}
      </div>
    </div>
  )
})
