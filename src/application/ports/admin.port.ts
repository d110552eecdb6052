import type { CustomerDataExport, ErasureReceipt } from '../../contract/privacy.routes'
import type {
  CreatedStaff,
  CreatedTenant,
  CreateStaffBody,
  UpdateStaffBody,
  CreateTenantBody,
  CustomerSummary,
  DayBooking,
  DayBookingsQuery,
  OutboxMessage,
  OutboxQuery,
  SendFormBody,
  SentForm,
  SetupDocument,
  RotaPractitioner,
  SetupPlan,
  StaffPasswordLink,
} from '../../contract/admin.routes'
import type { Ack } from '../../contract/codecs'
import type { StaffSession, StaffUser } from '../../contract/staff.routes'
import type { Report, ReportQuery } from '../../contract/reports.routes'
import type { ApiResult } from './api-result'

/** The operator's calls (src/contract/admin.routes.ts, staff.routes.ts), signed in with the staff token. */
export interface AdminApi {
  staffLogin(email: string, password: string): ApiResult<StaffSession>
  staffLogout(): ApiResult<Ack>
  staffSetPassword(token: string, password: string): ApiResult<Ack>
  /** POST /staff/forgot-password: the same neutral answer whatever the address; the link comes by mail. */
  staffForgotPassword(email: string): ApiResult<Ack>
  /** The signed-in staff member (GET /staff/me): a stored token is still a session. */
  staffMe(): ApiResult<StaffUser>
  /** Sent with the operator key, without any token. */
  createTenant(body: CreateTenantBody, operatorKey: string): ApiResult<CreatedTenant>
  createStaff(body: CreateStaffBody): ApiResult<CreatedStaff>
  listStaff(): ApiResult<StaffUser[]>
  updateStaff(id: string, body: UpdateStaffBody): ApiResult<StaffUser>
  removeStaff(id: string): ApiResult<StaffUser>
  staffPasswordLink(id: string): ApiResult<StaffPasswordLink>
  exportSetup(): ApiResult<SetupDocument>
  /** expectedVersion: the version the change was made on (409 when the set-up changed since). */
  applySetup(document: SetupDocument, dryRun: boolean, expectedVersion?: string, archiveWithBookings?: boolean): ApiResult<SetupPlan>
  dayBookings(query: DayBookingsQuery): ApiResult<DayBooking[]>
  rota(date: string, location: string): ApiResult<RotaPractitioner[]>
  findCustomers(q: string): ApiResult<CustomerSummary[]>
  logoutCustomer(id: string): ApiResult<Ack>
  cancel(id: string, chargeFee: boolean): ApiResult<DayBooking>
  /** allowOverlap: move although the customer has another visit then (refused otherwise, 409, naming it). */
  move(id: string, start: string, practitioner?: string, allowOverlap?: boolean): ApiResult<DayBooking>
  mark(id: string, mark: 'checked-in' | 'no-show'): ApiResult<DayBooking>
  sendForm(customerId: string, body: SendFormBody): ApiResult<SentForm>
  outbox(query: OutboxQuery): ApiResult<OutboxMessage[]>
  /** Everything held about the customer (a subject access request). */
  exportCustomer(id: string): ApiResult<CustomerDataExport>
  /** GET /admin/reports: the owner's figures for a date range (admins only). */
  report(query: ReportQuery): ApiResult<Report>
  /** Erases the customer (personal data and forms gone, invoices kept under a pseudonym, sessions ended). */
  eraseCustomer(id: string): ApiResult<ErasureReceipt>
}
