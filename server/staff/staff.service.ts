/**
 * Staff accounts: sign-in with scrypt hashes, the same session rules as customers (signed expiry,
 * logout ends the token on every instance, setting a password ends older tokens), one-time
 * set-password links. Expected refusals are tagged unions in Either; the route maps them to HTTP.
 */
import { randomBytes } from 'node:crypto'
import * as E from 'fp-ts/Either'
import { PASSWORD_PATTERN, PASSWORD_RULE_MESSAGE } from '../../src/domain/validation/password'
import { STAFF_ROLES, type StaffRole, type StaffUser } from '../../src/contract/staff.routes'
import type { JwtService, AuthClaims } from '../accounts/jwt.service'
import { tokenIsCurrent, generationOf } from '../accounts/jwt.service'
import { hashPassword, verifyPassword } from '../accounts/password'
import { tokenHash } from '../accounts/session.service'
import * as repo from './staff.repository'
import type { OperatorDb, OperatorDbOrTrx } from './staff.tables'

export type StaffError =
  | { readonly _tag: 'BadCredentials' }
  | { readonly _tag: 'NoSession' }
  | { readonly _tag: 'SessionEnded' }
  | { readonly _tag: 'WrongRole' }
  | { readonly _tag: 'BadSetPasswordLink' }
  | { readonly _tag: 'WeakPassword' }
  | { readonly _tag: 'StaffExists' }
  | { readonly _tag: 'UnknownPractitioner' }
  | { readonly _tag: 'StaffNotFound' }

export const STAFF_MESSAGES: Record<StaffError['_tag'], string> = {
  BadCredentials: 'The email or password is incorrect.',
  NoSession: 'You need to log in as staff to do this.',
  SessionEnded: 'Your session has ended, please log in again.',
  WrongRole: 'Your staff role does not allow this.',
  BadSetPasswordLink: 'This set-password link is invalid or has expired. Please ask an admin for a new one.',
  WeakPassword: PASSWORD_RULE_MESSAGE,
  StaffExists: 'A staff login with this email already exists.',
  UnknownPractitioner: 'No single practitioner has that slug or name.',
  StaffNotFound: 'No staff login of this clinic has that id.',
}

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
): Promise<E.Either<StaffError, { token: string; staff: StaffUser }>> {
  const row = await repo.findStaffByEmail(db, tenant, email)
  // Hash anyway when there is no such account: the answer takes as long either way.
  const valid = await verifyPassword(password, row?.password_hash ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
  if (!row || !row.password_hash || !valid) return E.left({ _tag: 'BadCredentials' })
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
): Promise<E.Either<StaffError, SignedInStaff>> {
  if (!token) return E.left({ _tag: 'NoSession' })
  const claims = await jwt.verify(token)
  // A customer token (role 'customer') or another tenant's token is no staff session here.
  if (!claims || claims.tenant !== tenant || !isStaffRole(claims.role)) return E.left({ _tag: 'NoSession' })
  const staff = await repo.findStaff(db, tenant, claims.sub)
  if (!staff || !isStaffRole(staff.role)) return E.left({ _tag: 'NoSession' })
  if ((await repo.isSessionRevoked(db, tokenHash(token))) || !tokenIsCurrent(claims, staff.tokens_valid_after)) return E.left({ _tag: 'SessionEnded' })
  if (!allowed.includes(staff.role)) return E.left({ _tag: 'WrongRole' })
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

export async function setPassword(db: OperatorDbOrTrx, tenant: string, token: string, password: string, now: Date): Promise<E.Either<StaffError, void>> {
  if (!PASSWORD_PATTERN.test(password)) return E.left({ _tag: 'WeakPassword' })
  const staffId = await repo.consumeSetPasswordToken(db, tenant, tokenHash(token), now)
  if (!staffId) return E.left({ _tag: 'BadSetPasswordLink' })
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
): Promise<E.Either<StaffError, { staff: StaffUser; setPasswordUrl: string }>> {
  return db.transaction().execute(async (trx) => {
    if (await repo.findStaffByEmail(trx, tenant, input.email)) return E.left({ _tag: 'StaffExists' } as const)
    let practitionerId: string | null = null
    if (input.practitioner) {
      const found = await repo.practitionersNamed(trx, tenant, input.practitioner)
      if (found.length !== 1) return E.left({ _tag: 'UnknownPractitioner' } as const)
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
export async function passwordLink(db: OperatorDbOrTrx, tenant: string, staffId: string, origin: string, now: Date): Promise<E.Either<StaffError, { staff: StaffUser; setPasswordUrl: string }>> {
  const row = await repo.findStaff(db, tenant, staffId)
  if (!row) return E.left({ _tag: 'StaffNotFound' })
  return E.right({ staff: staffDto(row), setPasswordUrl: await setPasswordLink(db, tenant, row.id, origin, now) })
}
