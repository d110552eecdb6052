import type { KeyValueStorage } from '../../application/ports/storage.port'
import type { GiftVoucherItem } from './booking-views'
import { isKeptPayment, isRecord, KeptState, type KeptPayment } from './kept-state'

/**
 * The gift voucher chosen in this tab, kept in its session storage: its confirm URL
 * (/step/{clinic}/confirm) names no voucher, and a reload there lost the amount and the receiver's
 * name, email and message typed for it (back to the service list). The payment step's URL is the
 * same: its payment begun is kept with it, for a reload there to come back to that payment.
 */
export const KEPT_GIFT_VOUCHER_KEY = 'giftVoucher'

/** The voucher's payment begun in this tab: what the payment step shows again after a reload. */
export type KeptVoucherPayment = KeptPayment

interface Kept {
  clinic: string
  voucher: GiftVoucherItem
  payment?: KeptVoucherPayment
}

const isVoucher = (v: unknown): v is GiftVoucherItem => {
  if (!isRecord(v) || typeof v.value !== 'number') return false
  const r = v.receiver
  return r === undefined || (isRecord(r) && typeof r.name === 'string' && typeof r.email === 'string' && typeof r.message === 'string')
}
const isKept = (v: unknown): v is Kept => isRecord(v) && typeof v.clinic === 'string' && isVoucher(v.voucher) && (v.payment === undefined || isKeptPayment(v.payment))

const sameVoucher = (a: GiftVoucherItem, b: GiftVoucherItem): boolean =>
  a.value === b.value && a.receiver?.name === b.receiver?.name && a.receiver?.email === b.receiver?.email && a.receiver?.message === b.receiver?.message

/** The tab's one kept voucher (session storage through the safe port: missing storage keeps nothing). */
export class KeptGiftVoucher {
  private readonly kept: KeptState<Kept>

  constructor(storage?: KeyValueStorage) {
    this.kept = new KeptState(KEPT_GIFT_VOUCHER_KEY, isKept, storage)
  }

  /** The voucher kept for `clinic`, if any. */
  of(clinic: string): GiftVoucherItem | undefined {
    const kept = this.kept.read()
    return kept?.clinic === clinic ? kept.voucher : undefined
  }

  /** The voucher chosen; the payment begun for the same voucher stays kept with it. */
  keep(clinic: string, voucher: GiftVoucherItem): void {
    const kept = this.kept.read()
    const payment = kept?.clinic === clinic && sameVoucher(kept.voucher, voucher) ? kept.payment : undefined
    this.kept.write({ clinic, voucher, ...(payment ? { payment } : {}) })
  }

  /**
   * A step URL arrived at `clinic` with the wizard's voucher, if any: one chosen is kept, another
   * step's URL forgets it, and a confirm URL that cannot confirm without it (`restorable`, a reload)
   * gets it back: the voucher to restore, or undefined.
   */
  arrived(clinic: string, chosen: GiftVoucherItem | undefined, confirmUrl: boolean, restorable: boolean): GiftVoucherItem | undefined {
    if (chosen) this.keep(clinic, chosen)
    else if (!confirmUrl) this.clear()
    else if (restorable) return this.of(clinic)
    return undefined
  }

  /** The payment begun for the voucher kept at `clinic`, if any. */
  paymentOf(clinic: string): KeptVoucherPayment | undefined {
    const kept = this.kept.read()
    return kept?.clinic === clinic ? kept.payment : undefined
  }

  keepPayment(clinic: string, voucher: GiftVoucherItem, payment: KeptVoucherPayment): void {
    this.kept.write({ clinic, voucher, payment })
  }

  /** The payment paid or given up: the voucher stays kept, its payment does not. */
  dropPayment(): void {
    const kept = this.kept.read()
    if (!kept?.payment) return
    const { payment: _payment, ...voucher } = kept
    this.kept.write(voucher)
  }

  clear(): void {
    this.kept.clear()
  }
}
