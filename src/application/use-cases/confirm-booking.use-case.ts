import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../tokens'
import type { AppError } from '../failure'
import type { AppointmentPayload, AppointmentView, BookingCreated, PaymentDetails } from '../../contract/appointments.codecs'
import { rescheduleWithOffset } from '../../domain/booking/reschedule'
import type { HoldKey } from '../../contract/holds.routes'
import type { AppointmentsApi } from '../ports/appointments.port'
import type { Logger } from '../ports/logger.port'
import { bookingFailure } from '../errors'
import { BuyCourse, BuyGiftVoucher, CreateDepositPayment, type PaymentSession, type VoucherOrder } from './payments.use-case'
import { DELETE_PENDING_TIMEOUT_MS, HoldAppointment } from './appointments.use-case'

/** An appointment of the basket being rescheduled, with its current time. */
export interface RescheduleItem {
  appointmentId: string
  isLinked?: boolean
  event: { start: Date; end: Date }
  practitioner?: string
  clinic?: string
  service?: string
  price?: number
  netPrice?: number
  grossPrice?: number
}

export type ConfirmRequest =
  /** Move every non-linked appointment, keeping each one's offset from the first. */
  | { kind: 'reschedule'; appointments: RescheduleItem[]; newStart: Date }
  /** Hold the appointment (deposit and course context inside), then pay the deposit if any. */
  | { kind: 'book'; customerId: string; clinicId: string; appointment: AppointmentPayload; paymentDetails?: PaymentDetails; hold?: HoldKey }
  | { kind: 'course'; customerId: string; clinicId: string; courseIds: string[] }
  | { kind: 'giftVoucher'; customerId: string; clinicId: string; vouchers: VoucherOrder[] }

export type ConfirmOutcome =
  /** Go to the thank-you page. */
  | { _tag: 'Rescheduled'; appointments: AppointmentView[] }
  /** Zero deposit: booked straight through, go to the thank-you page. */
  | { _tag: 'Booked'; booking: BookingCreated }
  /** Go to the payment step. `booking` is set for an appointment booking. */
  | { _tag: 'PaymentRequired'; payment: PaymentSession; booking?: BookingCreated }

/** The confirm step's 'I understand and agree to these terms' action (spec section 4, 'Confirm action'). */
@injectable()
export class ConfirmBooking {
  constructor(
    @inject(PORTS.AppointmentsApi) private readonly appointments: AppointmentsApi,
    @inject(PORTS.Logger) private readonly log: Logger,
    @inject(HoldAppointment) private readonly holdAppointment: HoldAppointment,
    @inject(CreateDepositPayment) private readonly deposit: CreateDepositPayment,
    @inject(BuyCourse) private readonly buyCourse: BuyCourse,
    @inject(BuyGiftVoucher) private readonly buyGiftVoucher: BuyGiftVoucher,
  ) {}

  async execute(request: ConfirmRequest): Promise<E.Either<AppError, ConfirmOutcome>> {
    switch (request.kind) {
      case 'reschedule':
        return this.reschedule(request.appointments, request.newStart)
      case 'course': {
        const payment = await this.buyCourse.execute(request)
        return E.map((p: PaymentSession): ConfirmOutcome => ({ _tag: 'PaymentRequired', payment: p }))(payment)
      }
      case 'giftVoucher': {
        const payment = await this.buyGiftVoucher.execute(request)
        return E.map((p: PaymentSession): ConfirmOutcome => ({ _tag: 'PaymentRequired', payment: p }))(payment)
      }
      case 'book':
        return this.book(request)
    }
  }

  private async reschedule(items: RescheduleItem[], newStart: Date): Promise<E.Either<AppError, ConfirmOutcome>> {
    const moved: AppointmentView[] = []
    for (const item of rescheduleWithOffset(items, newStart)) {
      const result = await this.appointments.reschedule(item.appointmentId, {
        appointment: {
          event: { start: item.event.start.toISOString(), end: item.event.end.toISOString() },
          ...pick(item, ['practitioner', 'clinic', 'service', 'price', 'netPrice', 'grossPrice']),
        },
      })
      if (E.isLeft(result)) return E.left(bookingFailure(result.left))
      moved.push(result.right)
    }
    return E.right({ _tag: 'Rescheduled', appointments: moved })
  }

  private async book(request: Extract<ConfirmRequest, { kind: 'book' }>): Promise<E.Either<AppError, ConfirmOutcome>> {
    const held = await this.holdAppointment.execute({
      appointment: request.appointment,
      paymentDetails: request.paymentDetails ?? null,
      coherentTransactionId: null,
      // The time held since it was picked (issue 17) becomes this booking.
      ...(request.hold ? { hold: request.hold } : {}),
    })
    if (E.isLeft(held)) return held
    const booking = held.right
    if (booking.deposit <= 0) return E.right({ _tag: 'Booked', booking })
    const payment = await this.deposit.execute({
      customerId: request.customerId,
      clinicId: request.clinicId,
      appointmentId: booking.appointment.id,
    })
    if (E.isLeft(payment)) {
      // the payment step cannot start: release the hold rather than block the slot for 5 minutes
      const released = await this.appointments.deletePending(booking.appointment.id, DELETE_PENDING_TIMEOUT_MS)
      if (E.isLeft(released)) this.log.warn('Could not release the pending appointment', released.left)
      return payment
    }
    return E.right({ _tag: 'PaymentRequired', payment: payment.right, booking })
  }
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {}
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key]
  return out
}
