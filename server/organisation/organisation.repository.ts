/** The organisation's terms of sale (currency, deposit, gift vouchers) as payments and invoices need them. */
import type { DepositSettings } from '../../src/domain/pricing/deposit'
import type { DbOrTrx } from '../db/schema'

export interface OrganisationTerms {
  id: string
  name: string
  currency: string
  deposit: DepositSettings
  giftVoucherValues: number[]
  sellGiftVoucherOnline: boolean
}

export async function organisationTerms(db: DbOrTrx, tenant: string): Promise<OrganisationTerms> {
  const row = await db.selectFrom('organisations').select(['id', 'name', 'settings']).where('tenant_id', '=', tenant).executeTakeFirstOrThrow()
  const s = row.settings
  return {
    id: row.id,
    name: row.name,
    currency: s.currency ?? 'GBP',
    deposit: {
      bookingDepositType: s.bookingDepositType ?? null,
      bookingDepositAmount: s.bookingDepositAmount ?? null,
      bookingDepositMultipleServicesRule: s.bookingDepositMultipleServicesRule ?? null,
      bookingDepositRule: s.bookingDepositRule ?? null,
    },
    giftVoucherValues: s.giftVoucherValues ?? [],
    sellGiftVoucherOnline: s.sellGiftVoucherOnline ?? false,
  }
}
