import { observer } from 'mobx-react-lite'
import { lazy, Suspense, useEffect } from 'react'
import { CardPaymentViewModel } from '../view-models/card-payment.view-model'
import { useViewModel } from '../use-view-model'
import { Spinner } from '../components/Spinner'
import { Button } from '../components/Button'
import { TEXT } from '../../application/errors'
import styles from './payment.module.css'

const StripePaymentForm = lazy(() => import('./StripePaymentForm'))
const SquareCardForm = lazy(() => import('./SquareCardForm'))

/**
 * The payment step's card form when Stripe or Square takes the cards (the sandbox's page stays in its
 * iframe): the processor's own form, then the step's usual flow (status check, thank-you page). A Stripe
 * payment shown without its client secret (another tab) waits for the same payment's from the server.
 */
const CardPaymentForm = observer(function CardPaymentForm() {
  const vm = useViewModel<CardPaymentViewModel>(CardPaymentViewModel)
  const transactionId = vm.transactionId
  useEffect(() => {
    void vm.load()
  }, [vm, transactionId])
  const processor = vm.processor
  if (vm.loadError) return <p className={styles.error} role="alert">{vm.loadError}</p>
  if (!processor) return <Spinner label="Preparing payment" />
  const problem = vm.secretProblem
  if (processor.provider === 'stripe' && !vm.clientSecret) {
    return problem ? (
      <div className={styles.form}>
        <p className={styles.error} role="alert">{problem.text}</p>
        {problem.canRetry ? <div><Button onClick={() => void vm.findSecret()}>Try again</Button></div> : null}
      </div>
    ) : (
      <Spinner label="Preparing payment" />
    )
  }
  const common = {
    submitLabel: 'Pay now',
    busy: vm.submitting,
    onRefused: (message: string) => vm.refused(message),
    ...(vm.error ? { error: vm.error } : {}),
  }
  return (
    <Suspense fallback={<Spinner label="Loading the card form" />}>
      {processor.provider === 'stripe' && vm.clientSecret ? (
        <StripePaymentForm
          key={vm.transactionId}
          {...common}
          mode="payment"
          publishableKey={processor.applicationId}
          clientSecret={vm.clientSecret}
          returnUrl={new URL(vm.returnPath, window.location.origin).toString()}
          onSubmitting={() => vm.setSubmitting(true)}
          onConfirmed={() => vm.authorized()}
        />
      ) : processor.provider === 'square' && processor.tokenizerUrl ? (
        <SquareCardForm
          key={vm.transactionId}
          {...common}
          sdkUrl={processor.tokenizerUrl}
          applicationId={processor.applicationId}
          locationId={processor.locationId}
          onToken={(token) => vm.payWith(token)}
        />
      ) : (
        <p className={styles.error} role="alert">{TEXT.cardProviderNotConnected}</p>
      )}
    </Suspense>
  )
})

export default CardPaymentForm
