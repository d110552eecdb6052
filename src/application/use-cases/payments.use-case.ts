import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../tokens'
import type { PaymentsApi } from '../ports/payments.port'
import type { CoursesApi } from '../ports/courses.port'
import type { Clock } from '../ports/clock.port'
import type { Logger } from '../ports/logger.port'
import type { AppError } from '../failure'
import { bookingFailure, cancelled, cardFailure, requestFailure } from '../errors'
import type { CreateInvoiceBody, PaymentCheck, PaymentStarted } from '../../contract/invoices.routes'
import type { Invoice } from '../../contract/invoices.codecs'
import type { GiftVoucherReceiver } from '../../contract/invoices.codecs'
import { resumesOpenPayment } from '../../domain/booking/purchase-resume'

/**
 * Spec section 9: payment poll every 3 s. (The 3 s delay before the thank-you page that follows is
 * the web app's navigation, in its payment view model: the use case answers as soon as it is paid.)
 */
export const PAYMENT_POLL_INTERVAL_MS = 3000
export const DEPOSIT_INVOICE_DESCRIPTION = 'Invoice for Booking Deposit'
export const COURSE_INVOICE_DESCRIPTION = 'Online Course Purchase'

/** What the payment step shows: the hosted card page in the iframe, and the transaction to poll. */
export interface PaymentSession {
  invoiceId: string
  paymentUrl: string
  transactionId: string
  amount: number
  /** Stripe: the PaymentIntent's client secret for the Payment Element. */
  clientSecret?: string
}

/** Adds a card payment of the whole invoice through the card-payment provider (idempotent per invoice). */
async function startCardPayment(api: PaymentsApi, invoice: Invoice, appointmentId?: string): Promise<E.Either<AppError, PaymentSession>> {
  const paid = await api.pay(invoice.id, {
    payments: [{ value: invoice.amount, type: 'Card', coherentPaymentFlag: true }],
    invoice: invoice.id,
    notifications: { email: true, SMS: false },
    idempotencyKey: `${invoice.id}:card`,
    ...(appointmentId ? { appointmentId } : {}),
  })
  if (E.isLeft(paid)) return E.left(bookingFailure(paid.left))
  return E.right({ invoiceId: invoice.id, amount: invoice.amount, ...paid.right })
}

/**
 * A purchase's key (course, gift voucher), one per purchase begun: the server makes one invoice a key,
 * so the request sent again (a retry when busy, an answer lost on the way) answers the same invoice.
 */
function purchaseKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')
}

async function invoiceThenPay(api: PaymentsApi, body: CreateInvoiceBody): Promise<E.Either<AppError, PaymentSession>> {
  const invoice = await api.createInvoice(body)
  if (E.isLeft(invoice)) return E.left(bookingFailure(invoice.left))
  return startCardPayment(api, invoice.right, body.appointmentId)
}

/** Deposit of a held booking: draft invoice (the server computes the deposit), then the card payment. */
@injectable()
export class CreateDepositPayment {
  constructor(@inject(PORTS.PaymentsApi) private readonly api: PaymentsApi) {}
  execute(input: { customerId: string; clinicId: string; appointmentId: string }): Promise<E.Either<AppError, PaymentSession>> {
    return invoiceThenPay(this.api, {
      customer: input.customerId,
      clinic: input.clinicId,
      appointmentId: input.appointmentId,
      origin: 'SALE',
      description: DEPOSIT_INVOICE_DESCRIPTION,
    })
  }
}

/** Course purchase: a draft ONLINE_COURSE invoice with the course, then the card payment. */
@injectable()
export class BuyCourse {
  constructor(@inject(PORTS.PaymentsApi) private readonly api: PaymentsApi) {}
  execute(input: { customerId: string; clinicId: string; courseIds: string[] }): Promise<E.Either<AppError, PaymentSession>> {
    return invoiceThenPay(this.api, {
      customer: input.customerId,
      clinic: input.clinicId,
      origin: 'ONLINE_COURSE',
      description: COURSE_INVOICE_DESCRIPTION,
      items: input.courseIds.map((id) => ({ type: 'Course' as const, quantity: 1, referenceId: id, location: input.clinicId, onlineSale: true })),
      idempotencyKey: purchaseKey(),
    })
  }
}

export interface VoucherOrder {
  value: number
  quantity?: number
  /** absent: the voucher is for the buyer */
  receiver?: GiftVoucherReceiver
}

/** Gift vouchers: a draft invoice with one item per voucher, then the card payment. */
@injectable()
export class BuyGiftVoucher {
  constructor(@inject(PORTS.PaymentsApi) private readonly api: PaymentsApi) {}
  async execute(input: { customerId: string; clinicId: string; vouchers: VoucherOrder[] }): Promise<E.Either<AppError, PaymentSession>> {
    const invoice = await this.api.purchaseGiftVouchers({
      customer: input.customerId,
      clinic: input.clinicId,
      vouchers: input.vouchers.map((v) => ({
        value: v.value,
        ...(v.quantity !== undefined ? { quantity: v.quantity } : {}),
        ...(v.receiver ? { receiver: { ...v.receiver, email: v.receiver.email.trim().toLowerCase(), name: v.receiver.name.trim() } } : {}),
      })),
      idempotencyKey: purchaseKey(),
    })
    if (E.isLeft(invoice)) return E.left(bookingFailure(invoice.left))
    return startCardPayment(this.api, invoice.right)
  }
}

/**
 * Pays the invoice's open card payment with a card token from the processor's browser SDK (Square's
 * Web Payments SDK nonce): POST /invoice/{id}/pay with cardData.cardId. A refused card answers the
 * spec's card text.
 */
@injectable()
export class PayWithCardToken {
  constructor(@inject(PORTS.PaymentsApi) private readonly api: PaymentsApi) {}
  async execute(input: { invoiceId: string; amount: number; token: string }): Promise<E.Either<AppError, PaymentStarted>> {
    const paid = await this.api.pay(input.invoiceId, {
      payments: [{ value: input.amount, type: 'Card', coherentPaymentFlag: true, cardData: { cardId: input.token } }],
      invoice: input.invoiceId,
      idempotencyKey: `${input.invoiceId}:token:${input.token}`,
    })
    return E.isLeft(paid) ? E.left(cardFailure(paid.left)) : paid
  }
}

/**
 * The client secret of a payment the web app shows without it (the payment step opened in another tab,
 * or a tab the browser restored without its session storage): asked of the server again for the same
 * payment (POST /invoice/{id}/has-payment-intent, the invoice's open payment). It only reads: no payment
 * is begun. Right(secret) when the invoice's open payment is this one; Right(undefined) when it is not
 * open any more (paid, ended, another one begun since) or has no secret.
 */
@injectable()
export class GetOpenPaymentSecret {
  constructor(@inject(PORTS.PaymentsApi) private readonly api: PaymentsApi) {}
  async execute(invoiceId: string, transactionId: string): Promise<E.Either<AppError, string | undefined>> {
    const state = await this.api.hasPaymentIntent(invoiceId)
    if (E.isLeft(state)) return E.left(requestFailure(state.left))
    const open = state.right
    return E.right(open.hasPaymentIntent && open.transactionId === transactionId ? open.clientSecret : undefined)
  }
}

/** A purchase's payment still open on the server: its invoice (the voucher, the amount) and, with Stripe, its client secret. */
export interface OpenPurchase {
  invoice: Invoice
  clientSecret?: string
}

/**
 * A course purchase's or gift voucher's payment begun in another tab, asked of the server for this
 * one (POST /invoice/{id}/has-payment-intent, then GET /invoices/{id}): Right(the invoice and secret)
 * when the invoice's open payment is still this one, Right(undefined) when it is not (paid, ended,
 * another begun since). It only reads: no payment is begun.
 */
@injectable()
export class GetOpenPurchase {
  constructor(@inject(PORTS.PaymentsApi) private readonly api: PaymentsApi) {}
  async execute(invoiceId: string, transactionId: string): Promise<E.Either<AppError, OpenPurchase | undefined>> {
    const state = await this.api.hasPaymentIntent(invoiceId)
    if (E.isLeft(state)) return E.left(requestFailure(state.left))
    if (!resumesOpenPayment(transactionId, state.right)) return E.right(undefined)
    const invoice = await this.api.invoice(invoiceId)
    if (E.isLeft(invoice)) return E.left(requestFailure(invoice.left))
    return E.right({ invoice: invoice.right, ...(state.right.clientSecret ? { clientSecret: state.right.clientSecret } : {}) })
  }
}

export interface PollOptions {
  signal?: AbortSignal
  /** Called with every answer (a declined card's message can be shown while the customer retries). */
  onCheck?: (check: PaymentCheck) => void
  /** Give up after this long (the CLI); unset: until paid or cancelled. */
  timeoutMs?: number
  /** Invoice of a course purchase: verify the course assignment once paid (failure only logged). */
  verifyCourseInvoiceId?: string
}

/**
 * GET /coherence/check-payment/{transactionId} at once, then every 3 s until paid; then (course
 * purchase) verifies the course assignment and answers at once. Failed checks are logged and polling
 * goes on. Left Cancelled when the signal fires or the timeout passes.
 */
/** One payment status check; the payment view model owns the 3-second cadence so 'Start again' can stop it. */
@injectable()
export class CheckPayment {
  constructor(@inject(PORTS.PaymentsApi) private readonly api: PaymentsApi) {}
  async execute(transactionId: string): Promise<E.Either<AppError, PaymentCheck>> {
    const result = await this.api.checkPayment(transactionId)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : result
  }
}

@injectable()
export class PollPayment {
  constructor(
    @inject(PORTS.PaymentsApi) private readonly api: PaymentsApi,
    @inject(PORTS.CoursesApi) private readonly courses: CoursesApi,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(PORTS.Logger) private readonly log: Logger,
  ) {}
  async execute(transactionId: string, options: PollOptions = {}): Promise<E.Either<AppError, PaymentCheck>> {
    const started = this.clock.now().getTime()
    try {
      for (;;) {
        if (options.signal?.aborted) return E.left(cancelled)
        const check = await this.api.checkPayment(transactionId)
        if (E.isLeft(check)) this.log.warn('Payment check failed', check.left)
        else {
          options.onCheck?.(check.right)
          if (check.right.isPaid) {
            if (options.verifyCourseInvoiceId) {
              const verified = await this.courses.verifyAssignment(options.verifyCourseInvoiceId)
              if (E.isLeft(verified)) this.log.warn('Course assignment verification failed', verified.left)
            }
            return E.right(check.right)
          }
        }
        if (options.timeoutMs !== undefined && this.clock.now().getTime() - started >= options.timeoutMs) return E.left(cancelled)
        await this.clock.sleep(PAYMENT_POLL_INTERVAL_MS, options.signal)
      }
    } catch (e) {
      if (e instanceof Error && e.name === 'AbortError') return E.left(cancelled)
      throw e
    }
  }
}

/** GET /invoices/{id}. */
@injectable()
export class GetInvoice {
  constructor(@inject(PORTS.PaymentsApi) private readonly api: PaymentsApi) {}
  async execute(invoiceId: string): Promise<E.Either<AppError, Invoice>> {
    const result = await this.api.invoice(invoiceId)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : result
  }
}
