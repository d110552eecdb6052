import { observer } from 'mobx-react-lite'
import { useCallback, useEffect, useRef } from 'react'
import { SafeHtml } from '../../components/SafeHtml'
import { AGREE_LABEL, ConfirmViewModel, TERMS_TITLE, TERMS_UNREAD } from '../../view-models/confirm.view-model'
import { SessionViewModel } from '../../view-models/session.view-model'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import { formatMoney } from '../../../domain/pricing/money'
import styles from './ConfirmStep.module.css'
import { useHeldTimeLifecycle } from './use-held-time-lifecycle'

/** Confirm: 'Important Information' terms, scroll-to-bottom gate, hold countdown, agree. */
const ConfirmStep = observer(function ConfirmStep() {
  const vm = useViewModel<ConfirmViewModel>(ConfirmViewModel)
  const session = useViewModel<SessionViewModel>(SessionViewModel)
  const signedIn = session.authenticated
  useHeldTimeLifecycle()
  useEffect(() => {
    if (signedIn) vm.enter()
  }, [vm, signedIn])
  useEffect(() => () => vm.leave(), [vm])

  const termsRef = useRef<HTMLDivElement>(null)
  // Terms shorter than the box have no scrollbar: they count as read once rendered.
  const checkTerms = useCallback(() => {
    const el = termsRef.current
    if (el) vm.onTermsScroll(el.scrollTop, el.clientHeight, el.scrollHeight)
  }, [vm])
  const due = vm.amountDueNow
  return (
    <div className={styles.wrap}>
      {vm.countdownText ? (
        <p className={`${styles.hold} ${vm.countdownWarning ? styles.warning : ''}`} role="timer" aria-live="off">
          {vm.countdownText}
        </p>
      ) : null}
      <h2 className={styles.termsTitle} id="terms-title">{TERMS_TITLE}</h2>
      <div
        className={styles.terms}
        tabIndex={0}
        role="region"
        aria-labelledby="terms-title"
        ref={termsRef}
        onScroll={checkTerms}
      >
        <SafeHtml html={vm.terms} onRendered={checkTerms} />
      </div>
      {!vm.scrolledToBottom ? <p className={styles.hint}>{TERMS_UNREAD}</p> : null}
      {due !== undefined ? (
        <p className={styles.due}>
          <span>{vm.booking.view.isGiftVoucherPurchase || vm.booking.view.isCoursePurchase ? 'To pay now' : 'Deposit to pay now'}</span>
          <span>{formatMoney(due, session.currency)}</span>
        </p>
      ) : null}
      {vm.submitting ? <Spinner label="Please wait" /> : null}
      <div className={styles.agree}>
        <Button block disabled={!vm.canAgree} onClick={() => void vm.agree()}>{AGREE_LABEL}</Button>
      </div>
      {/* The button disabled for something other than the terms: what is missing and what to do. */}
      {vm.scrolledToBottom && vm.blockedText ? <p className={styles.blocked} role="alert">{vm.blockedText}</p> : null}
    </div>
  )
})

export default ConfirmStep
