import type { RefObject } from 'react'
import { TEXT } from '../../application/errors'
import { Button } from '../components/Button'
import { Spinner } from '../components/Spinner'
import styles from './payment.module.css'

export interface ProcessorCardFrameProps {
  /** the processor's script could not be loaded or set up */
  failed: boolean
  /** the processor's card field is on screen */
  ready: boolean
  /** where the processor mounts its card field */
  mount: RefObject<HTMLDivElement | null>
  testId: string
  submitLabel: string
  error?: string
  busy?: boolean
  onSubmit: () => void
}

/** What Stripe's and Square's card forms share around the processor's own field: the spinner, the error and the button. */
export function ProcessorCardFrame(props: ProcessorCardFrameProps) {
  if (props.failed) return <p className={styles.error} role="alert">{TEXT.cardProviderNotConnected}</p>
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault()
        props.onSubmit()
      }}
    >
      {props.ready ? null : <Spinner label="Loading the card form" />}
      <div ref={props.mount} className={styles.element} data-testid={props.testId} />
      {props.error ? <p className={styles.error} role="alert">{props.error}</p> : null}
      <Button type="submit" disabled={!props.ready || props.busy}>{props.busy ? 'Please wait…' : props.submitLabel}</Button>
    </form>
  )
}
