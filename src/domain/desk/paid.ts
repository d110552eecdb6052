/**
 * What a booking was paid, as the desk's day and week views and the CLI's listing tell it: every
 * payment still paid on its invoices (the deposit and the checkout's), in all and by way of paying.
 */
import { sum } from './checkout'

/** The payments of one way of paying (spec section 9's payment types: Online, Cash, Card Terminal, …), added up. */
export interface PaidPart {
  type: string
  amount: number
}

export function paidInAll(parts: readonly PaidPart[]): number {
  return sum(parts.map((p) => p.amount))
}

/**
 * '£350.00 (Online £70.00, Cash £280.00)'; one way of paying: '£70.00 (Online)'; nothing: '£0.00'.
 * `how: false` (a narrow card, the week view's): the amount in all only.
 */
export function paidText(parts: readonly PaidPart[], money: (amount: number) => string, how = true): string {
  const paid = parts.filter((p) => p.amount > 0)
  const total = money(paidInAll(paid))
  if (paid.length === 0 || !how) return total
  if (paid.length === 1) return `${total} (${paid[0]!.type})`
  return `${total} (${paid.map((p) => `${p.type} ${money(p.amount)}`).join(', ')})`
}
