/**
 * Customer accounts: login, register with email verification, forgot password (never reveals
 * whether the email exists), single-use expiring reset tokens, change password (by reset token or
 * logged in), the current user and personal details.
 */
import { createHash, randomBytes } from 'node:crypto'
import * as E from 'fp-ts/Either'
import { sql } from 'kysely'
import type { CurrentUser, Customer, CustomerUpdate, RegisterBody } from '../../src/contract'
import { SIGN_UP_TITLES } from '../../src/domain/constants/people'
import { londonDateOf } from '../../src/domain/time'
import { DATE_OF_BIRTH_IN_FUTURE, isDateOfBirthInFuture } from '../../src/domain/validation/dates'
import { isEmail, normaliseEmail } from '../../src/domain/validation/email'
import { EXISTING_CUSTOMER_RESET_RESULT, FORGOT_PASSWORD_RESULT } from '../../src/domain/validation/forgot-password'
import { meetsPasswordRule, NEW_PASSWORD_NOT_MEETING_REQUIREMENTS } from '../../src/domain/validation/password'
import { PERSONAL_DETAILS_PHONE_INVALID } from '../../src/domain/validation/personal-details'
import { isValidPhone, normalisePhone, type CountryCode } from '../../src/domain/validation/phone'
import { SIGN_UP_MESSAGES, signUpGender } from '../../src/domain/validation/sign-up'
import { newId } from '../db/ids'
import { brandedMail, passwordResetMessage, verificationMessage } from '../notifications/account-messages'
import { toMoney, type CustomerRow, type Db, type DbOrTrx } from '../db/schema'
import { conflict, invalid, notAllowed, unauthenticated, type ServiceError } from '../service-error'
import { generationOf, type JwtService } from './jwt.service'
import type { MailApi } from '../notifications/mail.service'

/** Every customer login is a customer: admin and practitioner are staff logins (server/staff), apart from customers. */
const CUSTOMER_ROLE = 'customer'
import { hashPassword, verifyPassword } from './password'
import { emitWebhookEvent } from '../integrations/webhooks.service'
import { customerCreatedData } from '../integrations/integration-bookings.service'

export const MESSAGES = {
  accountCreated: 'Your account has been created. Please check your inbox (and junk mail) to verify your email before logging in.',
  badCredentials: 'The email or password is incorrect.',
  notVerified: 'Please verify your email before logging in. Check your inbox (and junk mail) for the verification link.',
  emailTaken: 'An account with this email already exists. Please log in, or reset your password.',
  loggedIn: 'Logged in successfully.',
  loggedOut: 'You have been logged out.',
  passwordChanged: 'Your password has been changed.',
  badResetToken: 'This password reset link is invalid or has expired. Please request a new one.',
  wrongCurrentPassword: 'The current password is incorrect.',
  otherUser: 'You can only change your own password.',
  emailVerified: 'Your email is verified. You can now log in.',
} as const

export const VERIFY_TOKEN_HOURS = 48
export const RESET_TOKEN_MINUTES = 60

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

export function customerDto(row: CustomerRow): CurrentUser {
  const customer: Customer = {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    surname: row.surname,
    ...(row.title ? { title: row.title } : {}),
    ...(row.middle_name ? { middleName: row.middle_name } : {}),
    ...(row.date_of_birth ? { dateOfBirth: row.date_of_birth } : {}),
    ...(row.gender ? { gender: row.gender } : {}),
    ...(row.mobile_phone ? { mobilePhone: row.mobile_phone } : {}),
    ...(row.referral_source ? { referralSource: row.referral_source } : {}),
    ...(row.address1 ? { address1: row.address1 } : {}),
    ...(row.address2 ? { address2: row.address2 } : {}),
    ...(row.city ? { city: row.city } : {}),
    ...(row.county ? { county: row.county } : {}),
    ...(row.post_code ? { postCode: row.post_code } : {}),
    ...(row.country_value ? { country: { value: row.country_value, label: row.country_label ?? row.country_value } } : {}),
    marketingTypes: row.marketing_types as Customer['marketingTypes'] & string[],
    notificationTypes: row.notification_types as Customer['notificationTypes'] & string[],
    accountBalance: toMoney(row.account_balance) ?? 0,
  }
  return { ...customer, role: CUSTOMER_ROLE, isVerified: row.verified }
}

export async function findCustomer(db: DbOrTrx, tenant: string, id: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst()
}

async function findByEmail(db: DbOrTrx, tenant: string, email: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('tenant_id', '=', tenant).where('email', '=', normaliseEmail(email)).executeTakeFirst()
}

export async function issueToken(db: DbOrTrx, tenant: string, customerId: string, purpose: 'verify' | 'reset', minutes: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .insertInto('tokens')
    .values({ id: newId(), tenant_id: tenant, customer_id: customerId, purpose, token_hash: sha256(token), expires_at: new Date(now.getTime() + minutes * 60_000) })
    .execute()
  return token
}

/** Marks a token used (once) and returns its customer, or undefined when unknown, used, expired or of another tenant. */
async function consumeToken(db: DbOrTrx, tenant: string, token: string, purpose: 'verify' | 'reset', now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('tokens')
    .set({ used_at: now })
    .where('tenant_id', '=', tenant)
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('customer_id')
    .executeTakeFirst()
  return row?.customer_id
}

export interface AccountDeps {
  db: Db
  jwt: JwtService
  mail: MailApi
  now: Date
  /** public origin for links in mails */
  origin: string
}

export async function login(deps: AccountDeps, tenant: string, email: string, password: string) {
  const customer = await findByEmail(deps.db, tenant, email)
  // Verify against a dummy hash when the email is unknown, so both answers take as long.
  const valid = await verifyPassword(password, customer?.password_hash ?? DUMMY_HASH)
  if (!customer || !valid) return E.left(unauthenticated(MESSAGES.badCredentials))
  if (!customer.verified) return E.left(notAllowed(MESSAGES.notVerified))
  const token = await deps.jwt.sign({ sub: customer.id, tenant, role: CUSTOMER_ROLE, gen: generationOf(customer.tokens_valid_after) })
  return E.right({ user: customerDto(customer), token, message: MESSAGES.loggedIn })
}

const DUMMY_HASH = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$ZHVtbXlkdW1teWR1bW15ZHVtbXlkdW1teWR1bW15ZHU'

export const DOB_IN_FUTURE = DATE_OF_BIRTH_IN_FUTURE
/** A date of birth (sent as the date at 12:00 UTC) after today's date in London. */
const bornAfter = (dob: string, now: Date) => isDateOfBirthInFuture(new Date(dob).toISOString(), londonDateOf(now))

export async function register(deps: AccountDeps, tenant: string, body: RegisterBody) {
  if (bornAfter(body.dob, deps.now)) return E.left(invalid(DOB_IN_FUTURE))
  const title = body.title.trim()
  if (!(SIGN_UP_TITLES as readonly string[]).includes(title)) return E.left(invalid(SIGN_UP_MESSAGES.title))
  const gender = signUpGender(body.gender)
  if (!gender) return E.left(invalid(SIGN_UP_MESSAGES.gender))
  if (!isEmail(body.email)) return E.left(invalid(SIGN_UP_MESSAGES.emailInvalid))
  if (!isValidPhone(body.mobile, { defaultCountry: 'GB' })) return E.left(invalid(SIGN_UP_MESSAGES.phoneInvalid))
  if (!meetsPasswordRule(body.password)) return E.left(invalid(SIGN_UP_MESSAGES.password))
  const email = normaliseEmail(body.email)
  const id = newId()
  const passwordHash = await hashPassword(body.password)
  const created = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('customers')
      .values({
        id,
        tenant_id: tenant,
        email,
        password_hash: passwordHash,
        verified: false,
        title,
        first_name: body.name.trim(),
        surname: body.surname.trim(),
        date_of_birth: body.dob,
        gender,
        mobile_phone: normalisePhone(body.mobile, { defaultCountry: 'GB' }) ?? body.mobile.trim(),
        referral_source: body.referralSource?.trim() || null,
        marketing_types: JSON.stringify([]),
        notification_types: JSON.stringify(['Email']),
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) return false
    await emitWebhookEvent(trx, tenant, 'customer.created', deps.now, () =>
      customerCreatedData({ id, email, firstName: body.name.trim(), surname: body.surname.trim() }, 'sign-up'),
    )
    const token = await issueToken(trx, tenant, id, 'verify', VERIFY_TOKEN_HOURS * 60, deps.now)
    const link = `${deps.origin}/api/user/verify-email/${token}`
    await deps.mail.enqueueMail({ tenant, to: email, ...(await brandedMail(trx, tenant, verificationMessage(body.name.trim(), link, VERIFY_TOKEN_HOURS))) }, trx)
    return true
  })
  if (!created) return E.left(invalid(MESSAGES.emailTaken))
  return E.right({ message: MESSAGES.accountCreated, id })
}

export async function verifyEmail(deps: AccountDeps, tenant: string, token: string): Promise<boolean> {
  const customerId = await consumeToken(deps.db, tenant, token, 'verify', deps.now)
  if (!customerId) return false
  await deps.db.updateTable('customers').set({ verified: true }).where('tenant_id', '=', tenant).where('id', '=', customerId).execute()
  return true
}

/**
 * Always the same answer, in the same time: the reply does no database work for either kind of
 * address. Looking the account up, issuing the token and queueing the mail run after the reply
 * (deps.mail.later), so a known address costs the caller no more than an unknown one.
 */
export async function forgotPassword(deps: AccountDeps, tenant: string, email: string, existingUser: boolean) {
  const message = existingUser ? EXISTING_CUSTOMER_RESET_RESULT : FORGOT_PASSWORD_RESULT
  deps.mail.later(() => sendResetLink(deps, tenant, email))
  return { message }
}

/** The reset link of forgot-password, only when the account exists (run after the reply). */
export async function sendResetLink(deps: AccountDeps, tenant: string, email: string): Promise<void> {
  const customer = isEmail(email) ? await findByEmail(deps.db, tenant, email) : undefined
  if (!customer) return
  await deps.db.transaction().execute(async (trx) => {
    const token = await issueToken(trx, tenant, customer.id, 'reset', RESET_TOKEN_MINUTES, deps.now)
    const link = `${deps.origin}/user/reset-password/${token}`
    await deps.mail.enqueueMail({ tenant, to: customer.email, ...(await brandedMail(trx, tenant, passwordResetMessage(customer.first_name, link, RESET_TOKEN_MINUTES))) }, trx)
  })
}

/**
 * Sets the password and starts a new session generation: tokens_valid_after becomes now, or 1 ms
 * after the previous one when that is not earlier (two changes in one millisecond, or a clock behind),
 * so tokens issued before the change stop being valid, and every outstanding reset link is spent.
 * Returns the new generation.
 */
async function setPassword(db: DbOrTrx, tenant: string, customerId: string, passwordHash: string, now: Date): Promise<number> {
  const at = now.toISOString()
  const row = await db
    .updateTable('customers')
    .set({
      password_hash: passwordHash,
      tokens_valid_after: sql<Date>`date_trunc('milliseconds', greatest(${at}::timestamptz, coalesce(tokens_valid_after + interval '1 millisecond', ${at}::timestamptz)))`,
      verified: true,
    })
    .where('tenant_id', '=', tenant)
    .where('id', '=', customerId)
    .returning('tokens_valid_after')
    .executeTakeFirst()
  // Every reset link still outstanding was asked for with the old password in mind: none may set it again.
  await db
    .updateTable('tokens')
    .set({ used_at: now })
    .where('tenant_id', '=', tenant)
    .where('customer_id', '=', customerId)
    .where('purpose', '=', 'reset')
    .where('used_at', 'is', null)
    .execute()
  return generationOf(row?.tokens_valid_after)
}

export async function resetPassword(deps: AccountDeps, tenant: string, token: string, newPassword: string) {
  if (!meetsPasswordRule(newPassword)) return E.left(invalid(NEW_PASSWORD_NOT_MEETING_REQUIREMENTS))
  // Hashed first: the slow KDF holds no lock, and a bad link costs as much as a good one.
  const passwordHash = await hashPassword(newPassword)
  const done = await deps.db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('tokens')
      .select('customer_id')
      .where('tenant_id', '=', tenant)
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', 'reset')
      .executeTakeFirst()
    if (!owner) return undefined
    // Two links of one account used at once: the second waits, then finds its link spent by the first.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`password:${tenant}:${owner.customer_id}`}, 0))`.execute(trx)
    const customerId = await consumeToken(trx, tenant, token, 'reset', deps.now)
    if (!customerId) return undefined
    return { customerId, gen: await setPassword(trx, tenant, customerId, passwordHash, deps.now) }
  })
  if (!done) return E.left(unauthenticated(MESSAGES.badResetToken))
  const { customerId, gen } = done
  const customer = (await findCustomer(deps.db, tenant, customerId))!
  const newToken = await deps.jwt.sign({ sub: customerId, tenant, role: CUSTOMER_ROLE, gen })
  return E.right({ answer: { message: MESSAGES.passwordChanged, statusCode: 200, newToken }, customerId, generation: gen })
}

export async function changePassword(deps: AccountDeps, tenant: string, customerId: string, currentPassword: string, newPassword: string) {
  if (!meetsPasswordRule(newPassword)) return E.left(invalid(NEW_PASSWORD_NOT_MEETING_REQUIREMENTS))
  const customer = await findCustomer(deps.db, tenant, customerId)
  if (!customer || !(await verifyPassword(currentPassword, customer.password_hash))) return E.left(unauthenticated(MESSAGES.wrongCurrentPassword))
  const gen = await setPassword(deps.db, tenant, customerId, await hashPassword(newPassword), deps.now)
  const newToken = await deps.jwt.sign({ sub: customerId, tenant, role: CUSTOMER_ROLE, gen })
  return E.right({ answer: { message: MESSAGES.passwordChanged, statusCode: 200, newToken }, generation: gen })
}

export async function updateCustomer(db: Db, tenant: string, id: string, update: CustomerUpdate, now: Date): Promise<E.Either<ServiceError, CurrentUser>> {
  if (update.dateOfBirth !== undefined && bornAfter(update.dateOfBirth, now)) return E.left(invalid(DOB_IN_FUTURE))
  const set: Record<string, unknown> = {}
  const text = (v: string | undefined) => (v === undefined ? undefined : v.trim() === '' ? null : v.trim())
  if (update.email !== undefined) {
    if (!isEmail(update.email)) return E.left(invalid(SIGN_UP_MESSAGES.emailInvalid))
    set.email = normaliseEmail(update.email)
  }
  if (update.mobilePhone !== undefined) {
    const country = (update.country?.value ?? 'GB') as CountryCode
    const phone = normalisePhone(update.mobilePhone, { defaultCountry: country })
    if (!phone) return E.left(invalid(PERSONAL_DETAILS_PHONE_INVALID))
    set.mobile_phone = phone
  }
  const map: [keyof CustomerUpdate, string][] = [
    ['title', 'title'], ['firstName', 'first_name'], ['middleName', 'middle_name'], ['surname', 'surname'], ['dateOfBirth', 'date_of_birth'],
    ['gender', 'gender'], ['referralSource', 'referral_source'], ['address1', 'address1'], ['address2', 'address2'], ['city', 'city'],
    ['county', 'county'], ['postCode', 'post_code'],
  ]
  for (const [field, column] of map) {
    const value = update[field]
    if (typeof value === 'string') set[column] = text(value)
  }
  if (set.first_name === null || set.surname === null) return E.left(invalid('First name and surname are required.'))
  if (update.country) {
    set.country_value = update.country.value
    set.country_label = update.country.label
  }
  if (update.marketingTypes) set.marketing_types = JSON.stringify(update.marketingTypes)
  if (update.notificationTypes) set.notification_types = JSON.stringify(update.notificationTypes)
  if (Object.keys(set).length > 0) {
    try {
      await db.updateTable('customers').set(set).where('tenant_id', '=', tenant).where('id', '=', id).execute()
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return E.left(conflict(MESSAGES.emailTaken))
      throw error
    }
  }
  const row = await findCustomer(db, tenant, id)
  return row ? E.right(customerDto(row)) : E.left(invalid('Customer not found.'))
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

