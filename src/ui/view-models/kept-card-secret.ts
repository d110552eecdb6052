import type { KeyValueStorage } from '../../application/ports/storage.port'
import { isRecord, KeptState } from './kept-state'

/**
 * Stripe's client secret of the payment on the payment step, kept in the tab's session storage (the
 * safe port: missing storage keeps nothing) for a reload there to show the same PaymentIntent's card
 * form again. Stripe lets the browser hold a PaymentIntent's secret for that intent; it is never
 * logged, put in a URL nor kept beyond the tab (not in localStorage with the booking's payingHold),
 * and only while its payment is pending: paid, given up or another payment begun, it goes.
 */
export const KEPT_CARD_SECRET_KEY = 'paymentSecret'

interface Kept {
  transactionId: string
  clientSecret: string
}

const isKept = (v: unknown): v is Kept => isRecord(v) && typeof v.transactionId === 'string' && typeof v.clientSecret === 'string'

export class KeptCardSecret {
  private readonly kept: KeptState<Kept>

  constructor(storage?: KeyValueStorage) {
    this.kept = new KeptState(KEPT_CARD_SECRET_KEY, isKept, storage)
  }

  /**
   * The payment begun (or shown again): its secret, if it has one, is kept; one shown again without
   * it (a reload) gets back the secret kept for the same transaction. Any other payment's secret goes.
   */
  arrived<P extends { transactionId: string; clientSecret?: string }>(payment: P): P {
    if (payment.clientSecret) {
      this.kept.write({ transactionId: payment.transactionId, clientSecret: payment.clientSecret })
      return payment
    }
    const kept = this.kept.read()
    if (kept?.transactionId === payment.transactionId) return { ...payment, clientSecret: kept.clientSecret }
    this.kept.clear()
    return payment
  }

  clear(): void {
    this.kept.clear()
  }
}
