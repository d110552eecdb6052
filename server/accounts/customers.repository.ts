/** A customer's name, email and balance, as invoices, receipts and forms need them. */
import { toMoney, type DbOrTrx } from '../db/schema'

export interface CustomerSummary {
  id: string
  email: string
  firstName: string
  surname: string
  dateOfBirth: string | null
  accountBalance: number
}

export async function customerSummary(db: DbOrTrx, tenant: string, id: string): Promise<CustomerSummary | undefined> {
  const row = await db
    .selectFrom('customers')
    .select(['id', 'email', 'first_name', 'surname', 'date_of_birth', 'account_balance'])
    .where('tenant_id', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    surname: row.surname,
    dateOfBirth: row.date_of_birth ? (row.date_of_birth.includes('T') ? row.date_of_birth : `${row.date_of_birth}T12:00:00.000Z`) : null,
    accountBalance: toMoney(row.account_balance) ?? 0,
  }
}
