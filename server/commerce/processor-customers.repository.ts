/**
 * Our customer ↔ the processor's customer record (Stripe Customer, Square Customer). Created once:
 * the processor call carries an idempotency key and the row a primary key, so two instances racing
 * to create it agree on one.
 */
import type { ProcessorDb } from './processors.tables'

export async function externalCustomerId(db: ProcessorDb, tenant: string, processor: string, customerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('commerce_processor_customers')
    .select('external_id')
    .where('tenant_id', '=', tenant)
    .where('processor', '=', processor)
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
  return row?.external_id
}

/** The stored processor customer, or the one `create` makes (the first writer wins a race). */
export async function ensureExternalCustomer(
  db: ProcessorDb,
  tenant: string,
  processor: string,
  customerId: string,
  create: () => Promise<string>,
): Promise<string> {
  const known = await externalCustomerId(db, tenant, processor, customerId)
  if (known) return known
  const externalId = await create()
  await db
    .insertInto('commerce_processor_customers')
    .values({ tenant_id: tenant, processor, customer_id: customerId, external_id: externalId })
    .onConflict((oc) => oc.columns(['tenant_id', 'processor', 'customer_id']).doNothing())
    .execute()
  return (await externalCustomerId(db, tenant, processor, customerId)) ?? externalId
}
