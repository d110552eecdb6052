import { useEffect, useRef, useState } from 'react'
import { stripeCardErrorText, TEXT } from '../../application/errors'
import { loadStripe, type StripeClient, type StripeElements } from './stripe-js'
import { ProcessorCardFrame } from './ProcessorCardFrame'

export interface StripePaymentFormProps {
  publishableKey: string
  /** a PaymentIntent's (mode 'payment') or a SetupIntent's (mode 'setup') client secret */
  clientSecret: string
  mode: 'payment' | 'setup'
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

/**
 * Stripe's Payment Element (cards, and Apple Pay / Google Pay where the device offers them) for a
 * PaymentIntent or a SetupIntent. Stripe.js loads when this form first shows; the card never touches
 * our pages (Stripe's frames).
 */
export default function StripePaymentForm(props: StripePaymentFormProps) {
  const { publishableKey, clientSecret } = props
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
        const elements = client.elements({ clientSecret, appearance: { theme: 'stripe' } })
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
  }, [publishableKey, clientSecret])

  const submit = async () => {
    if (!stripe || props.busy) return
    props.onSubmitting()
    const options = { elements: stripe.elements, confirmParams: { return_url: props.returnUrl }, redirect: 'if_required' as const }
    try {
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
