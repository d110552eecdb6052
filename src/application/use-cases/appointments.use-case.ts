import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../tokens'
import type { AppointmentsApi } from '../ports/appointments.port'
import type { Logger } from '../ports/logger.port'
import type { AppError } from '../failure'
import { bookingFailure, requestFailure } from '../errors'
import type { CreateBookingBody } from '../../contract/appointments.routes'
import type { AppointmentView, BookingCreated, ReschedulePayload } from '../../contract/appointments.codecs'
import { visibleAccountAppointments } from '../../domain/booking/account'

/** Pending delete gives up after 10 s (spec section 9). */
export const DELETE_PENDING_TIMEOUT_MS = 10_000
/** Customer appointments page size (spec section 9). */
export const CUSTOMER_APPOINTMENTS_PAGE_SIZE = 100

/** POST /appointments/public: a 5-minute hold; the deposit due comes back from the server. */
@injectable()
export class HoldAppointment {
  constructor(@inject(PORTS.AppointmentsApi) private readonly api: AppointmentsApi) {}
  async execute(body: CreateBookingBody): Promise<E.Either<AppError, BookingCreated>> {
    const result = await this.api.hold(body)
    return E.isLeft(result) ? E.left(bookingFailure(result.left)) : result
  }
}

/** PUT /appointments/delete-pending/{id} with a 10 s timeout. Silent: a failure is only logged; Right(false). */
@injectable()
export class DeletePendingAppointment {
  constructor(
    @inject(PORTS.AppointmentsApi) private readonly api: AppointmentsApi,
    @inject(PORTS.Logger) private readonly log: Logger,
  ) {}
  async execute(appointmentId: string): Promise<E.Either<never, boolean>> {
    const result = await this.api.deletePending(appointmentId, DELETE_PENDING_TIMEOUT_MS)
    if (E.isLeft(result)) {
      this.log.warn('Could not release the pending appointment', result.left)
      return E.right(false)
    }
    return E.right(true)
  }
}

/** PUT /appointments/reschedule/{id}. Errors: server message, else the error message, else 'An unexpected error occurred'. */
@injectable()
export class RescheduleAppointment {
  constructor(@inject(PORTS.AppointmentsApi) private readonly api: AppointmentsApi) {}
  async execute(appointmentId: string, appointment: ReschedulePayload): Promise<E.Either<AppError, AppointmentView>> {
    const result = await this.api.reschedule(appointmentId, { appointment })
    return E.isLeft(result) ? E.left(bookingFailure(result.left)) : result
  }
}

/** PUT /appointments/cancel-by-customer/{id}. */
@injectable()
export class CancelAppointment {
  constructor(@inject(PORTS.AppointmentsApi) private readonly api: AppointmentsApi) {}
  async execute(appointmentId: string): Promise<E.Either<AppError, AppointmentView>> {
    const result = await this.api.cancel(appointmentId)
    return E.isLeft(result) ? E.left(bookingFailure(result.left)) : result
  }
}

/** GET /appointments/{id} (reschedule and book again load the appointment with its linked ones). */
@injectable()
export class GetAppointment {
  constructor(@inject(PORTS.AppointmentsApi) private readonly api: AppointmentsApi) {}
  async execute(appointmentId: string): Promise<E.Either<AppError, AppointmentView>> {
    const result = await this.api.get(appointmentId)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : result
  }
}

/** GET /appointments/customer/{id}?pageSize=100&group=ALL, without pending and cancelled ones (src/domain/booking/account). */
@injectable()
export class ListMyAppointments {
  constructor(@inject(PORTS.AppointmentsApi) private readonly api: AppointmentsApi) {}
  async execute(customerId: string): Promise<E.Either<AppError, AppointmentView[]>> {
    const result = await this.api.ofCustomer(customerId, { pageSize: CUSTOMER_APPOINTMENTS_PAGE_SIZE, group: 'ALL' })
    if (E.isLeft(result)) return E.left(requestFailure(result.left))
    return E.right(visibleAccountAppointments(result.right.appointments))
  }
}

/** GET /appointments/{id}/calendar.ics: the customer's own appointment as .ics text ('Add to calendar'). */
@injectable()
export class DownloadAppointmentCalendar {
  constructor(@inject(PORTS.AppointmentsApi) private readonly api: AppointmentsApi) {}
  async execute(appointmentId: string): Promise<E.Either<AppError, string>> {
    const result = await this.api.calendar(appointmentId)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : result
  }
}
