import { observer } from 'mobx-react-lite'
import { useEffect, useRef } from 'react'
import { PaymentViewModel } from '../../view-models/payment.view-model'
import { useViewModel } from '../../use-view-model'
import { Button } from '../../components/Button'
import { Spinner } from '../../components/Spinner'
import styles from './PaymentStep.module.css'

/** Payment: the card processor's page in an iframe, status polled every 3 s, 'Start again'. */
const PaymentStep = observer(function PaymentStep() {
  const vm = useViewModel<PaymentViewModel>(PaymentViewModel)
  const frame = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    vm.resume()
    return () => vm.stop()
  }, [vm])
  useEffect(() => {
    // The card page says it is done: check the status at once rather than at the next 3 s tick.
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return
      if ((event.data as { type?: unknown } | null)?.type === 'sandbox-payment') void vm.poll()
    }
    window.addEventListener('message', listener)
    return () => window.removeEventListener('message', listener)
  }, [vm])
  return (
    <div className={styles.wrap}>
      {vm.paid ? (
        <p className={styles.paid} role="status">Payment received. Thank you!</p>
      ) : vm.paymentUrl ? (
        <iframe ref={frame} className={styles.frame} src={vm.paymentUrl} title="Card payment" />
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
