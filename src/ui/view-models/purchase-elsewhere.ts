import * as E from 'fp-ts/Either'
import type { GetOpenPurchase } from '../../application/use-cases/payments.use-case'
import type { BookingStore, PayingPurchase } from '../../application/ports/booking-store.port'
import type { Invoice } from '../../contract/invoices.codecs'
import type { AppError } from '../../application/failure'
import { purchaseOfArrival, type PurchaseArrival } from '../../domain/booking/purchase-resume'
import type { Exec } from './app-services'
import type { GiftVoucherItem } from './booking-views'
import { isKeptPayment, isRecord } from './kept-state'

/** A purchase's payment to take up on its confirm URL, with what the wizard rebuilds for it. */
export interface PurchaseToResume {
  /** the courses it buys, in the basket's order (none for a gift voucher) */
  courses: readonly string[]
  /** the gift voucher it buys, as the invoice has it */
  voucher?: GiftVoucherItem
  /** the payment step's session (PaymentSessionView) */
  session: { kind: PayingPurchase['kind']; paymentUrl: string; transactionId: string; invoiceId?: string; amount?: number; clientSecret?: string }
}

const isPayingPurchase = (v: unknown): v is PayingPurchase =>
  isRecord(v) && (v.kind === 'course' || v.kind === 'giftVoucher') && typeof v.clinic === 'string' &&
  Array.isArray(v.courses) && v.courses.every((c) => typeof c === 'string') && isKeptPayment(v.payment) && typeof v.payment.invoiceId === 'string'

/** The voucher an invoice buys (its first Giftvoucher line: the value chosen and the receiver typed). */
function voucherOf(invoice: Invoice): GiftVoucherItem | undefined {
  const line = invoice.items.find((i) => i.type === 'Giftvoucher')
  if (!line) return undefined
  const value = line.listPrice ?? line.grossPrice / Math.max(1, line.quantity)
  const r = line.giftVoucherReceiver
  return { value, ...(r ? { receiver: { name: r.name, email: r.email, message: r.message ?? '' } } : {}) }
}

/**
 * The course purchase's or gift voucher's payment begun, known to every tab of the browser (local
 * storage, through the booking store: its invoice and payment, no client secret, no receiver): the
 * same confirm URL opened in a new tab has none of the first tab's session storage, and showed
 * confirm, whose 'agree' began a second invoice. There it is asked of the server (GetOpenPurchase):
 * still open, it is taken up; paid, ended or replaced, it is forgotten and confirm shows as before;
 * not answered, the wizard's failure state with 'Try again' (ServicesViewModel.purchaseFailed).
 */
export class PurchaseElsewhere {
  constructor(
    private readonly store?: BookingStore,
    private readonly openPurchase?: Exec<GetOpenPurchase>,
  ) {}

  remember(purchase: PayingPurchase): void {
    this.store?.set('payingPurchase', purchase)
  }

  /** That payment paid or given up (a payment of another purchase, begun in another tab, stays). */
  forget(transactionId: string): void {
    if (this.begun()?.payment.transactionId === transactionId) this.store?.remove('payingPurchase')
  }

  private begun(): PayingPurchase | undefined {
    const kept: unknown = this.store?.get('payingPurchase')
    return isPayingPurchase(kept) ? kept : undefined
  }

  /**
   * The payment begun for the purchase this confirm URL shows, if the server still has it open. The
   * server not reached (or failing): Left, the purchase kept for the next try; never confirm meanwhile,
   * whose 'agree' would begin a second invoice.
   */
  async find(arrival: PurchaseArrival): Promise<E.Either<AppError, PurchaseToResume | undefined>> {
    const begun = purchaseOfArrival(this.begun(), arrival)
    if (!begun || !this.openPurchase) return E.right(undefined)
    const { paymentUrl, transactionId, invoiceId } = begun.payment
    const open = await this.openPurchase.execute(invoiceId, transactionId)
    if (E.isLeft(open)) return open
    if (!open.right) {
      this.forget(transactionId)
      return E.right(undefined)
    }
    const { invoice, clientSecret } = open.right
    const voucher = begun.kind === 'giftVoucher' ? voucherOf(invoice) : undefined
    if (begun.kind === 'giftVoucher' && !voucher) return E.right(undefined)
    const session: PurchaseToResume['session'] = { kind: begun.kind, paymentUrl, transactionId, invoiceId, amount: invoice.amount, ...(clientSecret ? { clientSecret } : {}) }
    return E.right({ courses: begun.courses, ...(voucher ? { voucher } : {}), session })
  }
}
