/**
 * The right of access (issue 30): everything held about a customer as one JSON document, the same
 * for the customer's own download and an admin's export. Dates as ISO strings; secrets left out.
 */
import type { CustomerDataExport } from '../../src/contract/privacy.routes'
import type { DbOrTrx } from '../db/schema'
import { customerRows } from './export.repository'

/** Dates become ISO strings, everything else stays as stored (JSON columns already parsed). */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

export async function exportCustomer(db: DbOrTrx, tenant: string, customerId: string, now: Date): Promise<CustomerDataExport | undefined> {
  const [rows, organisation] = await Promise.all([
    customerRows(db, tenant, customerId),
    db.selectFrom('organisations').select('name').where('tenant_id', '=', tenant).executeTakeFirst(),
  ])
  if (!rows) return undefined
  return plain({ exportedAt: now.toISOString(), organisation: organisation?.name ?? tenant, ...rows })
}
