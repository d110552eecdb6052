import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../../application/inject'
import { LoadCheckout, RefundDeposit, TakeBalance } from '../../application/use-cases/desk-calendar.use-case'
import type { DayBooking } from '../../contract/admin.routes'
import type { Checkout } from '../../contract/desk-calendar.routes'
import { firstLines, isPaymentLineRefusal, leftToPay, paymentLineFieldError, paymentLinesRefusalText, paymentsOfLines, withLine, withoutLine, type PaymentLine, type PaymentLineFieldError } from '../../domain/desk/payment-lines'
import { currencyOrDefault, formatMoney } from '../../domain/pricing/money'
import type { Exec } from './app-services'

/** The checkout's payment lines (a split bill: part card, part cash, part voucher), as typed. */
export interface CheckoutForm {
  lines: PaymentLine[]
  /** the whole bill's refusal or the server's */
  error?: string
  /** one line's field refused (an amount not above 0, a voucher without its code): shown beside that field */
  fieldError?: PaymentLineFieldError
}

/** What the page that opened the checkout hears once a payment or a refund went through: its notice. */
export type CheckoutSettled = (notice: string) => void

/**
 * The checkout of a booking (issue 29), the desk's day view's and week view's alike: its balance
 * split over payment lines (card on file, the terminal, cash, gift vouchers) that must add up to it,
 * and the deposit refunded. Each page holds its own (bound per request, not a singleton), and the page
 * that opened it is told the outcome (`open`'s `settled`), so the notice shows where it was paid.
 */
@injectable()
export class StaffCheckoutViewModel {
  /** the booking whose checkout is open, with its balance once loaded */
  checkingOut?: DayBooking = undefined
  checkout?: Checkout = undefined
  checkoutForm?: CheckoutForm = undefined
  busy = false
  private settled?: CheckoutSettled = undefined

  constructor(
    @inject(LoadCheckout) private readonly loadCheckout: Exec<LoadCheckout>,
    @inject(TakeBalance) private readonly takeBalance: Exec<TakeBalance>,
    @inject(RefundDeposit) private readonly refund: Exec<RefundDeposit>,
  ) {
    makeAutoObservable<StaffCheckoutViewModel, 'loadCheckout' | 'takeBalance' | 'refund' | 'settled'>(this, { loadCheckout: false, takeBalance: false, refund: false, settled: false })
  }

  /** Opens the booking's checkout; `settled` gets the notice of a payment or refund made in it. */
  async open(booking: DayBooking, settled: CheckoutSettled): Promise<void> {
    this.checkingOut = booking
    this.checkout = undefined
    this.checkoutForm = undefined
    this.settled = settled
    const result = await this.loadCheckout.execute(booking.id)
    runInAction(() => {
      if (this.checkingOut?.id !== booking.id) return
      if (E.isLeft(result)) {
        this.checkoutForm = { lines: firstLines(0), error: result.left.message }
        return
      }
      this.checkout = result.right
      this.checkoutForm = { lines: firstLines(result.right.balance) }
    })
  }

  /** What the lines typed leave to pay (below 0 when they come to more than the balance). */
  get leftToPay(): number {
    return this.checkout && this.checkoutForm ? leftToPay(this.checkout.balance, this.checkoutForm.lines) : 0
  }

  setLine<K extends keyof PaymentLine>(index: number, field: K, value: PaymentLine[K]): void {
    const form = this.checkoutForm
    if (form && form.lines[index]) this.checkoutForm = { lines: form.lines.map((l, i) => (i === index ? { ...l, [field]: value } : l)) }
  }

  /** Another payment line (a split bill), for what is still left to pay. */
  addLine(): void {
    if (this.checkoutForm && this.checkout) this.checkoutForm = { lines: withLine(this.checkout.balance, this.checkoutForm.lines) }
  }

  removeLine(index: number): void {
    if (this.checkoutForm) this.checkoutForm = { lines: withoutLine(this.checkoutForm.lines, index) }
  }

  close(): void {
    this.checkingOut = undefined
    this.checkout = undefined
    this.checkoutForm = undefined
    this.settled = undefined
  }

  /** Takes the balance with the payment lines: each readable, together exactly the balance (the server checks again). */
  async pay(): Promise<void> {
    const booking = this.checkingOut
    const form = this.checkoutForm
    const checkout = this.checkout
    if (!booking || !form || !checkout) return
    const read = paymentsOfLines(checkout.balance, form.lines)
    if (E.isLeft(read)) {
      if (isPaymentLineRefusal(read.left)) return this.fieldError(paymentLineFieldError(read.left))
      return this.error(paymentLinesRefusalText(read.left, form.lines.length, (n) => formatMoney(n, currencyOrDefault(checkout.currency))))
    }
    this.busy = true
    const result = await this.takeBalance.execute(booking.id, { payments: read.right })
    runInAction(() => {
      this.busy = false
      if (E.isLeft(result)) return this.error(result.left.message)
      this.checkout = result.right
      this.checkoutForm = { lines: firstLines(result.right.balance) }
      this.settled?.(`Paid in full: ${booking.customer}, ${booking.service}.`)
    })
  }

  async refundDeposit(): Promise<void> {
    const booking = this.checkingOut
    if (!booking) return
    this.busy = true
    const result = await this.refund.execute(booking.id)
    runInAction(() => {
      this.busy = false
      if (E.isLeft(result)) return this.error(result.left.message)
      this.checkout = result.right
      this.checkoutForm = { lines: firstLines(result.right.balance) }
      this.settled?.('Deposit refunded.')
    })
  }

  private fieldError(fieldError: PaymentLineFieldError): void {
    if (this.checkoutForm) this.checkoutForm = { lines: this.checkoutForm.lines, fieldError }
  }

  private error(message: string): void {
    if (this.checkoutForm) this.checkoutForm = { lines: this.checkoutForm.lines, error: message }
  }
}
