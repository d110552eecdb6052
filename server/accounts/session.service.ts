/**
 * Server-side session state of a customer token: ended by a password change (the customer's
 * tokens_valid_after, see jwt.service) or by logout (revoked_sessions, keyed by the token's sha256 so
 * that any token, whatever it carries, can be ended). One query per authenticated request: the
 * customer's row plus a primary-key lookup.
 */
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { DbOrTrx } from '../db/schema'

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

export interface SessionState {
  tokensValidAfter: Date | null
  /** ended by logout */
  revoked: boolean
}

/** The state of the customer's session for this token; undefined when the customer does not exist. */
export async function sessionState(db: DbOrTrx, tenant: string, customerId: string, token: string): Promise<SessionState | undefined> {
  const row = await db
    .selectFrom('customers')
    .select([
      'tokens_valid_after',
      sql<boolean>`exists (select 1 from revoked_sessions r where r.token_hash = ${tokenHash(token)})`.as('revoked'),
    ])
    .where('tenant_id', '=', tenant)
    .where('id', '=', customerId)
    .executeTakeFirst()
  return row ? { tokensValidAfter: row.tokens_valid_after, revoked: Boolean(row.revoked) } : undefined
}

/**
 * Ends the session of one token on every instance, until it would have expired anyway; rows of
 * tokens already expired are dropped on the way (the list never holds more than the live tokens).
 */
export async function endSession(db: DbOrTrx, tenant: string, customerId: string, token: string, expiresAt: Date, now: Date): Promise<void> {
  await db.deleteFrom('revoked_sessions').where('expires_at', '<', now).execute()
  await db
    .insertInto('revoked_sessions')
    .values({ token_hash: tokenHash(token), tenant_id: tenant, customer_id: customerId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute()
}
