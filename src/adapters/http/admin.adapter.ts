import { eraseCustomerData, exportCustomerData } from '../../contract/privacy.routes'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
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
  type UpdateStaffBody,
  updateStaff,
  removeStaff,
  type CreateTenantBody,
  type DayBookingsQuery,
  type OutboxQuery,
  type SendFormBody,
  type SetupDocument,
} from '../../contract/admin.routes'
import { getStaffMe, staffForgotPassword, staffLogin, staffLogout, staffSetPassword } from '../../contract/staff.routes'
import { getReport, type ReportQuery } from '../../contract/reports.routes'
import { callRoute } from './api-client'
import { token } from '../../application/inject'
import type { HttpConfig, HttpTransport } from './transport'

/** Token for the transport that carries the staff token (bound by the composition root). */
export const STAFF_HTTP_CLIENT = token<HttpTransport>('StaffHttpClient')

/** A transport that sends the operator key and no token at all: createTenant's own. */
export type OperatorTransport = (operatorKey: string) => HttpTransport
export const OPERATOR_HTTP_CLIENT = token<OperatorTransport>('OperatorHttpClient')

/** The operator's request settings: the staff transport's address and timeout, the key, no tenant. */
export const operatorConfig = (http: HttpConfig, operatorKey: string): HttpConfig => ({ ...http, tenant: undefined, headers: { [OPERATOR_KEY_HEADER]: operatorKey } })

@injectable()
export class HttpAdminApi implements AdminApi {
  /** An axios instance in the CLI, the fetch transport in the browser: only what HttpTransport offers. */
  constructor(
    @inject(STAFF_HTTP_CLIENT) private readonly http: HttpTransport,
    @inject(OPERATOR_HTTP_CLIENT) private readonly operator: OperatorTransport,
  ) {}
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
  createTenant(body: CreateTenantBody, operatorKey: string) {
    // Its own transport: the operator key goes with this call only, and no staff token with it.
    return callRoute(this.operator(operatorKey), createTenant, { body })
  }
  createStaff(body: CreateStaffBody) {
    return callRoute(this.http, createStaff, { body })
  }
  listStaff() {
    return callRoute(this.http, listStaff)
  }
  updateStaff(id: string, body: UpdateStaffBody) {
    return callRoute(this.http, updateStaff, { params: { id }, body })
  }
  removeStaff(id: string) {
    return callRoute(this.http, removeStaff, { params: { id } })
  }
  staffPasswordLink(id: string) {
    return callRoute(this.http, staffPasswordLink, { params: { id } })
  }
  exportSetup() {
    return callRoute(this.http, getSetup)
  }
  applySetup(document: SetupDocument, dryRun: boolean, expectedVersion?: string, archiveWithBookings?: boolean) {
    const body = { document, dryRun, ...(expectedVersion ? { expectedVersion } : {}), ...(archiveWithBookings ? { archiveWithBookings } : {}) }
    return callRoute(this.http, applySetup, { body })
  }
  report(query: ReportQuery) {
    return callRoute(this.http, getReport, { query })
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
  move(id: string, start: string, practitioner?: string, allowOverlap = false) {
    return callRoute(this.http, staffMoveAppointment, { params: { id }, body: { start, ...(practitioner ? { practitioner } : {}), ...(allowOverlap ? { allowOverlap: true } : {}) } })
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
  eraseCustomer(id: string) {
    return callRoute(this.http, eraseCustomerData, { params: { id } })
  }
}
