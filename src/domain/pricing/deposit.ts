/**
 * Booking deposit (spec §9 "Deposit types: percentage, fixed amount, no deposit (per-service
 * override). Multiple-service rule: single (largest deposit wins) or sum. Deposit rule: account
 * difference (deposit minus account balance, floored at 0) or each time. Percentage deposits use the
 * practitioner gross price, else the service default price. Deposit rounded to 2 decimals." and §4
 * "A zero deposit skips payment"). A deposit is never negative and never above the basket total.
 */
import { round2 } from './money'

export const DEPOSIT_TYPES = ['percentage', 'fixed amount', 'no deposit'] as const
export type DepositType = (typeof DEPOSIT_TYPES)[number]

export const DEPOSIT_MULTIPLE_SERVICES_RULES = ['single', 'sum'] as const
export type DepositMultipleServicesRule = (typeof DEPOSIT_MULTIPLE_SERVICES_RULES)[number]

export const DEPOSIT_RULES = ['account difference', 'each time'] as const
export type DepositRule = (typeof DEPOSIT_RULES)[number]

/** The organisation's deposit settings (public organisation fields). */
export interface DepositSettings {
  bookingDepositType?: DepositType | string | null
  /** Percent (0-100) for 'percentage', money for 'fixed amount'. */
  bookingDepositAmount?: number | null
  bookingDepositMultipleServicesRule?: DepositMultipleServicesRule | string | null
  bookingDepositRule?: DepositRule | string | null
}

/** One basket entry: the service (with its optional override) and the practitioner's price. */
export interface DepositItem {
  serviceDefaultPrice: number
  practitionerGrossPrice?: number | null
  /** Per-service override of the organisation's type; null/undefined = use the organisation's. */
  serviceDepositType?: DepositType | string | null
  serviceDepositAmount?: number | null
}

export interface DepositInput {
  settings: DepositSettings
  items: readonly DepositItem[]
  /** The customer's account balance (credit); only used with the 'account difference' rule. */
  accountBalance?: number | null
}

/** Reads a deposit type loosely ('PERCENTAGE', 'fixed', 'none', ...); unknown means no deposit. */
export function normaliseDepositType(value: string | null | undefined): DepositType {
  const v = (value ?? '').toLowerCase().replace(/[_-]/g, ' ').trim()
  if (v.startsWith('percent')) return 'percentage'
  if (v.startsWith('fixed') || v === 'amount') return 'fixed amount'
  return 'no deposit'
}

function multipleRule(value: string | null | undefined): DepositMultipleServicesRule {
  return (value ?? '').toLowerCase() === 'sum' ? 'sum' : 'single'
}

function depositRule(value: string | null | undefined): DepositRule {
  return (value ?? '').toLowerCase().replace(/[_-]/g, ' ').startsWith('account') ? 'account difference' : 'each time'
}

const nonNegative = (n: number | null | undefined): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0)

/** The price the customer pays for one item: practitioner gross price, else the service default. */
export function itemPrice(item: DepositItem): number {
  const gross = item.practitionerGrossPrice
  return nonNegative(typeof gross === 'number' && Number.isFinite(gross) ? gross : item.serviceDefaultPrice)
}

/** Basket total used to cap the deposit. */
export function basketTotal(items: readonly DepositItem[]): number {
  return round2(items.reduce((sum, item) => sum + itemPrice(item), 0))
}

/** Deposit of one item after the per-service override, capped at the item's price. */
export function itemDeposit(item: DepositItem, settings: DepositSettings): number {
  const overridden = item.serviceDepositType != null && item.serviceDepositType !== ''
  const type = normaliseDepositType(overridden ? item.serviceDepositType : settings.bookingDepositType)
  const amount = nonNegative(overridden ? item.serviceDepositAmount : settings.bookingDepositAmount)
  const price = itemPrice(item)
  if (type === 'percentage') return round2((price * Math.min(amount, 100)) / 100)
  if (type === 'fixed amount') return round2(Math.min(amount, price))
  return 0
}

/** The deposit to charge for the basket, rounded to 2 decimals. */
export function calculateDeposit({ settings, items, accountBalance }: DepositInput): number {
  const deposits = items.map((item) => itemDeposit(item, settings))
  const combined =
    multipleRule(settings.bookingDepositMultipleServicesRule) === 'sum'
      ? deposits.reduce((a, b) => a + b, 0)
      : deposits.reduce((a, b) => Math.max(a, b), 0)
  const afterBalance =
    depositRule(settings.bookingDepositRule) === 'account difference' ? combined - nonNegative(accountBalance) : combined
  return round2(Math.min(Math.max(afterBalance, 0), basketTotal(items)))
}

/** A zero deposit means there is no payment step. */
export function requiresDepositPayment(deposit: number): boolean {
  return round2(deposit) > 0
}
