import { useEffect, useRef, useState } from 'react'
import { cardErrorText, TEXT } from '../../application/errors'
import { loadSquare, SQUARE_FIELD_CODES, type SquareCard } from './square-js'
import { ProcessorCardFrame } from './ProcessorCardFrame'

export interface SquareCardFormProps {
  sdkUrl: string
  applicationId: string
  locationId: string
  submitLabel: string
  error?: string
  busy?: boolean
  /** the card's single-use token (nonce) for the server: a payment or a card on file */
  onToken: (token: string) => void | Promise<void>
  onRefused: (message: string) => void
}

/**
 * Square's card form (Web Payments SDK): Square's frames take the card and tokenise it; the nonce goes
 * to our server, which charges it or keeps it on file. The SDK loads when this form first shows.
 */
export default function SquareCardForm(props: SquareCardFormProps) {
  const { sdkUrl, applicationId, locationId } = props
  const mount = useRef<HTMLDivElement>(null)
  const [card, setCard] = useState<SquareCard>()
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let live = true
    let attached: SquareCard | undefined
    loadSquare(sdkUrl, applicationId, locationId)
      .then((payments) => payments.card())
      .then(async (created) => {
        attached = created
        if (!live || !mount.current) return
        await created.attach(mount.current)
        if (live) setCard(created)
      })
      .catch((error: unknown) => {
        console.warn('Square Web Payments SDK failed to load', error)
        if (live) setFailed(true)
      })
    return () => {
      live = false
      void attached?.destroy()
    }
  }, [sdkUrl, applicationId, locationId])

  const submit = async () => {
    if (!card || props.busy) return
    try {
      const result = await card.tokenize()
      if (result.status === 'OK' && result.token) {
        await props.onToken(result.token)
        return
      }
      const field = result.errors?.find((e) => e.field)?.field
      props.onRefused(cardErrorText(field ? SQUARE_FIELD_CODES[field] : undefined))
    } catch (error) {
      console.warn('Square tokenize failed', error)
      props.onRefused(TEXT.cardProviderNotConnected)
    }
  }

  return (
    <ProcessorCardFrame
      failed={failed}
      ready={card !== undefined}
      mount={mount}
      testId="square-card-form"
      submitLabel={props.submitLabel}
      error={props.error}
      busy={props.busy}
      onSubmit={() => void submit()}
    />
  )
}
