/**
 * Integrators' API keys (issue 30): `ck_live_` and 32 random characters, shown once; the database
 * keeps the sha256 of the key (a random 190-bit key needs no slow hash: nothing to guess) and its
 * first 12 characters to recognise it in a list. A key opens the routes whose contract names one of
 * its scopes, for its tenant only.
 */
import { createHash, randomBytes } from 'node:crypto'
import * as E from 'fp-ts/Either'
import type { ApiKey, CreatedApiKey } from '../../src/contract/integrations.routes'
import type { ApiKeyScope } from '../../src/contract/route'
import { API_KEY_SCOPES } from '../../src/contract/route'
import { newId } from '../db/ids'
import type { Db } from '../db/schema'
import { invalid, notAllowed, notFound, unauthenticated, type ServiceError } from '../service-error'
import * as repo from './api-keys.repository'

export const API_KEY_PREFIX = 'ck_live_'
export const API_KEY_MESSAGES = {
  missing: 'An API key is needed: send it in the X-Api-Key header.',
  unknown: 'This API key is not valid. It may have been revoked.',
  scope: (scope: ApiKeyScope) => `This API key does not have the '${scope}' scope.`,
  noScopes: 'Choose at least one scope.',
  notFound: 'API key not found.',
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex')

/** The key's id for the logs and rate limits without the key: its hash's first 16 characters. */
export const apiKeyFingerprint = (key: string): string => hashApiKey(key).slice(0, 16)

function apiKeyDto(row: repo.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter((s): s is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(s)),
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.last_used_at ? { lastUsedAt: new Date(row.last_used_at).toISOString() } : {}),
    ...(row.revoked_at ? { revokedAt: new Date(row.revoked_at).toISOString() } : {}),
  }
}

export async function createApiKey(db: Db, tenant: string, input: { name: string; scopes: readonly ApiKeyScope[] }, now: Date): Promise<E.Either<ServiceError, CreatedApiKey>> {
  const scopes = [...new Set(input.scopes)]
  if (scopes.length === 0) return E.left(invalid(API_KEY_MESSAGES.noScopes))
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`
  const row = await repo.insertApiKey(db, { id: newId(), tenant_id: tenant, name: input.name.trim(), prefix: key.slice(0, 12), key_hash: hashApiKey(key), scopes, created_at: now })
  return E.right({ ...apiKeyDto(row), key })
}

export async function listApiKeys(db: Db, tenant: string): Promise<ApiKey[]> {
  return (await repo.apiKeysOf(db, tenant)).map(apiKeyDto)
}

export async function revokeApiKey(db: Db, tenant: string, id: string, now: Date): Promise<E.Either<ServiceError, ApiKey>> {
  const row = await repo.revokeApiKeyRow(db, tenant, id, now)
  return row ? E.right(apiKeyDto(row)) : E.left(notFound(API_KEY_MESSAGES.notFound))
}

export interface UsedApiKey {
  id: string
  scopes: readonly string[]
}

/** The key of this tenant that the caller sent, if it is live and has the scope (401 unknown or revoked, 403 without the scope). */
export async function checkApiKey(db: Db, tenant: string, key: string, scope: ApiKeyScope, now: Date): Promise<E.Either<ServiceError, UsedApiKey>> {
  const row = key.startsWith(API_KEY_PREFIX) ? await repo.apiKeyByHash(db, hashApiKey(key)) : undefined
  if (!row || row.tenant_id !== tenant || row.revoked_at) return E.left(unauthenticated(API_KEY_MESSAGES.unknown))
  if (!row.scopes.includes(scope)) return E.left(notAllowed(API_KEY_MESSAGES.scope(scope)))
  await repo.touchApiKey(db, row.id, now)
  return E.right({ id: row.id, scopes: row.scopes })
}
