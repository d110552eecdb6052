/**
 * Money (spec §9 "Currency default GBP (pound) with two decimals, changeable by the stored currency
 * setting; others: USD, EUR, AUD" and "Amounts rounded to 2 decimals"; §8 late-change fee "with two
 * decimals and thousands separators"). Pure helpers: currency codes and symbols, rounding to 2
 * decimals, and formatting an amount as '£1,234.50'.
 */

export const CURRENCIES = ['GBP', 'USD', 'EUR', 'AUD'] as const
export type Currency = (typeof CURRENCIES)[number]

export const DEFAULT_CURRENCY: Currency = 'GBP'

export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = {
  GBP: '£',
  USD: '$',
  EUR: '€',
  AUD: 'A$',
}

/** True when the value is one of the supported currency codes. */
export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value)
}

/** The stored currency setting, or GBP when it is missing or unknown. */
export function currencyOrDefault(value: string | null | undefined): Currency {
  const upper = typeof value === 'string' ? value.toUpperCase() : value
  return isCurrency(upper) ? upper : DEFAULT_CURRENCY
}

export function currencySymbol(currency: Currency = DEFAULT_CURRENCY): string {
  return CURRENCY_SYMBOLS[currency]
}

/** Rounds to 2 decimals, half away from zero, without binary drift (1.005 -> 1.01). */
export function round2(amount: number): number {
  if (!Number.isFinite(amount)) return 0
  const sign = amount < 0 ? -1 : 1
  const rounded = Math.round(Number((Math.abs(amount) * 100).toPrecision(15))) / 100
  return rounded === 0 ? 0 : sign * rounded
}

/** Two decimals with thousands separators, no symbol: 1234.5 -> '1,234.50'. */
export function formatFee(amount: number): string {
  const value = round2(amount)
  const [whole, fraction] = Math.abs(value).toFixed(2).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${value < 0 ? '-' : ''}${grouped}.${fraction}`
}

/** Symbol plus formatted amount: formatMoney(1234.5, 'GBP') -> '£1,234.50'; negatives '-£5.00'. */
export function formatMoney(amount: number, currency: Currency = DEFAULT_CURRENCY): string {
  const fee = formatFee(amount)
  const symbol = currencySymbol(currency)
  return fee.startsWith('-') ? `-${symbol}${fee.slice(1)}` : `${symbol}${fee}`
}
