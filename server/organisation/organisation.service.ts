/** The tenant's organisation and its settings. */
import type { DbOrTrx, OrganisationSettings } from '../db/schema'

export interface Organisation {
  id: string
  name: string
  settings: OrganisationSettings
}

export async function loadOrganisation(db: DbOrTrx, tenant: string): Promise<Organisation | undefined> {
  const row = await db.selectFrom('organisations').select(['id', 'name', 'settings']).where('tenant_id', '=', tenant).executeTakeFirst()
  return row ? { id: row.id, name: row.name, settings: row.settings } : undefined
}
