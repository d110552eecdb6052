/** A new tenant's first rows: the tenant, its organisation, the lists and countries the booking pages read. */
import { newId } from '../db/ids'
import type { OrganisationSettings } from '../db/schema'
import type { OperatorDbOrTrx } from '../staff/staff.tables'

export async function tenantExists(db: OperatorDbOrTrx, tenant: string): Promise<boolean> {
  return (await db.selectFrom('tenants').select('id').where('id', '=', tenant).executeTakeFirst()) !== undefined
}

export async function insertTenant(db: OperatorDbOrTrx, tenant: string, name: string, settings: OrganisationSettings): Promise<void> {
  await db.insertInto('tenants').values({ id: tenant, name }).execute()
  await db.insertInto('organisations').values({ id: newId(), tenant_id: tenant, name, settings: JSON.stringify(settings) }).execute()
  await db
    .insertInto('lists')
    .values({
      tenant_id: tenant,
      sys_name: 'client_referral_sources',
      values: JSON.stringify('Word of mouth\nWebsite\nInstagram\nFacebook\nTwitter\nWalk past\nInternet\nGoogle search\nFriend\nDr referral\nOther'),
    })
    .execute()
  await db.insertInto('countries').values({ tenant_id: tenant, value: 'GB', label: 'United Kingdom', position: 0 }).execute()
}
