import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { HttpTransport } from './transport'
import { PORTS } from '../../application/tokens'
import type { AppointmentsApi } from '../../application/ports/appointments.port'
import {
  cancelAppointmentByCustomer,
  createPublicAppointment,
  deletePendingAppointment,
  getAppointment,
  getAppointmentCalendar,
  getCustomerAppointments,
  rescheduleAppointment,
  type CreateBookingBody,
  type CustomerAppointmentsQuery,
  type RescheduleBody,
} from '../../contract/appointments.routes'
import { callRoute } from './api-client'

@injectable()
export class HttpAppointmentsApi implements AppointmentsApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  hold(body: CreateBookingBody) {
    return callRoute(this.http, createPublicAppointment, { body })
  }
  get(id: string) {
    return callRoute(this.http, getAppointment, { params: { id } })
  }
  cancel(id: string) {
    return callRoute(this.http, cancelAppointmentByCustomer, { params: { id } })
  }
  deletePending(id: string, timeoutMs?: number) {
    return callRoute(this.http, deletePendingAppointment, { params: { id }, timeoutMs })
  }
  reschedule(id: string, body: RescheduleBody) {
    return callRoute(this.http, rescheduleAppointment, { params: { id }, body })
  }
  ofCustomer(customerId: string, query: CustomerAppointmentsQuery) {
    return callRoute(this.http, getCustomerAppointments, { params: { customerId }, query })
  }
  calendar(id: string) {
    return callRoute(this.http, getAppointmentCalendar, { params: { id } })
  }
}
