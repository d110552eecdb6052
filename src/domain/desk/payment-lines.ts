/**
 * The desk's checkout form (issue 29): a split bill as payment lines (part card, part cash, part gift
 * voucher), each as typed, read into the payments the server takes, with what is still left to pay
 * as the desk types. The lines must add up to the balance exactly (checkPayments, the server's rule).
 */
import * as E from 'fp-ts/Either'
import { round2 } from '../pricing/money'
import { checkPayments, paymentsRefusalText, sum, type PaymentPart, type PaymentsRefusal } from './checkout'

/** One payment line as typed: the method, the amount as text, the voucher code (for a voucher). */
export interface PaymentLine {
  method: PaymentPart['method']
  amount: string
  voucherCode: string
}

export interface PaymentInput extends PaymentPart {
  voucherCode?: string
}

export type PaymentLinesRefusal = { _tag: 'BadAmount'; line: number } | { _tag: 'NoVoucherCode'; line: number } | PaymentsRefusal

export const PAYMENT_LINE_TEXT = {
  amount: 'Enter the amount as a number, like 20 or 19.50.',
  voucher: 'Enter the gift voucher code.',
} as const

/** An amount typed as 20, 19.5 or 19.50 (more than 0), or undefined. */
export function parseAmount(text: string): number | undefined {
  const trimmed = text.trim()
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined
  const n = Number(trimmed)
  return n > 0 ? n : undefined
}

/** What the lines with a readable amount come to. */
export function paidOfLines(lines: readonly PaymentLine[]): number {
  return sum(lines.map((l) => parseAmount(l.amount) ?? 0))
}

/** The balance less the lines typed so far: below 0 when they come to more. */
export function leftToPay(balance: number, lines: readonly PaymentLine[]): number {
  return round2(balance - paidOfLines(lines))
}

/** The first line of a checkout: the whole balance, in cash. */
export function firstLines(balance: number): PaymentLine[] {
  return [{ method: 'cash', amount: balance > 0 ? balance.toFixed(2) : '', voucherCode: '' }]
}

/** Another line, for what is still left to pay (empty when nothing is). */
export function withLine(balance: number, lines: readonly PaymentLine[]): PaymentLine[] {
  const left = leftToPay(balance, lines)
  return [...lines, { method: 'card', amount: left > 0 ? left.toFixed(2) : '', voucherCode: '' }]
}

/** The line at `index` left out; the last line stays (the form always has one). */
export function withoutLine(lines: readonly PaymentLine[], index: number): PaymentLine[] {
  return lines.length <= 1 ? [...lines] : lines.filter((_, i) => i !== index)
}

/** The payments the lines name, each readable and the whole adding up to the balance, or the first refusal. */
export function paymentsOfLines(balance: number, lines: readonly PaymentLine[]): E.Either<PaymentLinesRefusal, PaymentInput[]> {
  const payments: PaymentInput[] = []
  for (const [line, l] of lines.entries()) {
    const amount = parseAmount(l.amount)
    if (amount === undefined) return E.left({ _tag: 'BadAmount', line })
    if (l.method === 'voucher' && !l.voucherCode.trim()) return E.left({ _tag: 'NoVoucherCode', line })
    payments.push({ method: l.method, amount, ...(l.method === 'voucher' ? { voucherCode: l.voucherCode.trim() } : {}) })
  }
  return checkPayments(balance, payments) as E.Either<PaymentsRefusal, PaymentInput[]>
}

/** The refusal's text; a line's own refusal names the line ('Payment 2: …') when there are several. */
export function paymentLinesRefusalText(refusal: PaymentLinesRefusal, lineCount: number, format: (amount: number) => string): string {
  const which = (line: number) => (lineCount > 1 ? `Payment ${line + 1}: ` : '')
  switch (refusal._tag) {
    case 'BadAmount':
      return `${which(refusal.line)}${PAYMENT_LINE_TEXT.amount}`
    case 'NoVoucherCode':
      return `${which(refusal.line)}${PAYMENT_LINE_TEXT.voucher}`
    default:
      return paymentsRefusalText(refusal, format)
  }
}
