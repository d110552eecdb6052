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

/** Why a typed amount is not one: not a number of pounds and pence, or a number not above 0 (-5, 0). */
export type AmountRefusal = 'NotANumber' | 'NotAboveZero'

/** A refusal of one line's field (told beside that field), as against the whole bill's. */
export type PaymentLineRefusal = { _tag: 'BadAmount'; line: number; reason: AmountRefusal } | { _tag: 'NoVoucherCode'; line: number }

export type PaymentLinesRefusal = PaymentLineRefusal | PaymentsRefusal

export interface PaymentLineFieldError {
  line: number
  field: 'amount' | 'voucherCode'
  message: string
}

export const PAYMENT_LINE_TEXT = {
  amount: 'Enter the amount as a number, like 20 or 19.50.',
  amountAboveZero: 'Enter an amount above 0.',
  voucher: 'Enter the gift voucher code.',
} as const

/**
 * An amount typed as 20, 19.5 or 19.50 (more than 0), or why not. A number that is not above 0 is told
 * so: "as a number, like 20" would be a puzzle for someone who typed -5.
 */
export function readAmount(text: string): E.Either<AmountRefusal, number> {
  const trimmed = text.trim()
  if (/^-?\d+(\.\d+)?$/.test(trimmed) && Number(trimmed) <= 0) return E.left('NotAboveZero')
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return E.left('NotANumber')
  return E.right(Number(trimmed))
}

/** An amount typed as 20, 19.5 or 19.50 (more than 0), or undefined. */
export function parseAmount(text: string): number | undefined {
  const read = readAmount(text)
  return E.isRight(read) ? read.right : undefined
}

/** The text for an amount that is not one: the same on the desk's form and the CLI. */
export function amountRefusalText(reason: AmountRefusal): string {
  return reason === 'NotAboveZero' ? PAYMENT_LINE_TEXT.amountAboveZero : PAYMENT_LINE_TEXT.amount
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
    const amount = readAmount(l.amount)
    if (E.isLeft(amount)) return E.left({ _tag: 'BadAmount', line, reason: amount.left })
    if (l.method === 'voucher' && !l.voucherCode.trim()) return E.left({ _tag: 'NoVoucherCode', line })
    payments.push({ method: l.method, amount: amount.right, ...(l.method === 'voucher' ? { voucherCode: l.voucherCode.trim() } : {}) })
  }
  return checkPayments(balance, payments) as E.Either<PaymentsRefusal, PaymentInput[]>
}

export function isPaymentLineRefusal(refusal: PaymentLinesRefusal): refusal is PaymentLineRefusal {
  return refusal._tag === 'BadAmount' || refusal._tag === 'NoVoucherCode'
}

/** The field of a payment line a refusal is about, and the text to show beside that field. */
export function paymentLineFieldError(refusal: PaymentLineRefusal): PaymentLineFieldError {
  return refusal._tag === 'BadAmount'
    ? { line: refusal.line, field: 'amount', message: amountRefusalText(refusal.reason) }
    : { line: refusal.line, field: 'voucherCode', message: PAYMENT_LINE_TEXT.voucher }
}

/** The refusal's text; a line's own refusal names the line ('Payment 2: …') when there are several. */
export function paymentLinesRefusalText(refusal: PaymentLinesRefusal, lineCount: number, format: (amount: number) => string): string {
  if (!isPaymentLineRefusal(refusal)) return paymentsRefusalText(refusal, format)
  const field = paymentLineFieldError(refusal)
  return `${lineCount > 1 ? `Payment ${field.line + 1}: ` : ''}${field.message}`
}
