import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import * as O from 'fp-ts/Option'
import type { ClinicView } from './views'
import { PORTS } from '../../application/tokens'
import type { BookingStore } from '../../application/ports/booking-store.port'
import { LocateClinic } from '../../application/use-cases/session.use-case'
import { BookingViewModel } from './booking.view-model'
import { SessionViewModel } from './session.view-model'
import { NAVIGATOR, type Navigator } from './app-services'
import { DeletePendingAppointment } from '../../application/use-cases/appointments.use-case'
import { bookedIds } from './thank-you-calendar.view-model'

export const MAP_HEADING = 'How to find us'
export const MAP_ZOOM = 15
export const BOOK_NEW = 'Book new appointment'

export const PAYMENT_NOT_COMPLETED_TITLE = 'Payment not completed'
export const PAYMENT_NOT_COMPLETED = 'Your card was not charged and your booking was not made. Please book again.'

/**
 * Stripe sends the customer back here after a bank's check away from the page (3-D Secure) with
 * `redirect_status`: anything but succeeded (or processing, settled later by the processor's
 * notice) means the payment did not go through.
 */
export function paymentNotCompleted(query: Record<string, string | undefined>): boolean {
  const status = query.redirect_status
  return status !== undefined && status !== 'succeeded' && status !== 'processing'
}

export type ThankYouKind = 'service' | 'course' | 'courseService' | 'giftVoucher'

export function thankYouKind(query: Record<string, string | undefined>): ThankYouKind {
  if (query.giftVoucherPurchase === 'true') return 'giftVoucher'
  if (query.courseServiceBooking === 'true') return 'courseService'
  if (query.coursePurchase === 'true') return 'course'
  return 'service'
}

/** Thank-you page (spec sections 1 and 2 '/location'). */
@injectable()
export class ThankYouViewModel {
  kind: ThankYouKind = 'service'
  clinic?: ClinicView = undefined
  coordinates?: { latitude: number; longitude: number } = undefined
  geocoding = false
  /** back from the processor without paying: no thanks, the pending booking released */
  notPaid = false

  constructor(
    @inject(LocateClinic) private readonly locate: Pick<LocateClinic, 'execute'>,
    @inject(BookingViewModel) private readonly booking: BookingViewModel,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(PORTS.BookingStore) private readonly store: BookingStore,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(DeletePendingAppointment) private readonly deletePending: Pick<DeletePendingAppointment, 'execute'>,
  ) {
    makeAutoObservable<ThankYouViewModel, 'locate' | 'booking' | 'session' | 'store' | 'navigator' | 'deletePending'>(this, {
      locate: false, booking: false, session: false, store: false, navigator: false, deletePending: false,
    })
  }

  get text(): string {
    const org = this.session.organisation
    if (!org) return ''
    const byKind = {
      service: org.thankYouText,
      course: org.thankYouTextCourse,
      courseService: org.thankYouTextCourseService,
      giftVoucher: org.thankYouTextGiftVoucher,
    }[this.kind]
    return byKind ?? org.thankYouText ?? ''
  }

  /** Shows the page, or leaves for thankYouPageUrl when the organisation set one. */
  async open(query: Record<string, string | undefined>): Promise<void> {
    this.kind = thankYouKind(query)
    if (paymentNotCompleted(query)) {
      // The held time is given back at once, as 'Start again' does, so that it can be booked again.
      this.notPaid = true
      this.booking.clearBookingInfo()
      await Promise.all(bookedIds(query).map((id) => this.deletePending.execute(id)))
      return
    }
    const url = this.session.organisation?.thankYouPageUrl
    if (url) {
      this.navigator.leave(url)
      return
    }
    const stored = this.store.get('currentClinic')
    // a clinic stored by an older version of the app has no address object: it is not shown
    const clinic: ClinicView | undefined = this.booking.view.location ?? (typeof stored?.address === 'object' ? stored : undefined)
    this.clinic = clinic
    this.booking.clearBookingInfo()
    if (!clinic) return
    const { latitude, longitude } = clinic.address
    if (typeof latitude === 'number' && typeof longitude === 'number') {
      this.coordinates = { latitude, longitude }
      return
    }
    this.geocoding = true
    // the clinic's own coordinates were checked above: this geocodes its address
    const located = await this.locate.execute(clinic)
    const found = E.isRight(located) && O.isSome(located.right) ? { latitude: located.right.value.lat, longitude: located.right.value.lng } : undefined
    runInAction(() => {
      this.geocoding = false
      this.coordinates = found
    })
  }

  /** 'Book new appointment' restarts the flow. */
  bookNew(): void {
    const last = this.store.get('lastClinicId')
    this.booking.clearBookingInfo()
    this.navigator.go(last ? `/step/${last}` : '/')
  }
}
