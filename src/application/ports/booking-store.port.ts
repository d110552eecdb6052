import type { Clinic } from '../../contract/clinics.routes'

/** A clinic remembered between visits (spec section 3, 'Stored locally'): the contract's clinic, as listed. */
export type StoredClinic = Pick<Clinic, 'id' | 'accountName' | 'address'>

/** Everything the app keeps locally besides the token (spec section 3, 'Stored locally'). */
export interface StoredBookingInfo {
  lastClinicId: string
  currentClinic: StoredClinic
  /** Organisation currency code (GBP, USD, EUR, AUD). */
  currency: string
  /** Cached GET /public/links result. */
  links: Record<string, string>
  cookiesAccepted: boolean
  /** The visitor's answer in the production consent banner (analytics). */
  analyticsConsent: 'granted' | 'denied'
  /** A deposit payment begun for a held time (issue 17): what a reload of the payment step needs. */
  payingHold: PayingHold
  /**
   * A course purchase's or a gift voucher's payment begun: which invoice and payment, for the same
   * confirm URL opened in another tab (no session storage there) to ask the server whether it is still
   * open and take it up (the voucher and its receiver come back from the invoice, not from here).
   */
  payingPurchase: PayingPurchase
}

/** The held time's booking being paid: the hold it came from, its times and the payment session. */
export interface PayingHold {
  holdId: string
  clinic: string
  items: { service: string; practitioner: string; start: string; end: string }[]
  /** the amount due now (not Stripe's client secret: that stays in the tab, KeptCardSecret) */
  session: { paymentUrl: string; transactionId: string; invoiceId?: string; appointmentId?: string; amount?: number; holdExpiresAt?: number }
}

/** The purchase being paid (purchase-resume.ts): no client secret, no receiver's details. */
export interface PayingPurchase {
  kind: 'course' | 'giftVoucher'
  clinic: string
  courses: string[]
  payment: { paymentUrl: string; transactionId: string; invoiceId: string; amount?: number }
}

export type BookingInfoKey = keyof StoredBookingInfo

/** Local persistence of booking info: the chosen clinic, the currency, the links cache, cookie acceptance. */
export interface BookingStore {
  get<K extends BookingInfoKey>(key: K): StoredBookingInfo[K] | undefined
  set<K extends BookingInfoKey>(key: K, value: StoredBookingInfo[K]): void
  remove(key: BookingInfoKey): void
  /** Clears the booking info of a session (lastClinicId, currentClinic); keeps currency, links and cookie acceptance. */
  clearBookingInfo(): void
}

/**
 * Keys cleared by logout and by a password reset: the customer's own. The purchase being paid too: on a
 * shared device the next customer would otherwise start on its payment step.
 */
export const SESSION_BOOKING_KEYS: readonly BookingInfoKey[] = ['lastClinicId', 'currentClinic', 'payingPurchase']
