/**
 * Server-side session state of a customer token: ended by a password change (the customer's
 * tokens_valid_after, see jwt.service) or by logout (revoked_sessions, keyed by the token's sha256 so
 * that any token, whatever it carries, can be ended). One query per authenticated request: the
 * customer's row plus a primary-key lookup.
 */
import { createHash } from 'node:crypto'
import { runPrepared } from '../db/prepared-statements'
import type { DbOrTrx } from '../db/schema'
import { tokenIsCurrent, type AuthClaims } from './jwt.service'

export const TOKEN_MESSAGE = 'You need to log in to do this.'
export const SESSION_ENDED = 'Your session has ended, please log in again.'

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

export interface SessionState {
  tokensValidAfter: Date | null
  /** ended by logout */
  revoked: boolean
}

// Two primary-key lookups: the same plan whatever the values, so a named prepared statement (parsed
// and planned once per connection; this runs on every authenticated request). The tenant is checked
// on the row, not looked up: `c.tenant_id = $1` as a plain condition let the generic plan read the
// tenant's customers through (tenant_id, email) when the statistics were a small clinic's (tenant_id
// unique): a tie with the primary key, 3,000 rows a call after a bulk insert. `IS TRUE` is no index condition.
export const SESSION_SQL = `SELECT c.tokens_valid_after, EXISTS (SELECT 1 FROM revoked_sessions r WHERE r.token_hash = $3) AS revoked
FROM customers c WHERE c.id = $2 AND (c.tenant_id = $1) IS TRUE`

/** The state of the customer's session for this token; undefined when the customer does not exist. */
export async function sessionState(db: DbOrTrx, tenant: string, customerId: string, token: string): Promise<SessionState | undefined> {
  return sessionStateOfHash(db, tenant, customerId, tokenHash(token))
}

/** sessionState of the token whose hash this is (a SessionToCheck's). */
export async function sessionStateOfHash(db: DbOrTrx, tenant: string, customerId: string, hash: string): Promise<SessionState | undefined> {
  const { rows } = await runPrepared<{ tokens_valid_after: Date | null; revoked: boolean }>(db, SESSION_SQL, [tenant, customerId, hash])
  const row = rows[0]
  return row ? { tokensValidAfter: row.tokens_valid_after, revoked: Boolean(row.revoked) } : undefined
}

/**
 * A token's session to check where the request reads the customer's row anyway (the booking's facts):
 * the hash of the token and the claims it carries.
 */
export interface SessionToCheck {
  tokenHash: string
  claims: Pick<AuthClaims, 'iat' | 'gen'>
}

/** Why a token's session no longer opens the door (the 401's text), or undefined when it is live; `state` undefined: no such customer. */
export function sessionRefusal(state: SessionState | undefined, claims: Pick<AuthClaims, 'iat' | 'gen'>): string | undefined {
  if (!state) return TOKEN_MESSAGE
  if (state.revoked || !tokenIsCurrent(claims, state.tokensValidAfter)) return SESSION_ENDED
  return undefined
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
