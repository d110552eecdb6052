import { makeAutoObservable, runInAction } from 'mobx'
import { inject, injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { WEB_CONFIG, type WebConfig } from './views'
import { ConfirmBooking, type ConfirmRequest } from '../../application/use-cases/confirm-booking.use-case'
import { DeletePendingAppointment, RescheduleAppointment } from '../../application/use-cases/appointments.use-case'
import { errorText } from './catalogue-views'
type Exec<T extends { execute: (...args: never[]) => unknown }> = Pick<T, 'execute'>

import { BookingViewModel } from './booking.view-model'
import { SessionViewModel } from './session.view-model'
import { ToastViewModel } from './toast.view-model'
import { NAVIGATOR, type Navigator } from './app-services'
import { PaymentViewModel } from './payment.view-model'
import { idsOfBooking, withBooked } from './thank-you-calendar.view-model'
import { calculateDeposit } from '../../domain/pricing/deposit'
import { round2 } from '../../domain/pricing/money'
import { formatCountdown, holdBannerText } from '../../domain/booking/hold'
import { lateCancellationTerms, type CancellationSettings } from '../../domain/policy/cancellation'
import { isCourseBookDisabled } from '../../domain/booking/course'
import { ListMyCourses } from '../../application/use-cases/courses.use-case'
import type { CourseContext } from './booking.view-model'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'

export const AGREE_LABEL = 'I understand and agree to these terms'
export const TERMS_TITLE = 'Important Information'
export const UNEXPECTED_ERROR = 'An unexpected error occurred'

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
    return !b.isCoursePurchase && !b.isGiftVoucherPurchase && !b.isReschedule && !b.courseServiceBooking
  }

  get terms(): string {
    const org = this.session.organisation
    if (!org) return ''
    const b = this.booking
    const raw = b.isGiftVoucherPurchase
      ? org.termsAndConditionsTextGiftVoucher
      : b.isCoursePurchase
        ? org.termsAndConditionsTextCourse
        : b.courseServiceBooking
          ? org.termsAndConditionsTextCourseService
          : org.termsAndConditionsText
    return mergeTerms(raw ?? org.termsAndConditionsText ?? '', {
      lateCancellationChargeType: org.lateCancellationChargeType,
      lateCancellationChargeValue: org.lateCancellationChargeValue,
      lateCancellationPeriod: org.lateCancellationPeriod,
      currency: this.session.currency,
    })
  }

  /** Deposit (or full price for courses and vouchers); undefined until it can be calculated. */
  get amountDue(): number | undefined {
    const org = this.session.organisation
    const user = this.session.user
    if (!org || !user) return undefined
    const b = this.booking
    if (b.isGiftVoucherPurchase) return round2(b.giftVouchers.reduce((s, v) => s + v.value, 0))
    if (b.isCoursePurchase) return round2(b.basket.reduce((s, i) => s + (i.service.salePrice ?? i.service.defaultPrice), 0))
    if (b.isReschedule) return 0
    // A course session is paid by its course: the deposit rules apply to the other items only (none: nothing to pay).
    const paid = b.paidItems
    if (paid.length === 0) return 0
    return calculateDeposit({
      settings: org,
      accountBalance: user.accountBalance,
      items: paid.map((i) => ({
        serviceDefaultPrice: i.service.defaultPrice,
        practitionerGrossPrice: i.staff?.grossPrice,
        serviceDepositType: i.service.bookingDepositType,
        serviceDepositAmount: i.service.bookingDepositAmount,
      })),
    })
  }

  get depositReady(): boolean {
    return this.amountDue !== undefined
  }

  get canAgree(): boolean {
    return this.scrolledToBottom && this.depositReady && !this.submitting
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
    if (!this.isNormalBooking || !this.booking.canBook) return
    this.booking.handOverHold()
    // The server's hold of the time (made when it was picked) ends where it ends: the countdown tells the truth.
    this.startCountdown(this.booking.held.expiresAt ?? this.clock.now().getTime() + this.config.holdSeconds * 1000)
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
    if (!this.canAgree) return
    const b = this.booking
    const clinic = b.location
    const customerId = this.session.user?.id
    if (!clinic || !customerId) return
    this.submitting = true
    try {
      if (b.isReschedule) {
        await this.rescheduleAll()
        return
      }
      const kind = b.isGiftVoucherPurchase ? 'giftVoucher' : b.isCoursePurchase ? 'course' : 'deposit'
      if (kind === 'deposit' && b.courseServiceBooking && !b.courseContext) {
        // A course session URL opened directly (reload, shared link): the customer's course is looked up.
        const context = await this.courseContextFor(customerId, clinic.id)
        if (!context) {
          this.toasts.show(UNEXPECTED_ERROR)
          return
        }
        b.setCourseContext(context)
      }
      const request = this.confirmRequest(kind, customerId, clinic.id)
      const result = request ? await this.confirmBooking.execute(request) : E.left(undefined)
      if (E.isLeft(result)) {
        this.toasts.show((result.left && errorText(result.left)) || UNEXPECTED_ERROR)
        // A booking that failed (most often: someone else took the time meanwhile) cannot be retried
        // as it is: back to the times of the same day, which load afresh, so another can be picked.
        if (kind === 'deposit') this.backToTimes()
        return
      }
      const outcome = result.right
      if (outcome._tag !== 'PaymentRequired') {
        this.leave()
        b.clearTime()
        const ids = outcome._tag === 'Booked' ? idsOfBooking(outcome.booking) : outcome.appointments.map((a) => a.id)
        this.navigator.go(withBooked(b.courseServiceBooking ? '/location?courseServiceBooking=true' : '/location?serviceBooking=true', ids))
        return
      }
      const { payment, booking } = outcome
      runInAction(() => (this.appointmentId = booking?.appointment.id))
      this.leave()
      this.payment.start({
        kind,
        paymentUrl: payment.paymentUrl,
        transactionId: payment.transactionId,
        invoiceId: payment.invoiceId,
        appointmentId: booking?.appointment.id,
        amount: payment.amount,
        ...(payment.clientSecret ? { clientSecret: payment.clientSecret } : {}),
        ...(booking ? { appointmentIds: idsOfBooking(booking) } : {}),
      })
    } finally {
      runInAction(() => (this.submitting = false))
    }
  }

  /** The agree action as the ConfirmBooking use case takes it; undefined when a basket line lacks its practitioner. */
  private confirmRequest(kind: 'giftVoucher' | 'course' | 'deposit', customerId: string, clinicId: string): ConfirmRequest | undefined {
    const b = this.booking
    if (kind === 'giftVoucher') {
      return {
        kind: 'giftVoucher',
        customerId,
        clinicId,
        vouchers: b.giftVouchers.map((v) => ({ value: v.value, ...(v.receiver ? { receiver: { ...v.receiver, confirmEmail: v.receiver.email } } : {}) })),
      }
    }
    if (kind === 'course') return { kind: 'course', customerId, clinicId, courseIds: b.basket.map((i) => i.service.id) }
    const [first, ...rest] = b.basket
    if (!first?.staff || !first.start || !first.end) return undefined
    // Only the session a course pays for names it (the context outlives a cleared booking, spec section 4);
    // a service added to it is an ordinary paid item.
    const courseOf = (i: (typeof b.basket)[number]) => (b.isCoveredByCourse(i) ? (b.courseContext?.courseId ?? null) : null)
    return {
      kind: 'book',
      customerId,
      clinicId,
      // The time held since it was picked becomes this booking (no second race for it).
      ...(b.held.key ? { hold: b.held.key } : {}),
      appointment: {
        event: { start: first.start, end: first.end },
        practitioner: first.staff.id,
        clinic: clinicId,
        service: first.service.id,
        price: b.priceOf(first),
        grossPrice: b.priceOf(first),
        deposit: this.amountDue ?? 0,
        course: courseOf(first),
        linkedAppointments: rest.map((item) => ({
          event: { start: item.start as string, end: item.end as string },
          clinic: clinicId,
          service: item.service.id,
          price: b.priceOf(item),
          ...(item.staff ? { practitioner: item.staff.id } : {}),
          isLinked: true,
          type: 'Appointment' as const,
          course: courseOf(item),
        })),
      },
    }
  }

  /** Leaves confirm for the hour list of the chosen day, the time cleared (the countdown stops). */
  private backToTimes(): void {
    this.leave()
    if (this.booking.step === 'confirm') this.booking.back()
  }

  /**
   * The customer's course that covers the basket's services with a session left (bought at this
   * clinic first); undefined when none does.
   */
  private async courseContextFor(customerId: string, clinicId: string): Promise<CourseContext | undefined> {
    const result = await this.listMyCourses.execute(customerId)
    if (E.isLeft(result)) return undefined
    const now = new Date(this.clock.now())
    const wanted = this.booking.basket.filter((i) => this.booking.isCoveredByCourse(i)).map((i) => i.service.id)
    const candidates = result.right
      .map((c) => ({ record: c, services: [...new Set([c.service?.id, ...(c.course?.services ?? []).map((s) => s.id)].filter((id): id is string => Boolean(id)))] }))
      .filter(({ record, services }) => wanted.every((id) => services.includes(id)) && !isCourseBookDisabled(record, now))
      .sort((a, b) => Number(b.record.purchaseLocation?.id === clinicId) - Number(a.record.purchaseLocation?.id === clinicId))
    const found = candidates[0]
    return found ? { courseId: found.record.id, courseServices: found.services } : undefined
  }

  /** Each non-linked appointment is moved by the offset of the first one. */
  private async rescheduleAll(): Promise<void> {
    const b = this.booking
    const clinic = b.location
    const id = b.rescheduleAppointmentId
    const first = b.basket[0]
    if (!clinic || !id || !first?.start || !first.end) return
    if (b.rescheduleSources.length > 0) {
      // Linked bookings: every non-linked appointment keeps its offset from the first (spec section 4).
      const moved = await this.confirmBooking.execute({
        kind: 'reschedule',
        newStart: new Date(first.start),
        appointments: b.rescheduleSources.map((a) => ({
          appointmentId: a.appointmentId,
          isLinked: a.isLinked,
          event: { start: new Date(a.start), end: new Date(a.end) },
          clinic: clinic.id,
          service: a.serviceId,
          ...(a.practitionerId ? { practitioner: a.practitionerId } : {}),
          ...(a.price !== undefined ? { price: a.price, grossPrice: a.price } : {}),
        })),
      })
      if (E.isLeft(moved)) {
        this.toasts.show(errorText(moved.left) || UNEXPECTED_ERROR)
        this.backToTimes()
        return
      }
      this.leave()
      b.clearTime()
      this.navigator.go(withBooked('/location?serviceBooking=true', moved.right._tag === 'Rescheduled' ? moved.right.appointments.map((a) => a.id) : []))
      return
    }
    const price = first.staff?.grossPrice ?? first.service.defaultPrice
    const result = await this.rescheduleAppointment.execute(id, {
      event: { start: first.start, end: first.end },
      clinic: clinic.id,
      service: first.service.id,
      price,
      grossPrice: price,
      ...(first.staff?.id ? { practitioner: first.staff.id } : {}),
    })
    if (E.isLeft(result)) {
      this.toasts.show(errorText(result.left) || UNEXPECTED_ERROR)
      this.backToTimes()
      return
    }
    this.leave()
    b.clearTime()
    this.navigator.go(withBooked('/location?serviceBooking=true', [result.right.id, ...(result.right.linkedAppointments ?? []).map((l) => l.id)]))
  }
}
