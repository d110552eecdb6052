/**
 * The checkout of a booking at the desk (issue 29, spec section 9: invoice, items, payments): what is
 * due, whether the desk's payments settle it exactly, and the checkout invoice's lines. Pure: amounts
 * in major units, rounded to 2 decimals.
 *
 * The checkout invoice holds one 'Service' line per appointment of the booking (its gross price, net
 * and tax), then, when a deposit was paid on the deposit invoice, one 'Account' line that takes it off
 * (negative). Its amount, the sum of its lines, is the balance, and its payments add up to it: every
 * payment is counted once, on the invoice it paid.
 */
import * as E from 'fp-ts/Either'
import { round2 } from '../pricing/money'

export interface ChargedAppointment {
  id: string
  serviceName: string
  clinicId: string
  grossPrice: number
  netPrice: number
  taxValue: number
}

export interface PaymentPart {
  method: 'card' | 'terminal' | 'cash' | 'voucher'
  amount: number
}

/** Spec section 9's payment type of each way the desk takes money. */
export const PAYMENT_TYPE_OF = { card: 'Card', terminal: 'Card Terminal', cash: 'Cash', voucher: 'Giftvoucher' } as const

export const CHECKOUT_MESSAGES = {
  nothingDue: 'Nothing is due on this appointment.',
  noPayments: 'Add at least one payment.',
  notPositive: 'Each payment must be more than 0.',
  short: (paid: string, due: string, missing: string) => `The payments add up to ${paid}: ${missing} short of the balance of ${due}.`,
  over: (paid: string, due: string, extra: string) => `The payments add up to ${paid}: ${extra} more than the balance of ${due}.`,
  wrongStatus: (status: string) => `This appointment is ${status.toLowerCase()}: there is nothing to check out.`,
  noCard: 'The customer has no stored card. Take the card on the terminal instead.',
  cardRefused: (why: string) => `The card payment was not taken: ${why} Nothing was charged.`,
  voucherUnknown: 'No gift voucher has this code.',
  voucherNotUsable: (status: string) => `This gift voucher cannot be used: it is ${status.toLowerCase()}.`,
  voucherShort: (balance: string) => `This gift voucher has only ${balance} left.`,
  noDeposit: 'There is no paid deposit to refund on this appointment.',
  checkedOut: 'This appointment has been checked out: its deposit was taken off the bill, so it cannot be refunded on its own.',
  changedMeanwhile: 'This appointment was paid meanwhile. Please look again.',
} as const

export const CHECKOUT_DESCRIPTION = 'Invoice for Booking'

/**
 * Statuses whose balance the desk may take: a booking that happened or is about to (paid on arrival,
 * or after the visit), and a no-show (the clinic may charge it). Not a cancelled or deleted booking,
 * nor a pending one (a hold, or a pay link not yet paid; checking it in makes it Scheduled).
 */
export const CHARGEABLE_STATUSES: readonly string[] = ['Scheduled', 'Running late', 'Completed', 'Incomplete', 'No show']

/** Whether a booking's status takes a checkout at all: the server charges the booking's appointments of these statuses only. */
export function chargeable(status: string): boolean {
  return CHARGEABLE_STATUSES.includes(status)
}

/**
 * A booking's checkout as the desk shows it, from its status and what is still due (the checkout's
 * balance, the server's `due`): none for its status, paid (nothing left to take), or the amount due.
 */
export type DeskCheckout = { _tag: 'NotChargeable' } | { _tag: 'Paid' } | { _tag: 'Due'; amount: number }

export function deskCheckout(booking: { readonly status: string; readonly due: number }): DeskCheckout {
  if (!chargeable(booking.status)) return { _tag: 'NotChargeable' }
  return booking.due > 0 ? { _tag: 'Due', amount: round2(booking.due) } : { _tag: 'Paid' }
}

/**
 * Whether the desk offers a booking's checkout: the day view and the week view alike, and the server
 * takes one in the same cases (a chargeable status, else 409; a balance, else 409 'Nothing is due').
 * Check-in is not required: many customers pay as they arrive. A booking paid in full (online) has
 * nothing to take: it shows as paid instead.
 */
export function checkoutOffered(booking: { readonly status: string; readonly due: number }): boolean {
  return deskCheckout(booking)._tag === 'Due'
}

export function sum(values: readonly number[]): number {
  return round2(values.reduce((s, v) => s + v, 0))
}

/** The price of the booking less what was paid (never below 0). */
export function balanceOf(price: number, paid: number): number {
  return Math.max(0, round2(price - paid))
}

export type DepositRefundRefusal = { _tag: 'NoDeposit' } | { _tag: 'CheckedOut' }

/**
 * The deposit the desk may refund: the deposit paid, until the booking is checked out; after that the
 * checkout invoice took it off the bill (its 'Account' line), and refunding it would leave that part unpaid.
 */
export function depositRefund(depositPaid: number, checkedOut: boolean): E.Either<DepositRefundRefusal, number> {
  if (checkedOut) return E.left({ _tag: 'CheckedOut' })
  return depositPaid > 0 ? E.right(round2(depositPaid)) : E.left({ _tag: 'NoDeposit' })
}

/** The refund's refusal as the desk reads it. */
export function depositRefundRefusalText(refusal: DepositRefundRefusal): string {
  return refusal._tag === 'CheckedOut' ? CHECKOUT_MESSAGES.checkedOut : CHECKOUT_MESSAGES.noDeposit
}

export type PaymentsRefusal =
  | { _tag: 'NothingDue' }
  | { _tag: 'NoPayments' }
  | { _tag: 'NotPositive' }
  | { _tag: 'Short'; paid: number; due: number }
  | { _tag: 'Over'; paid: number; due: number }

/** The desk's payments must each be positive and add up to the balance exactly (a split bill: card, cash, vouchers). */
export function checkPayments<P extends PaymentPart>(balance: number, parts: readonly P[]): E.Either<PaymentsRefusal, readonly P[]> {
  if (balance <= 0) return E.left({ _tag: 'NothingDue' })
  if (parts.length === 0) return E.left({ _tag: 'NoPayments' })
  if (parts.some((p) => !(p.amount > 0))) return E.left({ _tag: 'NotPositive' })
  const paid = sum(parts.map((p) => p.amount))
  const due = round2(balance)
  if (paid < due) return E.left({ _tag: 'Short', paid, due })
  if (paid > due) return E.left({ _tag: 'Over', paid, due })
  return E.right(parts)
}

/** The refusal's text, amounts written by `format` (the tenant's currency): the server's answer and the desk's message alike. */
export function paymentsRefusalText(refusal: PaymentsRefusal, format: (amount: number) => string): string {
  switch (refusal._tag) {
    case 'NothingDue':
      return CHECKOUT_MESSAGES.nothingDue
    case 'NoPayments':
      return CHECKOUT_MESSAGES.noPayments
    case 'NotPositive':
      return CHECKOUT_MESSAGES.notPositive
    case 'Short':
      return CHECKOUT_MESSAGES.short(format(refusal.paid), format(refusal.due), format(round2(refusal.due - refusal.paid)))
    case 'Over':
      return CHECKOUT_MESSAGES.over(format(refusal.paid), format(refusal.due), format(round2(refusal.paid - refusal.due)))
  }
}

export interface InvoiceLine {
  type: 'Service' | 'Account'
  name: string
  quantity: number
  listPrice: number
  grossPrice: number
  netPrice: number
  tax: number
  taxValue: number
  finalPrice: number
  referenceId: string | null
  location: string | null
}

/** The whole-percent tax rate of a gross price with its tax (0 when there is no net). */
export function taxRateOf(net: number, taxValue: number): number {
  return net > 0 ? Math.round((taxValue / net) * 100) : 0
}

/** The checkout invoice's lines: the services, less the deposit paid (an 'Account' line). Their sum is the balance. */
export function checkoutLines(appointments: readonly ChargedAppointment[], depositPaid: number, depositLabel: string): InvoiceLine[] {
  const lines: InvoiceLine[] = appointments.map((a) => ({
    type: 'Service',
    name: a.serviceName,
    quantity: 1,
    listPrice: a.grossPrice,
    grossPrice: a.grossPrice,
    netPrice: a.netPrice,
    tax: taxRateOf(a.netPrice, a.taxValue),
    taxValue: a.taxValue,
    finalPrice: a.grossPrice,
    referenceId: a.id,
    location: a.clinicId,
  }))
  if (depositPaid > 0) {
    const minus = -round2(depositPaid)
    lines.push({ type: 'Account', name: depositLabel, quantity: 1, listPrice: minus, grossPrice: minus, netPrice: minus, tax: 0, taxValue: 0, finalPrice: minus, referenceId: null, location: appointments[0]?.clinicId ?? null })
  }
  return lines
}
