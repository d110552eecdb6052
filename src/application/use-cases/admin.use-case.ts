import type { CustomerDataExport, ErasureReceipt } from '../../contract/privacy.routes'
/**
 * The operator's use cases (clinic admin ..., and a future admin web app): each one call of the admin
 * API, its failure mapped to the server's message. The staff token lives in its own store.
 */
import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { ADMIN_PORTS } from '../admin.tokens'
import type { AdminApi } from '../ports/admin.port'
import type { TokenStore } from '../ports/token-store.port'
import type { AppError } from '../failure'
import { requestFailure } from '../errors'
import type { ApiResult } from '../ports/api-result'
import type { CreateStaffBody, CreateTenantBody, CustomerSummary, DayBookingsQuery, OutboxQuery, SendFormBody, SentForm, SetupDocument, UpdateStaffBody } from '../../contract/admin.routes'
import type { StaffUser } from '../../contract/staff.routes'
import type { ReportQuery } from '../../contract/reports.routes'
import { FORGOT_PASSWORD_RESULT } from '../../domain/validation/forgot-password'

const unwrap = async <T>(call: ApiResult<T>): Promise<E.Either<AppError, T>> => E.mapLeft(requestFailure)(await call)

const ID = /^[0-9a-f]{24}$/i

/** POST /staff/login; keeps the staff token (per server and tenant) apart from the customer's. */
@injectable()
export class StaffLogin {
  constructor(
    @inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi,
    @inject(ADMIN_PORTS.StaffTokenStore) private readonly tokens: TokenStore,
  ) {}
  async execute(email: string, password: string): Promise<E.Either<AppError, StaffUser>> {
    const session = await unwrap(this.api.staffLogin(email.trim().toLowerCase(), password))
    if (E.isLeft(session)) return session
    this.tokens.set(session.right.token)
    return E.right(session.right.staff)
  }
}

/** Ends the staff session on the server, then forgets the token whatever the server says. */
@injectable()
export class StaffLogout {
  constructor(
    @inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi,
    @inject(ADMIN_PORTS.StaffTokenStore) private readonly tokens: TokenStore,
  ) {}
  async execute(): Promise<E.Either<never, void>> {
    if (this.tokens.get()) await this.api.staffLogout()
    this.tokens.clear()
    return E.right(undefined)
  }
}

/** POST /staff/set-password with the token of a one-time link (the whole link is accepted too). */
@injectable()
export class SetStaffPassword {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute(linkOrToken: string, password: string) {
    const token = linkOrToken.trim().split('/').pop() ?? ''
    return unwrap(this.api.staffSetPassword(token, password))
  }
}

/**
 * POST /staff/forgot-password: a staff member who forgot the password asks for a set-password link
 * by mail. Right: the server's neutral answer (it never says whether the address is a staff login).
 */
@injectable()
export class ForgotStaffPassword {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  async execute(email: string): Promise<E.Either<AppError, string>> {
    const answer = await unwrap(this.api.staffForgotPassword(email.trim().toLowerCase()))
    return E.map((ack: { message?: string }) => ack.message ?? FORGOT_PASSWORD_RESULT)(answer)
  }
}

/** The staff member a stored token belongs to (a reload of /staff); a 401 forgets the token. */
@injectable()
export class StaffMe {
  constructor(
    @inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi,
    @inject(ADMIN_PORTS.StaffTokenStore) private readonly tokens: TokenStore,
  ) {}
  async execute(): Promise<E.Either<AppError, StaffUser>> {
    const me = await unwrap(this.api.staffMe())
    if (E.isLeft(me) && me.left._tag === 'Refused' && me.left.status === 401) this.tokens.clear()
    return me
  }
}

@injectable()
export class ListStaff {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute() {
    return unwrap(this.api.listStaff())
  }
}

/** The id of a staff login named by id or exact email (the CLI takes either). */
async function staffIdOf(api: AdminApi, emailOrId: string): Promise<E.Either<AppError, string>> {
  const id = emailOrId.trim()
  if (ID.test(id)) return E.right(id)
  const all = await unwrap(api.listStaff())
  if (E.isLeft(all)) return all
  const found = all.right.find((s) => s.email.toLowerCase() === id.toLowerCase())
  return found ? E.right(found.id) : E.left<AppError, never>({ _tag: 'Refused', status: 404, message: `No staff login has the email '${id}'.` })
}

/** A new one-time set-password link for a staff login named by id or exact email. */
@injectable()
export class ResetStaffPassword {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  async execute(emailOrId: string) {
    const id = await staffIdOf(this.api, emailOrId)
    return E.isLeft(id) ? id : unwrap(this.api.staffPasswordLink(id.right))
  }
}

/** A staff login's name, role or linked practitioner, the login named by id or exact email. */
@injectable()
export class ChangeStaff {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  async execute(emailOrId: string, body: UpdateStaffBody) {
    const id = await staffIdOf(this.api, emailOrId)
    return E.isLeft(id) ? id : unwrap(this.api.updateStaff(id.right, body))
  }
}

/** Removes a staff login (named by id or exact email): it can no longer sign in. */
@injectable()
export class RemoveStaff {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  async execute(emailOrId: string) {
    const id = await staffIdOf(this.api, emailOrId)
    return E.isLeft(id) ? id : unwrap(this.api.removeStaff(id.right))
  }
}

@injectable()
export class CreateTenant {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute(body: CreateTenantBody, operatorKey: string) {
    return unwrap(this.api.createTenant(body, operatorKey))
  }
}

@injectable()
export class AddStaff {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute(body: CreateStaffBody) {
    return unwrap(this.api.createStaff(body))
  }
}

@injectable()
export class ExportSetup {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute() {
    return unwrap(this.api.exportSetup())
  }
}

/** Plans (dryRun) or applies the document; an invalid one fails with every 'path: message' line. */
@injectable()
export class ApplySetup {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute(document: SetupDocument, dryRun: boolean, archiveWithBookings = false) {
    return unwrap(this.api.applySetup(document, dryRun, undefined, archiveWithBookings))
  }
}

@injectable()
export class ListDayBookings {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute(query: DayBookingsQuery) {
    return unwrap(this.api.dayBookings(query))
  }
}

/** The owner's report for a date range (London dates, both included), per clinic and practitioner. */
@injectable()
export class LoadReport {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute(query: ReportQuery) {
    return unwrap(this.api.report(query))
  }
}

/** The practitioners who work at a location on a date: the desk's columns, booked or not. */
@injectable()
export class ListRota {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute(date: string, location: string) {
    return unwrap(this.api.rota(date, location))
  }
}

@injectable()
export class FindCustomers {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute(q: string) {
    return unwrap(this.api.findCustomers(q))
  }
}

/** A customer named by id, or by exact email (looked up). */
async function resolveCustomer(api: AdminApi, emailOrId: string): Promise<E.Either<AppError, CustomerSummary | { id: string }>> {
  if (ID.test(emailOrId.trim())) return E.right({ id: emailOrId.trim() })
  const found = await unwrap(api.findCustomers(emailOrId))
  if (E.isLeft(found)) return found
  const exact = found.right.find((c) => c.email.toLowerCase() === emailOrId.trim().toLowerCase())
  return exact ? E.right(exact) : E.left({ _tag: 'Refused', status: 404, message: `No customer has the email '${emailOrId.trim()}'.` })
}

/** 'logout-customer' to every session of the customer named by id or by exact email. */
@injectable()
export class LogoutCustomer {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  async execute(emailOrId: string): Promise<E.Either<AppError, CustomerSummary | { id: string }>> {
    const customer = await resolveCustomer(this.api, emailOrId)
    if (E.isLeft(customer)) return customer
    const sent = await unwrap(this.api.logoutCustomer(customer.right.id))
    return E.isLeft(sent) ? sent : E.right(customer.right)
  }
}

/** Everything held about a customer (by id or exact email): a subject access request answered by the clinic. */
@injectable()
export class ExportCustomerData {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  async execute(emailOrId: string): Promise<E.Either<AppError, CustomerDataExport>> {
    const customer = await resolveCustomer(this.api, emailOrId)
    if (E.isLeft(customer)) return customer
    return unwrap(this.api.exportCustomer(customer.right.id))
  }
}

/** The customer named by id or exact email, as the command shows them before asking to erase. */
@injectable()
export class FindCustomer {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute(emailOrId: string): Promise<E.Either<AppError, CustomerSummary | { id: string }>> {
    return resolveCustomer(this.api, emailOrId)
  }
}

/** Erases a customer (by id or exact email): an erasure request answered by the clinic. */
@injectable()
export class EraseCustomer {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  async execute(emailOrId: string): Promise<E.Either<AppError, ErasureReceipt>> {
    const customer = await resolveCustomer(this.api, emailOrId)
    if (E.isLeft(customer)) return customer
    return unwrap(this.api.eraseCustomer(customer.right.id))
  }
}

/** Sends a customer (by id or exact email) a form; the server mails its link. */
@injectable()
export class SendFormToCustomer {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  async execute(emailOrId: string, body: SendFormBody): Promise<E.Either<AppError, SentForm>> {
    const customer = await resolveCustomer(this.api, emailOrId)
    if (E.isLeft(customer)) return customer
    return unwrap(this.api.sendForm(customer.right.id, body))
  }
}

/** Messages not sent: given up after a day of retries (failed) and still waiting (pending). */
@injectable()
export class ListOutbox {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute(query: OutboxQuery) {
    return unwrap(this.api.outbox(query))
  }
}

@injectable()
export class CancelForCustomer {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute(id: string, chargeFee: boolean) {
    return unwrap(this.api.cancel(id, chargeFee))
  }
}

@injectable()
export class MoveForCustomer {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  /** allowOverlap: staff move although the customer has another visit then (src/domain/booking/customer-clash.ts). */
  execute(id: string, start: string, practitioner?: string, allowOverlap = false) {
    return unwrap(this.api.move(id, start, practitioner, allowOverlap))
  }
}

@injectable()
export class MarkAttendance {
  constructor(@inject(ADMIN_PORTS.AdminApi) private readonly api: AdminApi) {}
  execute(id: string, mark: 'checked-in' | 'no-show') {
    return unwrap(this.api.mark(id, mark))
  }
}

/** Every admin use case class, for a composition root to bind by class. */
export const ADMIN_USE_CASES = [
  StaffLogin,
  StaffLogout,
  StaffMe,
  ListStaff,
  ResetStaffPassword,
  ChangeStaff,
  RemoveStaff,
  SetStaffPassword,
  ForgotStaffPassword,
  CreateTenant,
  AddStaff,
  ExportSetup,
  ApplySetup,
  ListDayBookings,
  LoadReport,
  ListRota,
  FindCustomers,
  LogoutCustomer,
  CancelForCustomer,
  MoveForCustomer,
  MarkAttendance,
  SendFormToCustomer,
  ExportCustomerData,
  FindCustomer,
  EraseCustomer,
  ListOutbox,
] as const
