/**
 * Major ↔ minor units at the processor boundary. The database keeps major units (numeric(12,2));
 * processors take integers in the currency's smallest unit. Conversion goes through the decimal
 * string, never `amount * 100`, so 19.99 is 1999 and 0.1 + 0.2 is 30, not 30.000000000000004.
 */

/** ISO 4217 currencies without a minor unit (Stripe's and Square's lists agree on these). */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'])

export const decimalsOf = (currency: string): number => (ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2)

/** A major-unit amount as an integer of minor units; rounds half away from zero at the currency's precision. */
export function toMinorUnits(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`)
  const decimals = decimalsOf(currency)
  // toPrecision(15) drops binary noise (0.30000000000000004 → 0.300000000000000) before rounding.
  const [whole, fraction = ''] = Math.abs(Number(amount.toPrecision(15))).toFixed(decimals + 1).split('.')
  const digits = BigInt(whole + fraction.slice(0, decimals))
  const rounded = Number(fraction.slice(decimals) >= '5' ? digits + 1n : digits)
  if (!Number.isSafeInteger(rounded)) throw new RangeError(`Amount too large: ${amount}`)
  return amount < 0 ? -rounded : rounded
}

/** Minor units back to a major-unit amount (exact for 2 decimals: 1999 → 19.99). */
export function fromMinorUnits(minor: number, currency: string): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a minor-unit amount: ${minor}`)
  const decimals = decimalsOf(currency)
  if (decimals === 0) return minor
  const sign = minor < 0 ? '-' : ''
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0')
  return Number(`${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`)
}
