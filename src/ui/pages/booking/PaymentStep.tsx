import { observer } from 'mobx-react-lite'
import { lazy, Suspense, useEffect } from 'react'
import { PaymentViewModel } from '../../view-models/payment.view-model'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import { currentAccent, paymentFrameUrl } from './payment-frame'
import styles from './PaymentStep.module.css'

// Stripe's or Square's card form: its own chunk, loaded only when that processor takes the payment.
const CardPaymentForm = lazy(() => import('../../payment/CardPaymentForm'))

/** Payment: the hold's countdown, the card processor's page in an iframe, status polled every 3 s, 'Start again'. */
const PaymentStep = observer(function PaymentStep() {
  const vm = useViewModel<PaymentViewModel>(PaymentViewModel)
  useEffect(() => {
    vm.resume()
    return () => vm.stop()
  }, [vm])
  return (
    <div className={styles.wrap}>
      {vm.countdownText ? (
        <p className={`${styles.hold} ${vm.countdownWarning ? styles.warning : ''}`} role="timer" aria-live="off">
          {vm.countdownText}
        </p>
      ) : null}
      {vm.paid ? (
        <p className={styles.paid} role="status">Payment received. Thank you!</p>
      ) : vm.cardForm ? (
        <Suspense fallback={<Spinner label="Preparing payment" />}>
          <CardPaymentForm />
        </Suspense>
      ) : vm.paymentUrl ? (
        <iframe className={styles.frame} src={paymentFrameUrl(vm.paymentUrl, currentAccent())} title="Card payment" />
      ) : (
        <Spinner label="Preparing payment" />
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => vm.startAgain()}>Start again</Button>
      </div>
    </div>
  )
})

export default PaymentStep
