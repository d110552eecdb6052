/**
 * A processor's webhook event once its signature was verified, in the processors' common terms,
 * and how it is handled: deduplicated on the event id, then the payment it names is settled (or the
 * card setup it names gets the customer's 'default' choice, or the refunds of the payment it names
 * are recorded).
 * Handling reads the payment's state from the processor again, never from the event body, so
 * events may arrive in any order, late or twice.
 */
import { businessMetrics } from '../observability/metrics'
import type { CardErrorReason } from './card-processor.port'
import type { CommerceDeps } from './commerce.deps'
import type { ProcessorDb } from './processors.tables'
import { claimWebhookEvent, releaseWebhookEvent } from './webhook-events.repository'
import { settleCardSetup } from './cards.service'
import { settleFromWebhook, type WebhookSettlement } from './webhook-settlement'
import { recordProcessorRefunds, type RefundsOutcome } from './processor-refunds'

export interface VerifiedEvent {
  id: string
  type: string
  /** The payment the event is about, when it is one of ours. */
  payment?: {
    tenant: string
    transactionId: string
    /** The processor says the money is authorized or taken: settlement must not stay open. */
    expectsSettlement: boolean
  }
  /** The event reports a card refused in the customer's browser (Stripe's payment_intent.payment_failed). */
  decline?: { reason: CardErrorReason; code?: string }
  /** A refund of the payment with this transaction id (ours or not: looked up); its refunds are read again. */
  refund?: { transactionId: string }
  /** A card setup of ours succeeded (Stripe's setup_intent.succeeded): its client secret, to read it again. */
  setup?: { tenant: string; clientSecret: string }
}

export type WebhookOutcome =
  | { _tag: 'Duplicate' }
  | { _tag: 'Ignored' }
  | { _tag: 'Handled'; settlement: WebhookSettlement }
  /** A card setup succeeded: the customer's 'default' choice is applied (once, whoever sees it first). */
  | { _tag: 'CardSetup' }
  /** A refund notification: `recorded` refunds newly written against the payment (0: known already, or not ours). */
  | { _tag: 'Refunds'; recorded: number }
  /** Not settled although it should be (the processor was unreachable): the processor redelivers. */
  | { _tag: 'Retry'; message: string }

export async function handleWebhookEvent(deps: CommerceDeps, processor: string, event: VerifiedEvent): Promise<WebhookOutcome> {
  const db: ProcessorDb = deps.db
  if (!(await claimWebhookEvent(db, processor, event.id, event.type))) return { _tag: 'Duplicate' }
  // Counted here, after the event id was claimed: once however often the processor delivers it.
  if (event.decline) {
    businessMetrics.payment('declined')
    businessMetrics.cardDeclined(processor, event.decline.reason, event.decline.code)
  }
  if (event.setup) {
    try {
      const applied = await settleCardSetup(deps, event.setup.tenant, event.setup.clientSecret)
      return applied === 'CardSetup' ? { _tag: 'CardSetup' } : { _tag: 'Ignored' }
    } catch (error) {
      await releaseWebhookEvent(db, processor, event.id)
      throw error
    }
  }
  if (event.refund) {
    let outcome: RefundsOutcome
    try {
      outcome = await recordProcessorRefunds(deps, processor, event.refund.transactionId)
    } catch (error) {
      await releaseWebhookEvent(db, processor, event.id)
      throw error
    }
    if (outcome._tag === 'Unreadable') {
      await releaseWebhookEvent(db, processor, event.id)
      return { _tag: 'Retry', message: outcome.message }
    }
    return outcome._tag === 'UnknownPayment' ? { _tag: 'Ignored' } : { _tag: 'Refunds', recorded: outcome.recorded }
  }
  if (!event.payment) return { _tag: 'Ignored' }
  let settlement: WebhookSettlement
  try {
    settlement = await settleFromWebhook(deps, event.payment.tenant, event.payment.transactionId)
  } catch (error) {
    await releaseWebhookEvent(db, processor, event.id)
    throw error
  }
  if (settlement._tag === 'Open' && event.payment.expectsSettlement) {
    await releaseWebhookEvent(db, processor, event.id)
    return { _tag: 'Retry', message: settlement.message }
  }
  return { _tag: 'Handled', settlement }
}
