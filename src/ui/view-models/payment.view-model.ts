import { makeAutoObservable, reaction, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'

import { CheckPayment, GetOpenPurchase } from '../../application/use-cases/payments.use-case'
import { VerifyCourseAssignment } from '../../application/use-cases/courses.use-case'
import { DeletePendingAppointment } from '../../application/use-cases/appointments.use-case'

import { BookingViewModel } from './booking.view-model'
import { NAVIGATOR, type Navigator, type Exec } from './app-services'
import { withBooked } from './thank-you-calendar.view-model'
import { PORTS } from '../../application/tokens'
import { holdBannerText } from '../../domain/booking/hold'
import { paymentSplit } from '../../domain/booking/summary'
import type { Clock } from '../../application/ports/clock.port'
import type { KeyValueStorage } from '../../application/ports/storage.port'
import type { BookingStore } from '../../application/ports/booking-store.port'
import type { PurchaseArrival } from '../../domain/booking/purchase-resume'
import type { AppError } from '../../application/failure'
import { KeptGiftVoucher } from './kept-gift-voucher'
import { KeptCoursePayment } from './kept-course-payment'
import { KeptCardSecret } from './kept-card-secret'
import { PurchaseElsewhere, type PurchaseToResume } from './purchase-elsewhere'

export const POLL_MS = 3000
export const THANK_YOU_DELAY_MS = 3000

export type PaymentKind = 'deposit' | 'course' | 'giftVoucher'

export interface PaymentSessionView {
  kind: PaymentKind
  paymentUrl: string
  transactionId: string
  invoiceId?: string
  appointmentId?: string
  /** the amount to pay (a card token pays it: Square) */
  amount?: number
  /** Stripe: the PaymentIntent's client secret, confirmed by the Payment Element */
  clientSecret?: string
  /** every appointment this payment books (the thank-you page offers them for the calendar) */
  appointmentIds?: string[]
  /** a deposit's booking is held until then (epoch ms): the countdown runs on, and at zero it is 'Out of time' as on confirm */
  holdExpiresAt?: number
}

/** The processors whose card form the web app shows itself (paymentUrl /pay/{processor}/{transactionId}); others' page is framed. */
export type CardFormProcessor = 'stripe' | 'square'
const CARD_FORM_URL = /^\/pay\/(stripe|square)\//

/**
 * Payment step (spec section 4 'Payment'): card iframe, poll every 3 s, 3 s pause, thank-you.
 *
 * The poller belongs to the payment session, not to the screen: a status check that fails or throws
 * never stops the polling, a check still on its way for an earlier payment (an abandoned one, a
 * previous booking in the same tab) neither blocks the current payment's checks nor marks it paid,
 * and 'Start again' also cancels a thank-you navigation already scheduled.
 */
@injectable()
export class PaymentViewModel {
  session?: PaymentSessionView = undefined
  paid = false
  private stopPolling?: () => void
  /** the transaction whose status check is on its way */
  private checking?: string
  private cancelThankYou?: () => void
  now: number
  private stopCountdown?: () => void
  /** a gift voucher's payment, kept in the tab: its step's URL is confirm's, and a reload there comes back to it */
  private readonly vouchers: KeptGiftVoucher
  /** a course purchase's payment, kept in the tab the same way (its step's URL is its confirm's) */
  private readonly courses: KeptCoursePayment
  /** Stripe's client secret of the pending payment, kept in the tab for a reload (never in localStorage) */
  private readonly secrets: KeptCardSecret
  /** a purchase's payment begun, for the same URL opened in another tab (local storage, then the server) */
  private readonly elsewhere: PurchaseElsewhere

  constructor(
    @inject(CheckPayment) private readonly checkPayment: Exec<CheckPayment>,
    @inject(VerifyCourseAssignment) private readonly verifyCourseAssignment: Exec<VerifyCourseAssignment>,
    @inject(DeletePendingAppointment) private readonly deletePending: Exec<DeletePendingAppointment>,
    @inject(BookingViewModel) private readonly booking: BookingViewModel,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(PORTS.SessionStorage) tabStorage?: KeyValueStorage,
    @inject(PORTS.BookingStore) store?: BookingStore,
    @inject(GetOpenPurchase) openPurchase?: Exec<GetOpenPurchase>,
  ) {
    this.now = clock.now().getTime()
    this.vouchers = new KeptGiftVoucher(tabStorage)
    this.courses = new KeptCoursePayment(tabStorage)
    this.secrets = new KeptCardSecret(tabStorage)
    this.elsewhere = new PurchaseElsewhere(store, openPurchase)
    makeAutoObservable<PaymentViewModel, 'checkPayment' | 'verifyCourseAssignment' | 'deletePending' | 'booking' | 'navigator' | 'clock' | 'stopPolling' | 'checking' | 'cancelThankYou' | 'stopCountdown' | 'vouchers' | 'courses' | 'secrets' | 'elsewhere' | 'forget'>(this, {
      checkPayment: false, verifyCourseAssignment: false, deletePending: false, booking: false, navigator: false, clock: false, stopPolling: false, checking: false, cancelThankYou: false, stopCountdown: false, vouchers: false, courses: false, secrets: false, elsewhere: false, forget: false,
    })
    // The payment step left without paying (browser back to an earlier step): see abandon().
    reaction(() => this.booking.view.step, (step, previous) => {
      if (previous === 'payment' && step !== 'payment') this.abandon()
    })
  }

  /** Whole seconds the booking stays held while it is paid; undefined without a held booking (courses, vouchers) or once paid. */
  get secondsLeft(): number | undefined {
    const endsAt = this.session?.holdExpiresAt
    return endsAt === undefined || this.paid ? undefined : Math.max(0, Math.ceil((endsAt - this.now) / 1000))
  }

  /** 'Your appointment will be held for m:ss', as on confirm. */
  get countdownText(): string | undefined {
    const s = this.secondsLeft
    return s === undefined ? undefined : holdBannerText(s)
  }

  get countdownWarning(): boolean {
    return (this.secondsLeft ?? Number.POSITIVE_INFINITY) <= 60
  }

  /** The summary on the payment step: what the card pays now (the server's amount) and what is left to pay at the clinic. */
  get amounts(): { dueNow: number; atClinic: number } | undefined {
    const amount = this.session?.amount
    return amount === undefined ? undefined : paymentSplit(this.booking.view.total, amount)
  }

  get paymentUrl(): string | undefined {
    return this.session?.paymentUrl
  }

  /** Stripe or Square: the payment step shows the processor's own card form instead of the iframe. */
  get cardForm(): CardFormProcessor | undefined {
    const match = this.session ? CARD_FORM_URL.exec(this.session.paymentUrl) : null
    return match ? (match[1] as CardFormProcessor) : undefined
  }

  get thankYouPath(): string {
    const kind = this.session?.kind
    if (kind === 'giftVoucher') return '/location?giftVoucherPurchase=true'
    if (kind === 'course') return '/location?coursePurchase=true'
    return withBooked(this.booking.view.courseServiceBooking ? '/location?courseServiceBooking=true' : '/location?serviceBooking=true', this.session?.appointmentIds ?? [])
  }

  /**
   * The iframe (or the processor's card form) shows the payment and its status is polled every 3 s.
   * The payment is kept in the tab for a reload of the step to come back to it: a voucher's and a
   * course's here, a deposit's with its hold (SlotHoldViewModel), Stripe's client secret apart
   * (KeptCardSecret; a payment shown again after a reload gets it back from there).
   */
  start(begun: PaymentSessionView): void {
    this.stop()
    this.cancelThankYou?.()
    this.cancelThankYou = undefined
    this.checking = undefined
    const session = this.secrets.arrived(begun)
    this.session = session
    this.paid = false
    this.booking.enterPayment()
    this.stopPolling = this.clock.every(POLL_MS, () => void this.poll())
    this.countDown(session.holdExpiresAt)
    const clinic = this.booking.view.location?.id
    const voucher = this.booking.view.giftVouchers[0]
    const { paymentUrl, transactionId, invoiceId, amount } = session
    const kept = { paymentUrl, transactionId, ...(invoiceId ? { invoiceId } : {}), ...(amount !== undefined ? { amount } : {}) }
    if (session.kind === 'giftVoucher' && clinic && voucher) this.vouchers.keepPayment(clinic, voucher, kept)
    if (session.kind === 'course' && clinic) this.courses.keep(clinic, this.courseIds, kept)
    if (session.kind !== 'deposit' && clinic && invoiceId) {
      this.elsewhere.remember({ kind: session.kind, clinic, courses: session.kind === 'course' ? this.courseIds : [], payment: { paymentUrl, transactionId, invoiceId, ...(amount !== undefined ? { amount } : {}) } })
    }
  }

  /**
   * The client secret of the payment on screen, asked of the server again (CardPaymentViewModel: the
   * payment opened without it, in another tab): Stripe's card form shows, and a reload here keeps it.
   */
  cardSecretFound(transactionId: string, clientSecret: string): void {
    const session = this.session
    if (!session || session.transactionId !== transactionId || session.clientSecret || this.paid) return
    session.clientSecret = clientSecret
    this.secrets.arrived({ transactionId, clientSecret })
  }

  /** The course purchase's courses, as its request names them. */
  private get courseIds(): string[] {
    return this.booking.view.basket.filter((i) => i.kind === 'course').map((i) => i.service.id)
  }

  /**
   * A gift voucher's confirm URL reloaded, its voucher back from the tab (ServicesViewModel.restoreRoute):
   * the payment begun for it there, if any, shows again (the payment step shares confirm's URL). True when it does.
   */
  resumeVoucherPayment(clinic: string): boolean {
    const kept = this.vouchers.paymentOf(clinic)
    if (!kept || this.session) return false
    this.start({ kind: 'giftVoucher', ...kept })
    return true
  }

  /**
   * A purchase's confirm URL arrived (ServicesViewModel.restoreRoute; the payment step shares it): the
   * payment begun for that purchase, to take up with what it buys. A course purchase's begun in this
   * tab (a reload) first; else one begun in another tab that the server still has open (a new tab,
   * a link copied), asked of it: nothing new is begun either way. Left: the server was not reached.
   */
  async purchaseToResume(arrival: PurchaseArrival): Promise<E.Either<AppError, PurchaseToResume | undefined>> {
    if (this.session) return E.right(undefined)
    const inTab = arrival.kind === 'course' ? this.courses.including(arrival.clinic, arrival.courseId) : undefined
    if (inTab) return E.right({ courses: inTab.courses, session: { kind: 'course', ...inTab.payment } })
    return this.elsewhere.find(arrival)
  }

  /** The purchase's courses or voucher rebuilt: its payment shows again (unless another shows already). True when it does. */
  resumePurchase(purchase: PurchaseToResume): boolean {
    if (this.session) return false
    this.start(purchase.session)
    return true
  }

  /** The payment paid or given up: nothing kept in the tab to come back to, nor for other tabs (only that payment: another tab's purchase stays). */
  private forget(transactionId: string | undefined): void {
    this.vouchers.dropPayment()
    this.courses.clear()
    this.secrets.clear()
    if (transactionId) this.elsewhere.forget(transactionId)
  }

  /** The hold's countdown: a tick a second, and at zero the hold has run out. */
  private countDown(endsAt: number | undefined): void {
    this.stopCountdown?.()
    this.stopCountdown = undefined
    this.now = this.clock.now().getTime()
    if (endsAt === undefined) return
    const tick = this.clock.every(1000, () => runInAction(() => (this.now = this.clock.now().getTime())))
    const expiry = this.clock.after(Math.max(0, endsAt - this.now), () => void this.holdRanOut())
    this.stopCountdown = () => {
      tick()
      expiry()
    }
  }

  /**
   * The booking's hold ran out before the payment came in (spec section 4 'Time hold'): one last check
   * (a payment made in the last second still counts), else as on confirm: the pending booking is
   * released and the customer is back on the time step with 'Out of time'.
   */
  async holdRanOut(): Promise<void> {
    const session = this.session
    if (!session || this.paid) return
    this.stop()
    await this.poll()
    if (this.paid || this.session !== session) return
    runInAction(() => {
      this.cancelCountdown()
      this.session = undefined
      this.checking = undefined
      if (session.appointmentId) void this.deletePending.execute(session.appointmentId)
      this.forget(session.transactionId)
      this.booking.heldTimeEnded(true)
    })
  }

  private cancelCountdown(): void {
    this.stopCountdown?.()
    this.stopCountdown = undefined
  }

  /** The payment step is on screen (again): polling runs while a payment is open. */
  resume(): void {
    if (!this.session || this.paid || this.stopPolling) return
    this.stopPolling = this.clock.every(POLL_MS, () => void this.poll())
  }

  /** One status check of the current payment; paid: 3 s later the thank-you page. */
  async poll(): Promise<void> {
    const session = this.session
    if (!session || this.paid || this.checking === session.transactionId) return
    this.checking = session.transactionId
    let isPaid = false
    try {
      const result = await this.checkPayment.execute(session.transactionId)
      isPaid = E.isRight(result) && result.right.isPaid
    } catch (e) {
      console.warn('Payment status check failed', e)
    } finally {
      if (this.checking === session.transactionId) this.checking = undefined
    }
    // An answer about another payment than the one on screen changes nothing.
    if (!isPaid || this.session !== session || this.paid) return
    runInAction(() => {
      this.paid = true
      this.stop()
      this.cancelCountdown()
      this.forget(session.transactionId)
    })
    if (session.kind === 'course' && session.invoiceId) {
      try {
        await this.verifyCourseAssignment.execute(session.invoiceId)
      } catch (e) {
        console.warn('Course assignment check failed', e)
      }
    }
    if (this.session !== session) return
    const path = this.thankYouPath
    this.cancelThankYou = this.clock.after(THANK_YOU_DELAY_MS, () => {
      this.cancelThankYou = undefined
      if (this.session === session) this.navigator.go(path)
    })
  }

  stop(): void {
    this.stopPolling?.()
    this.stopPolling = undefined
  }

  /**
   * The payment step was left for an earlier step without paying (browser back): the pending booking
   * is released, as 'Start again' does, and the chosen time cleared; otherwise the customer's own
   * hold would block the same time when they book it again.
   */
  abandon(): void {
    const session = this.session
    if (!session || this.paid) return
    this.stop()
    this.cancelCountdown()
    this.cancelThankYou?.()
    this.cancelThankYou = undefined
    if (session.appointmentId) void this.deletePending.execute(session.appointmentId)
    this.session = undefined
    this.checking = undefined
    this.forget(session.transactionId)
    this.booking.clearTime()
  }

  /** 'Start again': the pending booking is released, booking info cleared, back to the services. */
  startAgain(): void {
    this.stop()
    this.cancelCountdown()
    this.cancelThankYou?.()
    this.cancelThankYou = undefined
    const id = this.session?.appointmentId
    if (id && !this.paid) void this.deletePending.execute(id)
    const transactionId = this.session?.transactionId
    this.session = undefined
    this.checking = undefined
    this.forget(transactionId)
    const clinic = this.booking.view.location
    this.booking.clearBookingInfo()
    // In place of the payment's address (the wizard may have put the list's there already): Back
    // leads to the step before, not to the same list again nor to a payment that is gone.
    this.navigator.go(clinic ? `/step/${clinic.id}` : '/', { replace: true })
  }
}
