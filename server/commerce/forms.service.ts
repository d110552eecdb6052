/**
 * Forms sent to customers (GET /forms/user-form/{id}, POST .../sign/{id}/public, POST
 * .../update/{id}/public). A form may carry a password (scrypt hash). Answers are validated with the
 * domain form rules, as on the page. A consent form is signed once; other forms are updated once.
 */
import * as E from 'fp-ts/Either'
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import type { FormModel, UserForm } from '../../src/contract'
import { validateAnswers } from '../../src/domain/forms/answers'
import { isSignatureEmpty } from '../../src/domain/forms/answers'
import { conflict, invalid, notFound, type ServiceError } from '../service-error'
import type { CommerceDeps } from './commerce.deps'
import { newId, type CommerceDb } from './commerce.tables'
import { customerSummary } from '../accounts/customers.repository'
import { notifyFormSent } from '../notifications/notifications.service'
import { emitWebhookEvent } from '../integrations/webhooks.service'

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>

export const FORM_MESSAGES = {
  notFound: 'Form not found.',
  wrongPassword: 'The password for this form is not correct.',
  alreadySigned: 'Consent form already signed',
  alreadyUpdated: 'This form has already been completed.',
  notConsent: 'Only consent forms are signed.',
  badSignature: 'The signature must be an image.',
  consentNeedsSignature: 'A consent form is completed by signing it.',
} as const

/** 'scrypt$<salt b64>$<hash b64>' */
export async function hashFormPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scrypt(password, salt, 32)
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`
}

export async function formPasswordMatches(stored: string, password: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length)
  return timingSafeEqual(expected, actual)
}

type FormRow = NonNullable<Awaited<ReturnType<typeof findForm>>>

function findForm(deps: CommerceDeps, tenant: string, id: string) {
  return deps.db.selectFrom('commerce_user_forms').selectAll().where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst()
}

async function openForm(deps: CommerceDeps, tenant: string, id: string, password: string | undefined): Promise<E.Either<ServiceError, FormRow>> {
  const row = await findForm(deps, tenant, id)
  if (!row) return E.left(notFound(FORM_MESSAGES.notFound))
  if (row.password_hash && !(password !== undefined && password !== '' && (await formPasswordMatches(row.password_hash, password)))) {
    return E.left({ _tag: 'Unauthenticated', message: FORM_MESSAGES.wrongPassword })
  }
  return E.right(row)
}

export async function getUserForm(deps: CommerceDeps, tenant: string, id: string, password?: string): Promise<E.Either<ServiceError, UserForm>> {
  const opened = await openForm(deps, tenant, id, password)
  if (E.isLeft(opened)) return opened
  return E.right(await formView(deps, tenant, opened.right))
}

/** A form sent to the customer, for the clinic's staff (no form password asked; another customer's is not found). */
export async function staffUserForm(deps: CommerceDeps, tenant: string, customerId: string, id: string): Promise<E.Either<ServiceError, UserForm>> {
  const row = await findForm(deps, tenant, id)
  if (!row || row.customer_id !== customerId) return E.left(notFound(FORM_MESSAGES.notFound))
  return E.right(await formView(deps, tenant, row))
}

async function formView(deps: CommerceDeps, tenant: string, row: FormRow): Promise<UserForm> {
  const customer = await customerSummary(deps.db, tenant, row.customer_id)
  return {
    id: row.id,
    type: row.type as UserForm['type'],
    isSigned: row.is_signed,
    isUpdated: row.is_updated,
    model: row.model as FormModel,
    customer: {
      id: row.customer_id,
      firstName: customer?.firstName ?? '',
      surname: customer?.surname ?? '',
      ...(customer?.dateOfBirth ? { dateOfBirth: customer.dateOfBirth } : {}),
    },
    ...(row.answers ? { data: row.answers as Record<string, unknown> } : {}),
    ...(row.signature ? { signature: row.signature } : {}),
    ...(row.updated_at ?? row.signed_at ? { updatedAt: (row.updated_at ?? row.signed_at)!.toISOString() } : {}),
  }
}

const SIGNATURE = /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+=*$/
const MAX_SIGNATURE = 512 * 1024

export async function signUserForm(deps: CommerceDeps, tenant: string, id: string, signature: string, password?: string): Promise<E.Either<ServiceError, { message: string }>> {
  const opened = await openForm(deps, tenant, id, password)
  if (E.isLeft(opened)) return opened
  if (opened.right.type !== 'consent') return E.left(invalid(FORM_MESSAGES.notConsent))
  if (isSignatureEmpty(signature) || !SIGNATURE.test(signature) || signature.length > MAX_SIGNATURE) return E.left(invalid(FORM_MESSAGES.badSignature))
  const now = deps.clock()
  const signed = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('commerce_user_forms')
      .set({ is_signed: true, signature, signed_at: now })
      .where('id', '=', id)
      .where('tenant_id', '=', tenant)
      .where('is_signed', '=', false)
      .returning(['id', 'customer_id', 'type'])
      .executeTakeFirst()
    if (row) {
      await emitWebhookEvent(trx, tenant, 'form.signed', now, () => ({
        form: { id: row.id, customerId: row.customer_id, type: row.type, signedAt: now.toISOString() },
      }))
    }
    return row
  })
  if (!signed) return E.left(conflict(FORM_MESSAGES.alreadySigned))
  return E.right({ message: 'Thank you for completing your form.' })
}

export async function updateUserForm(
  deps: CommerceDeps,
  tenant: string,
  id: string,
  data: Record<string, unknown>,
  password?: string,
): Promise<E.Either<ServiceError, { message: string }>> {
  const opened = await openForm(deps, tenant, id, password)
  if (E.isLeft(opened)) return opened
  const row = opened.right
  if (row.type === 'consent') return E.left(invalid(FORM_MESSAGES.consentNeedsSignature))
  if (row.is_updated) return E.left(conflict(FORM_MESSAGES.alreadyUpdated))
  const model = row.model as FormModel
  const checked = validateAnswers(model.fields, data, 'builder')
  if (E.isLeft(checked)) {
    const first = model.fields.map((f) => checked.left[f.id]).find((m) => m !== undefined)
    return E.left(invalid(first ?? 'Invalid answers'))
  }
  // Only answers to the form's own fields are kept.
  const answers = Object.fromEntries(model.fields.filter((f) => Object.prototype.hasOwnProperty.call(data, f.id)).map((f) => [f.id, data[f.id]]))
  const updated = await deps.db
    .updateTable('commerce_user_forms')
    .set({ is_updated: true, answers: JSON.stringify(answers), updated_at: deps.clock() })
    .where('id', '=', id)
    .where('tenant_id', '=', tenant)
    .where('is_updated', '=', false)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) return E.left(conflict(FORM_MESSAGES.alreadyUpdated))
  return E.right({ message: 'Thank you for completing your form.' })
}

/**
 * Sends a form to a customer: the form and the customer's "Form to fill in" notice (mail with its
 * link, and a text for customers who chose SMS) in one transaction.
 */
export async function sendUserForm(
  deps: CommerceDeps,
  input: { tenant: string; customerId: string; type: UserForm['type']; model: FormModel; password?: string },
): Promise<E.Either<ServiceError, { id: string }>> {
  const now = deps.clock()
  return deps.db.transaction().execute(async (trx) => {
    if (!(await customerSummary(trx, input.tenant, input.customerId))) return E.left(notFound('Customer not found.'))
    const id = await insertUserForm(trx, input)
    await notifyFormSent(trx, input.tenant, { customerId: input.customerId, at: now, form: { id, type: input.type, name: input.model.name, hasPassword: Boolean(input.password) } })
    return E.right({ id })
  })
}

/** Writes a form for a customer without telling them (the seed); sendUserForm also mails its link. */
export async function insertUserForm(
  db: CommerceDb,
  input: { id?: string; tenant: string; customerId: string; type: UserForm['type']; model: FormModel; password?: string },
): Promise<string> {
  const id = input.id ?? newId()
  await db
    .insertInto('commerce_user_forms')
    .values({
      id,
      tenant_id: input.tenant,
      customer_id: input.customerId,
      type: input.type,
      model: JSON.stringify(input.model),
      password_hash: input.password ? await hashFormPassword(input.password) : null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  return id
}
