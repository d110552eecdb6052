import { makeAutoObservable, runInAction } from 'mobx'
import { inject, injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { BOOKING_GATEWAY, TICKER, type BookingGateway, type Ticker } from './booking-gateway'
import { BookingViewModel } from './booking.view-model'
import { NAVIGATOR, type Navigator } from './app-services'

export const POLL_MS = 3000
export const THANK_YOU_DELAY_MS = 3000

export type PaymentKind = 'deposit' | 'course' | 'giftVoucher'

export interface PaymentSessionView {
  kind: PaymentKind
  paymentUrl: string
  transactionId: string
  invoiceId?: string
  appointmentId?: string
}

/** Payment step (spec section 4 'Payment'): card iframe, poll every 3 s, 3 s pause, thank-you. */
@injectable()
export class PaymentViewModel {
  session?: PaymentSessionView = undefined
  paid = false
  private stopPolling?: () => void
  private polling = false

  constructor(
    @inject(BOOKING_GATEWAY) private readonly gateway: BookingGateway,
    @inject(BookingViewModel) private readonly booking: BookingViewModel,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(TICKER) private readonly ticker: Ticker,
  ) {
    makeAutoObservable<PaymentViewModel, 'gateway' | 'booking' | 'navigator' | 'ticker' | 'stopPolling' | 'polling'>(this, {
      gateway: false, booking: false, navigator: false, ticker: false, stopPolling: false, polling: false,
    })
  }

  get paymentUrl(): string | undefined {
    return this.session?.paymentUrl
  }

  get thankYouPath(): string {
    const kind = this.session?.kind
    if (kind === 'giftVoucher') return '/location?giftVoucherPurchase=true'
    if (kind === 'course') return '/location?coursePurchase=true'
    return this.booking.courseServiceBooking ? '/location?courseServiceBooking=true' : '/location?serviceBooking=true'
  }

  /** The iframe shows paymentUrl and the status is polled every 3 s. */
  start(session: PaymentSessionView): void {
    this.stop()
    this.session = session
    this.paid = false
    this.booking.step = 'payment'
    this.stopPolling = this.ticker.every(POLL_MS, () => void this.poll())
  }

  /** The payment step is on screen (again): polling runs while a payment is open. */
  resume(): void {
    if (!this.session || this.paid || this.stopPolling) return
    this.stopPolling = this.ticker.every(POLL_MS, () => void this.poll())
  }

  async poll(): Promise<void> {
    const session = this.session
    if (!session || this.paid || this.polling) return
    this.polling = true
    const result = await this.gateway.checkPayment(session.transactionId)
    this.polling = false
    if (E.isLeft(result) || !result.right) return
    runInAction(() => {
      this.paid = true
      this.stop()
    })
    if (session.kind === 'course' && session.invoiceId) await this.gateway.verifyCourseAssignment(session.invoiceId)
    this.ticker.after(THANK_YOU_DELAY_MS, () => this.navigator.go(this.thankYouPath))
  }

  stop(): void {
    this.stopPolling?.()
    this.stopPolling = undefined
  }

  /** 'Start again': the pending booking is released, booking info cleared, back to the services. */
  startAgain(): void {
    this.stop()
    const id = this.session?.appointmentId
    if (id && !this.paid) void this.gateway.deletePending(id)
    this.session = undefined
    const clinic = this.booking.location
    this.booking.clearBookingInfo()
    this.navigator.go(clinic ? `/step/${clinic.id}` : '/')
  }
}
