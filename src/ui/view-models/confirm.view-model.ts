import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { WEB_CONFIG, type WebConfig } from './views'
import { ConfirmBooking, type ConfirmOutcome } from '../../application/use-cases/confirm-booking.use-case'
import type { AppointmentView } from '../../contract/appointments.codecs'
import { DeletePendingAppointment, RescheduleAppointment } from '../../application/use-cases/appointments.use-case'
import { errorText } from './catalogue-views'
import type { AppError } from '../../application/failure'
import { SLOT_TAKEN } from '../../contract/refusal-texts'

import { BookingViewModel } from './booking.view-model'
import { SessionViewModel } from './session.view-model'
import { ToastViewModel } from './toast.view-model'
import { NAVIGATOR, type Navigator, type Exec } from './app-services'
import { PaymentViewModel } from './payment.view-model'
import { idsOfBooking, withBooked } from './thank-you-calendar.view-model'
import { depositApplies, depositOf, toBookingRequest, type BookingRequest, type BookingRequestError, type Payer } from '../../domain/booking/wizard'
import { formatCountdown, holdBannerText } from '../../domain/booking/hold'
import { lateCancellationTerms, type CancellationSettings } from '../../domain/policy/cancellation'
import { isCourseBookDisabled } from '../../domain/booking/course'
import { ListMyCourses } from '../../application/use-cases/courses.use-case'
import type { CourseContext } from './booking.view-model'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'

export const AGREE_LABEL = 'I understand and agree to these terms'
export const TERMS_TITLE = 'Important Information'
export const TERMS_UNREAD = 'Please scroll to the end of the terms to continue.'
export const UNEXPECTED_ERROR = 'An unexpected error occurred'

/**
 * What the customer is told when 'agree' cannot go ahead (never a click that does nothing): what is
 * missing and what to do about it.
 */
export const AGREE_BLOCKED_TEXT = {
  // Not 'again': a visitor who never signed in reads it on a gift voucher's confirm step, behind the login.
  signIn: 'Please sign in to confirm your booking.',
  location: 'We could not find the location of this booking. Please choose the location again.',
  settings: "We could not load the clinic's booking settings. Please reload the page to try again.",
  nothingToBook: 'Your basket is empty. Please choose a service again.',
  time: 'Please choose a time again.',
  practitioner: 'Please choose a practitioner again.',
  course: 'We could not find a course with a session left for this booking. Please book it from Courses in My account.',
} as const

export { formatCountdown }

/** Fills {LateCancellationType}, {LateCancellationValue}, {LateCancellationPeriod} (spec section 9) with the policy's values. */
export function mergeTerms(text: string, settings: CancellationSettings): string {
  return text.trim() === '' ? '' : lateCancellationTerms(text, settings)
}

/**
 * Confirm step: terms with the scroll-to-bottom gate, the hold countdown of a normal booking
 * (spec section 4 'Time hold'), and the agree action ('Confirm action').
 */
@injectable()
export class ConfirmViewModel {
  scrolledToBottom = false
  appointmentId?: string = undefined
  submitting = false
  now: number
  countdownEndsAt?: number = undefined
  private stopTicking?: () => void
  private stopExpiry?: () => void

  constructor(
    @inject(ConfirmBooking) private readonly confirmBooking: Exec<ConfirmBooking>,
    @inject(DeletePendingAppointment) private readonly deletePending: Exec<DeletePendingAppointment>,
    @inject(RescheduleAppointment) private readonly rescheduleAppointment: Exec<RescheduleAppointment>,
    @inject(BookingViewModel) readonly booking: BookingViewModel,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
    @inject(PaymentViewModel) private readonly payment: PaymentViewModel,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(WEB_CONFIG) private readonly config: WebConfig,
    @inject(ListMyCourses) private readonly listMyCourses: Pick<ListMyCourses, 'execute'>,
  ) {
    this.now = clock.now().getTime()
    makeAutoObservable<ConfirmViewModel, 'confirmBooking' | 'deletePending' | 'rescheduleAppointment' | 'session' | 'toasts' | 'payment' | 'navigator' | 'clock' | 'config' | 'listMyCourses' | 'stopTicking' | 'stopExpiry'>(this, {
      confirmBooking: false, deletePending: false, rescheduleAppointment: false, booking: false, session: false, toasts: false, payment: false, navigator: false, clock: false, config: false,
      listMyCourses: false, stopTicking: false, stopExpiry: false,
    })
  }

  /** A normal booking: not a course purchase, not a gift voucher, not a reschedule. */
  get isNormalBooking(): boolean {
    const b = this.booking
    // Spec 4 'Time hold': the 5:00 countdown is for a normal (non-course, non-reschedule) booking; a
    // session booked from a bought course keeps the time step's hold and its 'Out of time' dialog.
    return !b.view.isCoursePurchase && !b.view.isGiftVoucherPurchase && !b.view.isReschedule && !b.view.courseServiceBooking
  }

  get terms(): string {
    const org = this.session.organisation
    if (!org) return ''
    const b = this.booking
    const settings: CancellationSettings = {
      lateCancellationChargeType: org.lateCancellationChargeType,
      lateCancellationChargeValue: org.lateCancellationChargeValue,
      lateCancellationPeriod: org.lateCancellationPeriod,
      currency: this.session.currency,
    }
    const raw = b.view.isGiftVoucherPurchase
      ? org.termsAndConditionsTextGiftVoucher
      : b.view.isCoursePurchase
        ? org.termsAndConditionsTextCourse
        : b.view.courseServiceBooking
          ? org.termsAndConditionsTextCourseService
          : undefined
    if (raw != null) return mergeTerms(raw, settings)
    // The booking terms speak of the deposit taken to secure the appointment; a reschedule takes none,
    // so it shows only the terms of a change (the late-change charge, the default text when none is set).
    if (!depositApplies(b.state)) return lateCancellationTerms(org.lateCancellationText, settings)
    return mergeTerms(org.termsAndConditionsText ?? '', settings)
  }

  /** Deposit (or full price for courses and vouchers; a course session's course pays for it); undefined until it can be calculated. */
  get amountDue(): number | undefined {
    const payer = this.payer
    return payer && depositOf(this.booking.state, payer)
  }

  /**
   * What the card is charged now, when anything is: a deposit, a course's or a voucher's price. A
   * reschedule (no deposit, depositApplies) or a zero deposit pays nothing now: undefined, and neither
   * the confirm step nor the phone's bottom bar shows a line for it.
   */
  get amountDueNow(): number | undefined {
    const due = this.amountDue
    return due !== undefined && due > 0 ? due : undefined
  }

  /** Who pays, with the organisation's deposit rules; undefined until both are known. */
  private get payer(): Payer | undefined {
    const org = this.session.organisation
    const user = this.session.user
    return org && user ? { customerId: user.id, accountBalance: user.accountBalance, settings: org } : undefined
  }

  get depositReady(): boolean {
    return this.amountDue !== undefined
  }

  get canAgree(): boolean {
    return this.scrolledToBottom && this.depositReady && !this.submitting
  }

  /**
   * Why the agree button stays disabled once the terms are read (the deposit cannot be worked out):
   * shown under it. Undefined while what is missing is still loading, or nothing is.
   */
  get blockedText(): string | undefined {
    if (!this.session.user) return this.session.userLoaded ? AGREE_BLOCKED_TEXT.signIn : undefined
    if (!this.session.organisation) return this.session.organisationFailed ? AGREE_BLOCKED_TEXT.settings : undefined
    if (!this.booking.view.location) return AGREE_BLOCKED_TEXT.location
    return undefined
  }

  get secondsLeft(): number | undefined {
    return this.countdownEndsAt === undefined ? undefined : Math.max(0, Math.ceil((this.countdownEndsAt - this.now) / 1000))
  }

  get countdownText(): string | undefined {
    const s = this.secondsLeft
    return s === undefined ? undefined : holdBannerText(s)
  }

  /** The last minute shows in the warning colour. */
  get countdownWarning(): boolean {
    return (this.secondsLeft ?? Number.POSITIVE_INFINITY) <= 60
  }

  /** Terms scrolled: the agree button enables at the bottom. */
  onTermsScroll(scrollTop: number, clientHeight: number, scrollHeight: number): void {
    if (scrollTop + clientHeight >= scrollHeight - 2) this.scrolledToBottom = true
  }

  /** Entering confirm: a normal booking gets its 5:00 countdown. */
  enter(): void {
    if (this.countdownEndsAt !== undefined) return
    if (!this.isNormalBooking || !this.booking.view.canBook) return
    this.booking.handOverHold()
    // The server's hold of the time (made when it was picked) ends where it ends: the countdown tells the truth.
    this.startCountdown(this.booking.view.held.expiresAt ?? this.clock.now().getTime() + this.config.holdSeconds * 1000)
  }

  private startCountdown(endsAt: number): void {
    this.stopCountdown()
    this.countdownEndsAt = endsAt
    this.now = this.clock.now().getTime()
    this.stopTicking = this.clock.every(1000, () => this.tick())
    this.stopExpiry = this.clock.after(Math.max(0, endsAt - this.clock.now().getTime()), () => void this.countdownExpired())
  }

  tick(): void {
    this.now = this.clock.now().getTime()
  }

  stopCountdown(): void {
    this.stopTicking?.()
    this.stopExpiry?.()
    this.stopTicking = undefined
    this.stopExpiry = undefined
  }

  /**
   * At zero the hold has ended (issue 17: not an empty account page): the customer is back on the
   * time step with 'Out of time', where another time can be picked.
   */
  async countdownExpired(): Promise<void> {
    this.stopCountdown()
    const id = this.appointmentId
    this.appointmentId = undefined
    this.countdownEndsAt = undefined
    this.scrolledToBottom = false
    if (id) await this.deletePending.execute(id)
    runInAction(() => this.booking.heldTimeEnded(true))
  }

  /** Leaving the confirm page (back, remove, another route). */
  leave(): void {
    this.stopCountdown()
    this.countdownEndsAt = undefined
    this.scrolledToBottom = false
  }

  /** 'I understand and agree to these terms'. */
  async agree(): Promise<void> {
    // On its way already (a second click of a double click): the spinner shows it.
    if (this.submitting) return
    const b = this.booking
    const clinic = b.view.location
    const customerId = this.session.user?.id
    if (!customerId) {
      // The session ended meanwhile (signed out in another tab, the token expired): sign in again, then agree goes on.
      this.session.requireLogin({ locked: true, notice: AGREE_BLOCKED_TEXT.signIn, then: () => void this.agree() })
      return
    }
    if (!clinic) {
      this.toasts.show(AGREE_BLOCKED_TEXT.location)
      this.leave()
      this.navigator.go('/')
      return
    }
    if (!this.payer) {
      this.toasts.show(this.blockedText ?? AGREE_BLOCKED_TEXT.settings)
      return
    }
    // The terms unread: the button is disabled then; a keyboard's or script's click is told why.
    if (!this.scrolledToBottom) {
      this.toasts.show(TERMS_UNREAD)
      return
    }
    this.submitting = true
    try {
      if (b.view.courseServiceBooking && !b.view.isReschedule && !b.view.isCoursePurchase && !b.view.isGiftVoucherPurchase && !b.view.courseContext) {
        // A course session URL opened directly (reload, shared link): the customer's course is looked up.
        const context = await this.courseContextFor(customerId, clinic.id)
        if (!context) {
          this.toasts.show(AGREE_BLOCKED_TEXT.course)
          return
        }
        b.dispatch({ type: 'courseContextSet', courseContext: context })
      }
      const payer = this.payer
      // The booking's kind is decided once, by the domain, with the request.
      const request = payer ? toBookingRequest(b.state, payer) : E.left(undefined)
      if (E.isLeft(request)) {
        this.requestRefused(request.left?._tag, clinic.id)
        return
      }
      const r = request.right
      if (r.kind === 'reschedule' || r.kind === 'rescheduleOne') {
        await this.reschedule(r)
        return
      }
      const result = await this.confirmBooking.execute(r)
      if (E.isLeft(result)) {
        this.refused(result.left, r.kind === 'book')
        return
      }
      const outcome = result.right
      if (outcome._tag !== 'PaymentRequired') {
        this.leave()
        b.clearTime()
        const ids = outcome._tag === 'Booked' ? idsOfBooking(outcome.booking) : outcome.appointments.map((a) => a.id)
        this.navigator.go(withBooked(b.view.courseServiceBooking ? '/location?courseServiceBooking=true' : '/location?serviceBooking=true', ids))
        return
      }
      const { payment, booking } = outcome
      runInAction(() => (this.appointmentId = booking?.appointment.id))
      this.leave()
      this.payment.start({
        kind: r.kind === 'book' ? 'deposit' : r.kind,
        paymentUrl: payment.paymentUrl,
        transactionId: payment.transactionId,
        invoiceId: payment.invoiceId,
        appointmentId: booking?.appointment.id,
        amount: payment.amount,
        ...(payment.clientSecret ? { clientSecret: payment.clientSecret } : {}),
        ...(booking ? { appointmentIds: idsOfBooking(booking) } : {}),
        // The booking stays held while it is paid: the payment step counts down to the server's end of it.
        ...(booking?.holdExpiresAt && Number.isFinite(Date.parse(booking.holdExpiresAt)) ? { holdExpiresAt: Date.parse(booking.holdExpiresAt) } : {}),
      })
    } finally {
      runInAction(() => (this.submitting = false))
    }
  }

  /** The wizard's state cannot make a request: the customer is told which choice to make again, and taken there. */
  private requestRefused(reason: BookingRequestError['_tag'] | undefined, clinicId: string): void {
    const b = this.booking
    switch (reason) {
      case 'NoClinic':
        this.toasts.show(AGREE_BLOCKED_TEXT.location)
        this.leave()
        return this.navigator.go('/')
      case 'NothingToBook':
        this.toasts.show(AGREE_BLOCKED_TEXT.nothingToBook)
        this.leave()
        return this.navigator.go(`/step/${encodeURIComponent(clinicId)}`)
      default:
        this.toasts.show(reason === 'PractitionerMissing' ? AGREE_BLOCKED_TEXT.practitioner : reason === 'TimeNotChosen' ? AGREE_BLOCKED_TEXT.time : UNEXPECTED_ERROR)
        if (!b.view.isReschedule && !b.view.isCoursePurchase && !b.view.isGiftVoucherPurchase) this.backToTimes()
    }
  }

  /**
   * A booking refused, by its case: a time another booking took says so (SLOT_TAKEN) and, like any
   * other refusal of a booked time, goes back to the times of the same day, which load afresh; a hold
   * no longer the customer's is the hold running out ('Out of time', as the countdown's end); a server
   * too busy (503) keeps the customer on confirm.
   */
  private refused(error: AppError, timed: boolean): void {
    // The server too busy to take it now (503, its queue full): nothing was booked and the time is still
    // the customer's, so confirm stays as it is for the customer to send it again.
    if (error._tag === 'Refused' && error.status === 503) {
      this.toasts.show(error.message || UNEXPECTED_ERROR)
      return
    }
    switch (error._tag) {
      case 'HoldLost':
        this.leave()
        this.booking.heldTimeEnded(true)
        return
      case 'SlotTaken':
        this.toasts.show(SLOT_TAKEN)
        break
      default:
        this.toasts.show(errorText(error) || UNEXPECTED_ERROR)
    }
    if (timed) this.backToTimes()
  }

  /** Leaves confirm for the hour list of the chosen day, the time cleared (the countdown stops). */
  private backToTimes(): void {
    this.leave()
    if (this.booking.view.step === 'confirm') this.booking.back()
  }

  /**
   * The customer's course that covers the basket's services with a session left (bought at this
   * clinic first); undefined when none does.
   */
  private async courseContextFor(customerId: string, clinicId: string): Promise<CourseContext | undefined> {
    const result = await this.listMyCourses.execute(customerId)
    if (E.isLeft(result)) return undefined
    const now = new Date(this.clock.now())
    const wanted = this.booking.view.basket.filter((i) => this.booking.view.isCoveredByCourse(i)).map((i) => i.service.id)
    const candidates = result.right
      .map((c) => ({ record: c, services: [...new Set([c.service?.id, ...(c.course?.services ?? []).map((s) => s.id)].filter((id): id is string => Boolean(id)))] }))
      .filter(({ record, services }) => wanted.every((id) => services.includes(id)) && !isCourseBookDisabled(record, now))
      .sort((a, b) => Number(b.record.purchaseLocation?.id === clinicId) - Number(a.record.purchaseLocation?.id === clinicId))
    const found = candidates[0]
    return found ? { courseId: found.record.id, courseServices: found.services } : undefined
  }

  /** Reschedule: every non-linked appointment moved by the first one's offset, or the one appointment moved. */
  private async reschedule(request: Extract<BookingRequest, { kind: 'reschedule' | 'rescheduleOne' }>): Promise<void> {
    const b = this.booking
    const moved =
      request.kind === 'reschedule'
        ? E.map((outcome: ConfirmOutcome) => (outcome._tag === 'Rescheduled' ? outcome.appointments.map((a) => a.id) : []))(await this.confirmBooking.execute(request))
        : E.map((a: AppointmentView) => [a.id, ...(a.linkedAppointments ?? []).map((l) => l.id)])(await this.rescheduleAppointment.execute(request.appointmentId, request.change))
    if (E.isLeft(moved)) {
      this.refused(moved.left, true)
      return
    }
    this.leave()
    b.clearTime()
    this.navigator.go(withBooked('/location?serviceBooking=true', moved.right))
  }
}
