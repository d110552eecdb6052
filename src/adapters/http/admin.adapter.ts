import { exportCustomerData } from '../../contract/privacy.routes'
import { inject, injectable } from 'inversify'
import type { AxiosInstance } from 'axios'
import type { AdminApi } from '../../application/ports/admin.port'
import {
  applySetup,
  createStaff,
  createTenant,
  findCustomers,
  getDayBookings,
  getRota,
  getSetup,
  listOutbox,
  listStaff,
  logoutCustomer,
  markAttendance,
  OPERATOR_KEY_HEADER,
  sendCustomerForm,
  staffCancelAppointment,
  staffMoveAppointment,
  staffPasswordLink,
  type CreateStaffBody,
  type CreateTenantBody,
  type DayBookingsQuery,
  type OutboxQuery,
  type SendFormBody,
  type SetupDocument,
} from '../../contract/admin.routes'
import { getStaffMe, staffForgotPassword, staffLogin, staffLogout, staffSetPassword } from '../../contract/staff.routes'
import { callRoute } from './api-client'

/** Token for the axios instance that carries the staff token (bound by the composition root). */
export const STAFF_HTTP_CLIENT = Symbol.for('StaffHttpClient')

@injectable()
export class HttpAdminApi implements AdminApi {
  /** An axios instance in the CLI; the fetch transport in the browser, which never creates tenants. */
  constructor(@inject(STAFF_HTTP_CLIENT) private readonly http: AxiosInstance) {}
  staffLogin(email: string, password: string) {
    return callRoute(this.http, staffLogin, { body: { email, password } })
  }
  staffLogout() {
    return callRoute(this.http, staffLogout, { timeoutMs: 5_000 })
  }
  staffSetPassword(token: string, password: string) {
    return callRoute(this.http, staffSetPassword, { body: { token, password } })
  }
  staffForgotPassword(email: string) {
    return callRoute(this.http, staffForgotPassword, { body: { email } })
  }
  staffMe() {
    return callRoute(this.http, getStaffMe)
  }
  async createTenant(body: CreateTenantBody, operatorKey: string) {
    // Loaded here only: the browser's staff desk binds this adapter on the fetch transport, without axios.
    const { default: axios } = await import('axios')
    // Its own instance: the operator key goes with this call only, and no staff token with it.
    const operator = axios.create({ baseURL: this.http.defaults.baseURL, timeout: this.http.defaults.timeout, adapter: this.http.defaults.adapter, headers: { [OPERATOR_KEY_HEADER]: operatorKey } })
    return callRoute(operator, createTenant, { body })
  }
  createStaff(body: CreateStaffBody) {
    return callRoute(this.http, createStaff, { body })
  }
  listStaff() {
    return callRoute(this.http, listStaff)
  }
  staffPasswordLink(id: string) {
    return callRoute(this.http, staffPasswordLink, { params: { id } })
  }
  exportSetup() {
    return callRoute(this.http, getSetup)
  }
  applySetup(document: SetupDocument, dryRun: boolean) {
    return callRoute(this.http, applySetup, { body: { document, dryRun } })
  }
  dayBookings(query: DayBookingsQuery) {
    return callRoute(this.http, getDayBookings, { query })
  }
  rota(date: string, location: string) {
    return callRoute(this.http, getRota, { query: { date, location } })
  }
  findCustomers(q: string) {
    return callRoute(this.http, findCustomers, { query: { q } })
  }
  logoutCustomer(id: string) {
    return callRoute(this.http, logoutCustomer, { params: { id } })
  }
  cancel(id: string, chargeFee: boolean) {
    return callRoute(this.http, staffCancelAppointment, { params: { id }, body: { chargeFee } })
  }
  move(id: string, start: string, practitioner?: string) {
    return callRoute(this.http, staffMoveAppointment, { params: { id }, body: { start, ...(practitioner ? { practitioner } : {}) } })
  }
  mark(id: string, mark: 'checked-in' | 'no-show') {
    return callRoute(this.http, markAttendance, { params: { id }, body: { mark } })
  }
  sendForm(customerId: string, body: SendFormBody) {
    return callRoute(this.http, sendCustomerForm, { params: { id: customerId }, body })
  }
  outbox(query: OutboxQuery) {
    return callRoute(this.http, listOutbox, { query })
  }
  exportCustomer(id: string) {
    return callRoute(this.http, exportCustomerData, { params: { id } })
  }
}
