/**
 * Demo data of the commerce side for a tenant: taxes, forms for the demo customer (fixed ids the
 * README links as /form/<id>), one course already bought, one gift voucher. Idempotent: applying
 * it twice changes nothing.
 */
import { createHash } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { CoreTables } from '../db/schema'
import { seedIds } from '../seed/demo.seed'
import type { CommerceDb } from './commerce.tables'
import { insertCustomerCourses } from './courses.repository'
import { insertUserForm } from './forms.service'
import { consentModel, generalModel, medicalFields, medicalModel } from './standard-forms'

export const SEED_FORM_IDS = {
  /** consent form: consent text, name, date of birth, signature */
  consent: 'f0f0f0f0f0f0f0f0f0f00001',
  /** medical form with every widget type */
  medical: 'f0f0f0f0f0f0f0f0f0f00002',
  /** general form protected by SEED_FORM_PASSWORD */
  protectedGeneral: 'f0f0f0f0f0f0f0f0f0f00003',
} as const
export const SEED_FORM_PASSWORD = 'Form1234'

export const SEED_TAX_IDS = { vat20: 'a0a0a0a0a0a0a0a0a0a00020', exempt: 'a0a0a0a0a0a0a0a0a0a00000' } as const

export { consentModel, generalModel, medicalFields, medicalModel }

/** The fixed ids for 'demo'; ids derived from the tenant name otherwise. */
export function commerceSeedIds(tenant: string) {
  const fixed = { ...SEED_FORM_IDS, ...SEED_TAX_IDS }
  if (tenant === 'demo') return fixed
  const derive = (key: string) => createHash('sha256').update(`${tenant}:commerce:${key}`).digest('hex').slice(0, 24)
  return Object.fromEntries(Object.keys(fixed).map((k) => [k, derive(k)])) as typeof fixed
}

/**
 * The commerce demo data of a tenant: taxes, the three forms for the demo customer, and the demo
 * customer's laser course (6 sessions, one used; its booked session is the core seed's course appointment).
 */
export async function seedCommerce(db: CommerceDb, tenant: string, now: Date = new Date()): Promise<void> {
  const ids = commerceSeedIds(tenant)
  const core = seedIds(tenant)
  const customerId = core.customerDemo
  await db
    .insertInto('commerce_taxes')
    .values([
      { id: ids.vat20, tenant_id: tenant, organisation_id: core.organisation, name: 'VAT', rate: 20 },
      { id: ids.exempt, tenant_id: tenant, organisation_id: core.organisation, name: 'Exempt', rate: 0 },
    ])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await insertUserForm(db, { id: ids.consent, tenant, customerId, type: 'consent', model: consentModel() })
  await insertUserForm(db, { id: ids.medical, tenant, customerId, type: 'medical', model: medicalModel() })
  await insertUserForm(db, { id: ids.protectedGeneral, tenant, customerId, type: 'general', model: generalModel(), password: SEED_FORM_PASSWORD })
  const exists = await db.selectFrom('commerce_customer_courses').select('id').where('id', '=', core.customerCourseDemo).executeTakeFirst()
  if (!exists) {
    const soldAt = new Date(now.getTime() - 30 * 24 * 3600_000)
    await insertCustomerCourses(db, [
      {
        id: core.customerCourseDemo,
        tenant,
        customerId,
        courseId: core.courseLaser,
        name: 'Laser hair removal: 6 sessions',
        serviceId: core.sLaserSmall,
        categoryId: core.catLaser,
        quantity: 6,
        redeemed: 1,
        price: 300,
        tax: 20,
        invoiceId: null,
        purchaseLocation: core.clinicManchester,
        endsOn: null,
        status: 'Active',
        soldAt,
      },
    ])
  }
}

/** The seed entry for server/seed/index.ts. */
export async function commerceDemoSeed(trx: Transaction<CoreTables>, tenant: string): Promise<void> {
  await seedCommerce(trx, tenant)
}
