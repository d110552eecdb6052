import { useEffect, useRef, useState } from 'react'
import { stripeCardErrorText, TEXT } from '../../application/errors'
import { loadStripe, type StripeClient, type StripeElements } from './stripe-js'
import { ProcessorCardFrame } from './ProcessorCardFrame'

interface CommonProps {
  publishableKey: string
  /** where Stripe returns the customer after a check away from the page (3-D Secure) */
  returnUrl: string
  submitLabel: string
  /** the card's error text (spec section 8), shown under the form */
  error?: string
  busy?: boolean
  onSubmitting: () => void
  /** confirmed in the browser: authorized (payment) or sent for saving (setup) */
  onConfirmed: () => void | Promise<void>
  /** `card`: the card itself was refused (declined, wrong CVC...); `form`: a field is incomplete, or Stripe could not be reached */
  onRefused: (message: string, kind: 'card' | 'form') => void
}

export type StripePaymentFormProps = CommonProps &
  (
    | {
        mode: 'payment'
        /** the PaymentIntent's client secret */
        clientSecret: string
      }
    | {
        mode: 'setup'
        /** the organisation's currency: which payment methods the element offers */
        currency?: string
        /**
         * Makes the SetupIntent when the customer confirms: what the card is for (the 'default' box) is
         * known only then. undefined: it could not be made (the caller says why).
         */
        createSetup: () => Promise<string | undefined>
      }
  )

/**
 * Stripe's Payment Element (cards, and Apple Pay / Google Pay where the device offers them) for a
 * PaymentIntent, or for a SetupIntent made when the customer confirms (Stripe's deferred intent
 * creation). Stripe.js loads when this form first shows; the card never touches our pages (Stripe's frames).
 */
export default function StripePaymentForm(props: StripePaymentFormProps) {
  const { publishableKey } = props
  const clientSecret = props.mode === 'payment' ? props.clientSecret : undefined
  const currency = props.mode === 'setup' ? props.currency?.toLowerCase() : undefined
  const mount = useRef<HTMLDivElement>(null)
  const [stripe, setStripe] = useState<{ client: StripeClient; elements: StripeElements }>()
  const [ready, setReady] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let live = true
    let destroy: (() => void) | undefined
    setReady(false)
    loadStripe(publishableKey)
      .then((client) => {
        if (!live || !mount.current) return
        const appearance = { theme: 'stripe' }
        const elements = client.elements(clientSecret !== undefined ? { clientSecret, appearance } : { mode: 'setup', ...(currency ? { currency } : {}), appearance })
        const element = elements.create('payment', { layout: 'tabs' })
        element.on('ready', () => live && setReady(true))
        element.mount(mount.current)
        destroy = () => element.destroy()
        setStripe({ client, elements })
      })
      .catch((error: unknown) => {
        console.warn('Stripe.js failed to load', error)
        if (live) setFailed(true)
      })
    return () => {
      live = false
      destroy?.()
    }
  }, [publishableKey, clientSecret, currency])

  const submit = async () => {
    if (!stripe || props.busy) return
    props.onSubmitting()
    try {
      let setupSecret: string | undefined
      if (props.mode === 'setup') {
        // Stripe.js checks the fields before any intent is made (it requires elements.submit() first).
        const checked = await stripe.elements.submit()
        if (checked.error) return props.onRefused(stripeCardErrorText(checked.error), 'form')
        setupSecret = await props.createSetup()
        if (!setupSecret) return
      }
      const options = { elements: stripe.elements, ...(setupSecret ? { clientSecret: setupSecret } : {}), confirmParams: { return_url: props.returnUrl }, redirect: 'if_required' as const }
      const { error } = props.mode === 'payment' ? await stripe.client.confirmPayment(options) : await stripe.client.confirmSetup(options)
      if (error) props.onRefused(stripeCardErrorText(error), error.type === 'card_error' ? 'card' : 'form')
      else await props.onConfirmed()
    } catch (error) {
      console.warn('Stripe confirmation failed', error)
      props.onRefused(TEXT.cardProviderNotConnected, 'form')
    }
  }

  return (
    <ProcessorCardFrame
      failed={failed}
      ready={ready}
      mount={mount}
      testId="stripe-payment-element"
      submitLabel={props.submitLabel}
      error={props.error}
      busy={props.busy}
      onSubmit={() => void submit()}
    />
  )
}
