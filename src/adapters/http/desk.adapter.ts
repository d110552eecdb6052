import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { DeskApi } from '../../application/ports/desk.port'
import {
  addStaffNote,
  createDeskBooking,
  createDeskCustomer,
  getCustomerForm,
  getCustomerRecord,
  getDeskServices,
  getDeskTimes,
  payDeskBookingAtClinic,
  updateDeskCustomer,
  type DeskBookingBody,
  type DeskCustomerBody,
  type DeskTimesBody,
} from '../../contract/desk.routes'
import type { CustomerUpdate } from '../../contract/customers.routes'
import { callRoute } from './api-client'
import { STAFF_HTTP_CLIENT } from './admin.adapter'
import type { HttpTransport } from './transport'

/** The desk's calls on the staff transport (the staff token, never the customer's). */
@injectable()
export class HttpDeskApi implements DeskApi {
  constructor(@inject(STAFF_HTTP_CLIENT) private readonly http: HttpTransport) {}
  createCustomer(body: DeskCustomerBody) {
    return callRoute(this.http, createDeskCustomer, { body })
  }
  updateCustomer(customerId: string, body: CustomerUpdate) {
    return callRoute(this.http, updateDeskCustomer, { params: { id: customerId }, body })
  }
  services(location: string) {
    return callRoute(this.http, getDeskServices, { query: { location } })
  }
  times(body: DeskTimesBody) {
    return callRoute(this.http, getDeskTimes, { body })
  }
  book(body: DeskBookingBody) {
    return callRoute(this.http, createDeskBooking, { body })
  }
  payAtClinic(appointmentId: string) {
    return callRoute(this.http, payDeskBookingAtClinic, { params: { id: appointmentId } })
  }
  record(customerId: string) {
    return callRoute(this.http, getCustomerRecord, { params: { id: customerId } })
  }
  addNote(customerId: string, text: string) {
    return callRoute(this.http, addStaffNote, { params: { id: customerId }, body: { text } })
  }
  form(customerId: string, formId: string) {
    return callRoute(this.http, getCustomerForm, { params: { id: customerId, formId } })
  }
}
