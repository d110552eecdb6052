/**
 * Gift voucher constants (spec §9 "Gift voucher amounts 50, 100, 150, 200, 250, 500 (used when the
 * organisation sets none); default organisation voucher id 1001").
 */

export const DEFAULT_GIFT_VOUCHER_AMOUNTS = [50, 100, 150, 200, 250, 500] as const
export const DEFAULT_ORGANISATION_VOUCHER_ID = 1001

/** The organisation's voucher values, or the defaults when it sets none. */
export function giftVoucherAmounts(values: readonly number[] | null | undefined): readonly number[] {
  return values && values.length > 0 ? values : DEFAULT_GIFT_VOUCHER_AMOUNTS
}
