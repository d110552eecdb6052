import type { KeyValueStorage } from '../../application/ports/storage.port'
import type { GiftVoucherItem } from './booking-views'

/**
 * The gift voucher chosen in this tab, kept in its session storage: its confirm URL
 * (/step/{clinic}/confirm) names no voucher, and a reload there lost the amount and the receiver's
 * name, email and message typed for it (back to the service list).
 */
export const KEPT_GIFT_VOUCHER_KEY = 'giftVoucher'

interface Kept {
  clinic: string
  voucher: GiftVoucherItem
}

const isVoucher = (v: unknown): v is GiftVoucherItem => {
  if (typeof v !== 'object' || v === null || typeof (v as GiftVoucherItem).value !== 'number') return false
  const r = (v as GiftVoucherItem).receiver
  return r === undefined || (typeof r.name === 'string' && typeof r.email === 'string' && typeof r.message === 'string')
}

/** The tab's one kept voucher (session storage through the safe port: missing storage keeps nothing). */
export class KeptGiftVoucher {
  constructor(private readonly storage?: KeyValueStorage) {}

  /** The voucher kept for `clinic`, if any. */
  of(clinic: string): GiftVoucherItem | undefined {
    try {
      const raw = this.storage?.getItem(KEPT_GIFT_VOUCHER_KEY)
      const kept = raw ? (JSON.parse(raw) as Partial<Kept>) : undefined
      return kept?.clinic === clinic && isVoucher(kept.voucher) ? kept.voucher : undefined
    } catch {
      return undefined
    }
  }

  keep(clinic: string, voucher: GiftVoucherItem): void {
    this.storage?.setItem(KEPT_GIFT_VOUCHER_KEY, JSON.stringify({ clinic, voucher } satisfies Kept))
  }

  clear(): void {
    this.storage?.removeItem(KEPT_GIFT_VOUCHER_KEY)
  }
}
