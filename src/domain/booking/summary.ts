/**
 * Booking summary and list labels (spec §2 "Side summary: ... each basket item (name, price,
 * duration, practitioner), date and time, total"; service rows "duration ('N mins', or 'From N' when
 * practitioner durations differ) and price ('From' when a range exists)"; staff rows "price 'From'
 * when prices differ"). Totals are rounded to 2 decimals.
 */
import { type Currency, DEFAULT_CURRENCY, formatMoney, round2 } from '../pricing/money'

export interface SummaryLine {
  /** Practitioner gross price, else the service default price (course purchases: sale price). */
  price: number
  /** Minutes. */
  duration?: number | null
}

export interface SummaryTotals {
  total: number
  totalDuration: number
  count: number
}

export function summaryTotals(lines: readonly SummaryLine[]): SummaryTotals {
  return {
    total: round2(lines.reduce((sum, l) => sum + (Number.isFinite(l.price) ? l.price : 0), 0)),
    totalDuration: lines.reduce((sum, l) => sum + (l.duration ?? 0), 0),
    count: lines.length,
  }
}

/** 'N mins' when every duration is the same, else 'From N mins' with the shortest. '' when none. */
export function durationLabel(durations: readonly number[]): string {
  if (durations.length === 0) return ''
  const min = Math.min(...durations)
  return durations.every((d) => d === min) ? `${min} mins` : `From ${min} mins`
}

/** '£40.00' for a single price, 'From £30.00' when prices differ. '' when none. */
export function priceLabel(prices: readonly number[], currency: Currency = DEFAULT_CURRENCY): string {
  if (prices.length === 0) return ''
  const min = Math.min(...prices)
  const text = formatMoney(min, currency)
  return prices.every((p) => round2(p) === round2(min)) ? text : `From ${text}`
}

/** Price label for a service row from its metadata range. */
export function servicePriceLabel(meta: { price?: number | null; lowestPrice?: number | null; highestPrice?: number | null }, currency: Currency = DEFAULT_CURRENCY): string {
  const { lowestPrice: low, highestPrice: high, price } = meta
  if (low != null && high != null && round2(low) !== round2(high)) return `From ${formatMoney(low, currency)}`
  const single = price ?? low ?? high
  return single == null ? '' : formatMoney(single, currency)
}

/**
 * The payment step's amounts: what the card pays now (the deposit, or the whole price) and what is
 * left to pay at the clinic (never below 0).
 */
export function paymentSplit(total: number, dueNow: number): { dueNow: number; atClinic: number } {
  return { dueNow: round2(dueNow), atClinic: Math.max(0, round2(total - dueNow)) }
}
