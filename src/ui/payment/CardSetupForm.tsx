import { observer } from 'mobx-react-lite'
import { lazy, Suspense } from 'react'
import type { CardsViewModel } from '../view-models/cards.view-model'
import { Spinner } from '../components/Spinner'

const StripePaymentForm = lazy(() => import('./StripePaymentForm'))
const SquareCardForm = lazy(() => import('./SquareCardForm'))

/**
 * 'Add a card' in the customer area with Stripe (the Payment Element; on 'Save card' a SetupIntent is
 * made with the 'default' choice and confirmed, then the spec's card setup result dialog) or Square
 * (its card form's nonce stored as a card on file, with the choice).
 */
const CardSetupForm = observer(function CardSetupForm({ vm }: { vm: CardsViewModel }) {
  const processor = vm.processor
  if (!processor) return null
  const common = { submitLabel: 'Save card', busy: vm.adding }
  return (
    <Suspense fallback={<Spinner label="Loading the card form" />}>
      {processor.provider === 'stripe' ? (
        <StripePaymentForm
          {...common}
          mode="setup"
          publishableKey={processor.applicationId}
          {...(processor.currency ? { currency: processor.currency } : {})}
          // The SetupIntent is made on 'Save card', with the 'default' box as it is then.
          createSetup={() => vm.createSetup()}
          returnUrl={new URL('/app', window.location.origin).toString()}
          onSubmitting={() => vm.addStarted()}
          onConfirmed={() => vm.setupDone()}
          // A refused card: the SetupIntent says requires_payment_method, and the result dialog tells the customer.
          onRefused={(message, kind) => (kind === 'card' ? vm.setupDone() : vm.addRefused(message))}
        />
      ) : processor.provider === 'square' && processor.tokenizerUrl ? (
        <SquareCardForm
          {...common}
          sdkUrl={processor.tokenizerUrl}
          applicationId={processor.applicationId}
          locationId={processor.locationId}
          onToken={(token) => vm.addWithNonce(token)}
          onRefused={(message) => vm.addRefused(message)}
        />
      ) : null}
    </Suspense>
  )
})

export default CardSetupForm
