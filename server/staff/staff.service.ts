/**
 * Staff accounts: sign-in with scrypt hashes, the same session rules as customers (signed expiry,
 * logout ends the token on every instance, setting a password ends older tokens), one-time
 * set-password links (an admin's, or mailed by forgot-password; the newest alone works). Expected
 * refusals are ServiceErrors in Either; the route maps them to HTTP.
 */
import { randomBytes } from 'node:crypto'
import * as E from 'fp-ts/Either'
import { isEmail } from '../../src/domain/validation/email'
import { FORGOT_PASSWORD_RESULT } from '../../src/domain/validation/forgot-password'
import { PASSWORD_PATTERN, PASSWORD_RULE_MESSAGE } from '../../src/domain/validation/password'
import { STAFF_ROLES, type StaffRole, type StaffUser } from '../../src/contract/staff.routes'
import type { JwtService, AuthClaims } from '../accounts/jwt.service'
import { tokenIsCurrent, generationOf } from '../accounts/jwt.service'
import { hashPassword, verifyPassword } from '../accounts/password'
import { tokenHash } from '../accounts/session.service'
import { RESET_TOKEN_MINUTES } from '../accounts/account.service'
import { practitionerSlugs } from '../admin/setup.repository'
import type { Db } from '../db/schema'
import { brandedMail, passwordResetMessage, staffInviteMessage } from '../notifications/account-messages'
import type { MailApi } from '../notifications/mail.service'
import { conflict, invalid, notAllowed, notFound, unauthenticated, type ServiceError } from '../service-error'
import * as repo from './staff.repository'
import { operatorDb, type OperatorDb, type OperatorDbOrTrx } from './staff.tables'

/** Texts of the staff refusals (the status is the ServiceError tag's, in server/http/service-failure.ts). */
export const STAFF_MESSAGES = {
  badCredentials: 'The email or password is incorrect.',
  noSession: 'You need to log in as staff to do this.',
  sessionEnded: 'Your session has ended, please log in again.',
  wrongRole: 'Your staff role does not allow this.',
  badSetPasswordLink: "This set-password link is invalid or has expired. Please ask for a new one with 'Forgot password?' on the staff sign-in page.",
  weakPassword: PASSWORD_RULE_MESSAGE,
  staffExists: 'A staff login with this email already exists.',
  badEmail: 'Please enter a valid email address for the staff login.',
  noName: 'Please enter the name of the staff login.',
  unknownPractitioner: 'No single practitioner has that slug or name.',
  staffNotFound: 'No staff login of this clinic has that id.',
  lastAdmin: 'A clinic needs at least one admin: make another login an admin first.',
  removeSelf: 'You cannot remove your own login. Ask another admin to remove it.',
} as const

/** A set-password link lasts a week: long enough for a new clinic's admin to find the mail. */
export const SET_PASSWORD_LINK_MS = 7 * 24 * 3_600_000
/** A link asked for with 'Forgot password?' is for now: an hour, as the customers' reset link. */
export const STAFF_RESET_LINK_MINUTES = RESET_TOKEN_MINUTES

export interface SignedInStaff {
  claims: AuthClaims
  staff: repo.StaffRow
  role: StaffRole
}

const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role)

export function staffDto(row: repo.StaffRow, practitionerSlug?: string): StaffUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: isStaffRole(row.role) ? row.role : 'practitioner',
    ...(row.practitioner_id ? { practitionerId: row.practitioner_id } : {}),
    ...(row.practitioner_id && practitionerSlug ? { practitionerSlug } : {}),
  }
}

export async function login(
  db: OperatorDbOrTrx,
  jwt: JwtService,
  tenant: string,
  email: string,
  password: string,
): Promise<E.Either<ServiceError, { token: string; staff: StaffUser }>> {
  const row = await repo.findStaffByEmail(db, tenant, email)
  // Hash anyway when there is no such account: the answer takes as long either way.
  const valid = await verifyPassword(password, row?.password_hash ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
  if (!row || !row.password_hash || !valid) return E.left(unauthenticated(STAFF_MESSAGES.badCredentials))
  const token = await jwt.sign({ sub: row.id, tenant, role: row.role, gen: generationOf(row.tokens_valid_after) })
  return E.right({ token, staff: staffDto(row) })
}

/** The signed-in staff member of this tenant for a token, if its session is live and its role allowed. */
export async function authenticate(
  db: OperatorDbOrTrx,
  jwt: JwtService,
  tenant: string,
  token: string | undefined,
  allowed: readonly StaffRole[],
): Promise<E.Either<ServiceError, SignedInStaff>> {
  if (!token) return E.left(unauthenticated(STAFF_MESSAGES.noSession))
  const claims = await jwt.verify(token)
  // A customer token (role 'customer') or another tenant's token is no staff session here.
  if (!claims || claims.tenant !== tenant || !isStaffRole(claims.role)) return E.left(unauthenticated(STAFF_MESSAGES.noSession))
  const staff = await repo.findStaff(db, tenant, claims.sub)
  if (!staff || !isStaffRole(staff.role)) return E.left(unauthenticated(STAFF_MESSAGES.noSession))
  if ((await repo.isSessionRevoked(db, tokenHash(token))) || !tokenIsCurrent(claims, staff.tokens_valid_after)) return E.left(unauthenticated(STAFF_MESSAGES.sessionEnded))
  if (!allowed.includes(staff.role)) return E.left(notAllowed(STAFF_MESSAGES.wrongRole))
  return E.right({ claims, staff, role: staff.role })
}

export async function logout(db: OperatorDbOrTrx, who: SignedInStaff, token: string, now: Date): Promise<void> {
  const expiresAt = who.claims.exp ? new Date(who.claims.exp * 1000) : new Date(now.getTime() + 86_400_000)
  await repo.revokeSession(db, who.staff.tenant_id, who.staff.id, tokenHash(token), expiresAt, now)
}

/** Runs `work` in a transaction: the caller's when it passes one, else a new one. */
function inTransaction<T>(db: OperatorDbOrTrx, work: (trx: OperatorDbOrTrx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}

/**
 * A one-time set-password link for a staff account, built from the configured public origin. Only
 * the newest link of an account works: issuing one spends the older ones (under the account's row
 * lock, so two issued at once cannot both stay valid).
 */
export async function setPasswordLink(db: OperatorDbOrTrx, tenant: string, staffId: string, origin: string, now: Date, validMs = SET_PASSWORD_LINK_MS): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await inTransaction(db, async (trx) => {
    await repo.lockStaff(trx, tenant, staffId)
    await repo.spendSetPasswordTokens(trx, tenant, staffId, now)
    await repo.insertSetPasswordToken(trx, tenant, staffId, tokenHash(token), new Date(now.getTime() + validMs))
  })
  return `${origin}/staff/set-password/${token}`
}

export async function setPassword(db: OperatorDbOrTrx, tenant: string, token: string, password: string, now: Date): Promise<E.Either<ServiceError, void>> {
  if (!PASSWORD_PATTERN.test(password)) return E.left(invalid(STAFF_MESSAGES.weakPassword))
  // Hashed first: the slow KDF holds no lock, and a bad link costs as much as a good one.
  const passwordHash = await hashPassword(password)
  const hash = tokenHash(token)
  return inTransaction(db, async (trx) => {
    const owner = await repo.staffOfSetPasswordToken(trx, tenant, hash)
    if (!owner) return E.left(invalid(STAFF_MESSAGES.badSetPasswordLink))
    // Two links of one account used at once: the second waits, then finds its link spent by the first.
    await repo.lockStaff(trx, tenant, owner)
    const staffId = await repo.consumeSetPasswordToken(trx, tenant, hash, now)
    if (!staffId) return E.left(invalid(STAFF_MESSAGES.badSetPasswordLink))
    await repo.setStaffPassword(trx, tenant, staffId, passwordHash, now)
    // Any other link still outstanding was issued before this password: none may set it again.
    await repo.spendSetPasswordTokens(trx, tenant, staffId, now)
    return E.right(undefined)
  })
}

export interface StaffMailDeps {
  db: Db
  mail: MailApi
  /** the configured public origin (PUBLIC_URL), never a request header */
  origin: string
  now: Date
}

/**
 * Forgot-password of a staff login, as the customers' one: always the same answer, in the same time.
 * Looking the address up, issuing the link and queueing the mail run after the reply (mail.later).
 */
export function forgotPassword(deps: StaffMailDeps, tenant: string, email: string): { message: string } {
  deps.mail.later(() => mailResetLink(deps, tenant, email))
  return { message: FORGOT_PASSWORD_RESULT }
}

/** A transaction seen as a plain handle (it is one): its operator view runs on the same connection. */
const asHandle = (trx: Db): Db => trx

/** The set-password link of forgot-password, mailed only when the address is a staff login of the tenant. */
export async function mailResetLink(deps: StaffMailDeps, tenant: string, email: string): Promise<void> {
  const staff = isEmail(email) ? await repo.findStaffByEmail(operatorDb(deps.db), tenant, email) : undefined
  if (!staff) return
  await deps.db.transaction().execute(async (trx) => {
    const link = await setPasswordLink(operatorDb(asHandle(trx)), tenant, staff.id, deps.origin, deps.now, STAFF_RESET_LINK_MINUTES * 60_000)
    const message = passwordResetMessage(staff.display_name, link, STAFF_RESET_LINK_MINUTES)
    await deps.mail.enqueueMail({ tenant, to: staff.email, ...(await brandedMail(trx, tenant, message)) }, trx)
  })
}

/**
 * A staff login of the tenant (linked to a practitioner when named) and its one-time set-password link,
 * which is also mailed to the new login (in the same transaction: no login without its mail).
 */
export async function createStaff(
  deps: StaffMailDeps,
  tenant: string,
  input: { email: string; displayName: string; role: StaffRole; practitioner?: string },
): Promise<E.Either<ServiceError, { staff: StaffUser; setPasswordUrl: string }>> {
  // The address is where 'Forgot password?' mails the link, and the name is shown on the staff desk.
  if (!isEmail(input.email)) return E.left(invalid(STAFF_MESSAGES.badEmail))
  if (input.displayName.trim() === '') return E.left(invalid(STAFF_MESSAGES.noName))
  return deps.db.transaction().execute(async (handle) => {
    const trx = operatorDb(asHandle(handle))
    if (await repo.findStaffByEmail(trx, tenant, input.email)) return E.left(conflict(STAFF_MESSAGES.staffExists))
    let practitionerId: string | null = null
    if (input.practitioner) {
      const found = await repo.practitionersNamed(trx, tenant, input.practitioner)
      if (found.length !== 1) return E.left(invalid(STAFF_MESSAGES.unknownPractitioner))
      practitionerId = found[0]!
    }
    const row = await repo.insertStaff(trx, { tenant, email: input.email, displayName: input.displayName, role: input.role, practitionerId })
    const setPasswordUrl = await setPasswordLink(trx, tenant, row.id, deps.origin, deps.now)
    const message = staffInviteMessage(row.display_name, setPasswordUrl, SET_PASSWORD_LINK_MS / 86_400_000)
    await deps.mail.enqueueMail({ tenant, to: row.email, ...(await brandedMail(handle, tenant, message)) }, handle)
    return E.right({ staff: staffDto(row), setPasswordUrl })
  })
}

export async function listStaff(db: OperatorDbOrTrx, tenant: string): Promise<StaffUser[]> {
  const rows = await repo.listStaff(db, tenant)
  const slugs = rows.some((r) => r.practitioner_id) ? await practitionerSlugs(db, tenant) : new Map<string, string>()
  return rows.map((row) => staffDto(row, row.practitioner_id ? slugs.get(row.practitioner_id) : undefined))
}

/** A new one-time set-password link for a staff login (its forgotten password): the admin passes it on. */
export async function passwordLink(db: OperatorDbOrTrx, tenant: string, staffId: string, origin: string, now: Date): Promise<E.Either<ServiceError, { staff: StaffUser; setPasswordUrl: string }>> {
  const row = await repo.findStaff(db, tenant, staffId)
  if (!row) return E.left(notFound(STAFF_MESSAGES.staffNotFound))
  return E.right({ staff: staffDto(row), setPasswordUrl: await setPasswordLink(db, tenant, row.id, origin, now) })
}

/** A login's name, role or linked practitioner (null unlinks). The last admin stays an admin. */
export async function updateStaff(
  db: OperatorDb,
  tenant: string,
  staffId: string,
  input: { displayName?: string; role?: StaffRole; practitioner?: string | null },
): Promise<E.Either<ServiceError, StaffUser>> {
  if (input.displayName !== undefined && input.displayName.trim() === '') return E.left(invalid(STAFF_MESSAGES.noName))
  return db.transaction().execute(async (trx) => {
    const row = await repo.findStaff(trx, tenant, staffId)
    if (!row) return E.left(notFound(STAFF_MESSAGES.staffNotFound))
    if (row.role === 'admin' && input.role === 'practitioner' && (await repo.otherAdmins(trx, tenant, staffId)) === 0) return E.left(conflict(STAFF_MESSAGES.lastAdmin))
    let practitionerId: string | null | undefined
    if (input.practitioner === null) practitionerId = null
    else if (input.practitioner !== undefined) {
      const found = await repo.practitionersNamed(trx, tenant, input.practitioner)
      if (found.length !== 1) return E.left(invalid(STAFF_MESSAGES.unknownPractitioner))
      practitionerId = found[0]!
    }
    const updated = await repo.updateStaff(trx, tenant, staffId, {
      ...(input.displayName !== undefined ? { display_name: input.displayName.trim() } : {}),
      ...(input.role ? { role: input.role } : {}),
      ...(practitionerId !== undefined ? { practitioner_id: practitionerId } : {}),
    })
    const slugs = updated.practitioner_id ? await practitionerSlugs(trx, tenant) : new Map<string, string>()
    return E.right(staffDto(updated, updated.practitioner_id ? slugs.get(updated.practitioner_id) : undefined))
  })
}

/** The login can no longer sign in; its sessions end at once (authenticate finds no such login). */
export async function removeStaff(db: OperatorDb, tenant: string, staffId: string, by: string): Promise<E.Either<ServiceError, StaffUser>> {
  if (staffId === by) return E.left(conflict(STAFF_MESSAGES.removeSelf))
  return db.transaction().execute(async (trx) => {
    const row = await repo.findStaff(trx, tenant, staffId)
    if (!row) return E.left(notFound(STAFF_MESSAGES.staffNotFound))
    if (row.role === 'admin' && (await repo.otherAdmins(trx, tenant, staffId)) === 0) return E.left(conflict(STAFF_MESSAGES.lastAdmin))
    return E.right(staffDto(await repo.updateStaff(trx, tenant, staffId, { archived: true })))
  })
}
