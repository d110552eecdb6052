/** Leads from the embeddable lead form (POST /customers-lead?from=customer): validated, stored Open. */
import * as E from 'fp-ts/Either'
import type { Lead, LeadBody } from '../../src/contract'
import { LEAD_FORM_FIELDS, type LeadFormField } from '../../src/domain/constants/lead-form'
import { londonDateOf } from '../../src/domain/time'
import { validateLeadBody, type LeadPayload } from '../../src/domain/validation/lead'
import { invalid, type ServiceError } from '../service-error'
import { newId, type CommerceDb } from './commerce.tables'

const LEAD_FIELD_ORDER = ['title', 'firstName', 'surname', 'email', 'gender', 'dateOfBirth', 'mobilePhone', 'referralSource', 'interested'] as const

const isLeadField = (value: string): value is LeadFormField => (LEAD_FORM_FIELDS as readonly string[]).includes(value)

/** The contract's body as the domain's payload: no marketing types is none, unknown required fields are dropped. */
function payloadOf(body: LeadBody): LeadPayload {
  const { required, marketingTypes, ...rest } = body
  return { ...rest, marketingTypes: marketingTypes ?? [], ...(required ? { required: required.filter(isLeadField) } : {}) }
}

export async function createLead(db: CommerceDb, tenant: string, body: LeadBody, now: Date): Promise<E.Either<ServiceError, Lead>> {
  const checked = validateLeadBody(payloadOf(body), londonDateOf(now))
  if (E.isLeft(checked)) {
    const errors = checked.left as Record<string, string | undefined>
    const first = LEAD_FIELD_ORDER.map((f) => errors[f]).find(Boolean) ?? Object.values(errors).find(Boolean)
    return E.left(invalid(first ?? 'Invalid lead'))
  }
  const lead = checked.right
  const clean = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null)
  const row = await db
    .insertInto('commerce_leads')
    .values({
      id: newId(),
      tenant_id: tenant,
      title: clean(lead.title),
      first_name: lead.firstName.trim(),
      surname: lead.surname.trim(),
      email: lead.email,
      gender: clean(lead.gender),
      date_of_birth: clean(lead.dateOfBirth),
      mobile_phone: clean(lead.mobilePhone),
      referral_source: clean(lead.referralSource),
      interested: JSON.stringify(lead.interested ?? []),
      marketing_types: JSON.stringify(lead.marketingTypes ?? []),
      message: clean(lead.message),
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return E.right({
    id: row.id,
    status: row.status as Lead['status'],
    firstName: row.first_name,
    surname: row.surname,
    email: row.email,
    ...(row.title ? { title: row.title } : {}),
    ...(row.gender ? { gender: row.gender } : {}),
    ...(row.date_of_birth ? { dateOfBirth: row.date_of_birth } : {}),
    ...(row.mobile_phone ? { mobilePhone: row.mobile_phone } : {}),
    ...(row.referral_source ? { referralSource: row.referral_source } : {}),
    interested: row.interested,
    marketingTypes: row.marketing_types as Lead['marketingTypes'],
    ...(row.message ? { message: row.message } : {}),
    createdAt: row.created_at.toISOString(),
  })
}
