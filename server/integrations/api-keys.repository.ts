/** The api_keys rows (migration 0135): a key is found by the sha256 of what the caller sent. */
import type { Selectable } from 'kysely'
import type { Db, DbOrTrx } from '../db/schema'
import type { ApiKeysTable } from './integrations.tables'

export type ApiKeyRow = Selectable<ApiKeysTable>

export async function insertApiKey(db: DbOrTrx, row: { id: string; tenant_id: string; name: string; prefix: string; key_hash: string; scopes: readonly string[]; created_at: Date }): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({ ...row, scopes: JSON.stringify(row.scopes) })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function apiKeysOf(db: DbOrTrx, tenant: string): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('tenant_id', '=', tenant).orderBy('created_at', 'desc').execute()
}

export async function apiKeyByHash(db: DbOrTrx, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst()
}

export async function revokeApiKeyRow(db: DbOrTrx, tenant: string, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  await db.updateTable('api_keys').set({ revoked_at: now }).where('tenant_id', '=', tenant).where('id', '=', id).where('revoked_at', 'is', null).execute()
  return db.selectFrom('api_keys').selectAll().where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst()
}

/** At most one write a minute per key: the last use is for people reading the list, not an audit trail. */
export async function touchApiKey(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now.getTime() - 60_000))]))
    .execute()
}
