/**
 * Staff accounts: sign-in with scrypt hashes, the same session rules as customers (signed expiry,
 * logout ends the token on every instance, setting a password ends older tokens), one-time
 * set-password links. Expected refusals are ServiceErrors in Either; the route maps them to HTTP.
 */
import { randomBytes } from 'node:crypto'
import * as E from 'fp-ts/Either'
import { PASSWORD_PATTERN, PASSWORD_RULE_MESSAGE } from '../../src/domain/validation/password'
import { STAFF_ROLES, type StaffRole, type StaffUser } from '../../src/contract/staff.routes'
import type { JwtService, AuthClaims } from '../accounts/jwt.service'
import { tokenIsCurrent, generationOf } from '../accounts/jwt.service'
import { hashPassword, verifyPassword } from '../accounts/password'
import { tokenHash } from '../accounts/session.service'
import { conflict, invalid, notAllowed, notFound, unauthenticated, type ServiceError } from '../service-error'
import * as repo from './staff.repository'
import type { OperatorDb, OperatorDbOrTrx } from './staff.tables'

/** Texts of the staff refusals (the status is the ServiceError tag's, in server/http/service-failure.ts). */
export const STAFF_MESSAGES = {
  badCredentials: 'The email or password is incorrect.',
  noSession: 'You need to log in as staff to do this.',
  sessionEnded: 'Your session has ended, please log in again.',
  wrongRole: 'Your staff role does not allow this.',
  badSetPasswordLink: 'This set-password link is invalid or has expired. Please ask an admin for a new one.',
  weakPassword: PASSWORD_RULE_MESSAGE,
  staffExists: 'A staff login with this email already exists.',
  unknownPractitioner: 'No single practitioner has that slug or name.',
  staffNotFound: 'No staff login of this clinic has that id.',
} as const

/** A set-password link lasts a week: long enough for a new clinic's admin to find the mail. */
const SET_PASSWORD_LINK_MS = 7 * 24 * 3_600_000

export interface SignedInStaff {
  claims: AuthClaims
  staff: repo.StaffRow
  role: StaffRole
}

const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role)

export function staffDto(row: repo.StaffRow): StaffUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: isStaffRole(row.role) ? row.role : 'practitioner',
    ...(row.practitioner_id ? { practitionerId: row.practitioner_id } : {}),
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

/** A one-time set-password link for a staff account, built from the configured public origin. */
export async function setPasswordLink(db: OperatorDbOrTrx, tenant: string, staffId: string, origin: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await repo.insertSetPasswordToken(db, tenant, staffId, tokenHash(token), new Date(now.getTime() + SET_PASSWORD_LINK_MS))
  return `${origin}/staff/set-password/${token}`
}

export async function setPassword(db: OperatorDbOrTrx, tenant: string, token: string, password: string, now: Date): Promise<E.Either<ServiceError, void>> {
  if (!PASSWORD_PATTERN.test(password)) return E.left(invalid(STAFF_MESSAGES.weakPassword))
  const staffId = await repo.consumeSetPasswordToken(db, tenant, tokenHash(token), now)
  if (!staffId) return E.left(invalid(STAFF_MESSAGES.badSetPasswordLink))
  await repo.setStaffPassword(db, tenant, staffId, await hashPassword(password), now)
  return E.right(undefined)
}

/** A staff login of the tenant (linked to a practitioner when named) and its one-time set-password link. */
export async function createStaff(
  db: OperatorDb,
  tenant: string,
  input: { email: string; displayName: string; role: StaffRole; practitioner?: string },
  origin: string,
  now: Date,
): Promise<E.Either<ServiceError, { staff: StaffUser; setPasswordUrl: string }>> {
  return db.transaction().execute(async (trx) => {
    if (await repo.findStaffByEmail(trx, tenant, input.email)) return E.left(conflict(STAFF_MESSAGES.staffExists))
    let practitionerId: string | null = null
    if (input.practitioner) {
      const found = await repo.practitionersNamed(trx, tenant, input.practitioner)
      if (found.length !== 1) return E.left(invalid(STAFF_MESSAGES.unknownPractitioner))
      practitionerId = found[0]!
    }
    const row = await repo.insertStaff(trx, { tenant, email: input.email, displayName: input.displayName, role: input.role, practitionerId })
    return E.right({ staff: staffDto(row), setPasswordUrl: await setPasswordLink(trx, tenant, row.id, origin, now) })
  })
}

export async function listStaff(db: OperatorDbOrTrx, tenant: string): Promise<StaffUser[]> {
  return (await repo.listStaff(db, tenant)).map(staffDto)
}

/** A new one-time set-password link for a staff login (its forgotten password): the admin passes it on. */
export async function passwordLink(db: OperatorDbOrTrx, tenant: string, staffId: string, origin: string, now: Date): Promise<E.Either<ServiceError, { staff: StaffUser; setPasswordUrl: string }>> {
  const row = await repo.findStaff(db, tenant, staffId)
  if (!row) return E.left(notFound(STAFF_MESSAGES.staffNotFound))
  return E.right({ staff: staffDto(row), setPasswordUrl: await setPasswordLink(db, tenant, row.id, origin, now) })
}
