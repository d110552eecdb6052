import type { CreateBookingBody, CustomerAppointments, CustomerAppointmentsQuery, RescheduleBody } from '../../contract/appointments.routes'
import type { AppointmentView, BookingCreated } from '../../contract/appointments.codecs'
import type { Ack } from '../../contract/codecs'
import type { ApiResult } from './api-result'

/** Holding, reading, moving and cancelling appointments. */
export interface AppointmentsApi {
  /** POST /appointments/public: a pending hold; the deposit comes back from the server. */
  hold(body: CreateBookingBody): ApiResult<BookingCreated>
  get(id: string): ApiResult<AppointmentView>
  cancel(id: string): ApiResult<AppointmentView>
  /** Releases a pending hold; gives up after `timeoutMs` (the spec's 10 s). */
  deletePending(id: string, timeoutMs?: number): ApiResult<Ack>
  reschedule(id: string, body: RescheduleBody): ApiResult<AppointmentView>
  ofCustomer(customerId: string, query: CustomerAppointmentsQuery): ApiResult<CustomerAppointments>
  /** GET /appointments/{id}/calendar.ics: the .ics text (needs the customer's token, so it is fetched, not linked). */
  calendar(id: string): ApiResult<string>
}
