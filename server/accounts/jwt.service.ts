/**
 * Customer login tokens: HS256 JWTs signed with jose. A token carries its session generation
 * (`gen`): the customer's `tokens_valid_after` (last password change, milliseconds; 0 before any)
 * when it was issued. A password change moves the generation on (strictly, even within one
 * millisecond), so every token issued before it stops being valid and the new token is valid at
 * once, whatever the clock's resolution.
 */
import { createHmac, createSecretKey, randomBytes, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto'
import { SignJWT } from 'jose'
import type { Db } from '../db/schema'

export interface AuthClaims {
  /** customer id */
  sub: string
  tenant: string
  role: string
  /** issued at, seconds */
  iat: number
  exp: number
  /** session generation the token was issued in; undefined for a token signed without one */
  gen?: number
}

export interface JwtService {
  /** `gen`: generationOf(the customer's tokens_valid_after) at signing time. */
  sign(claims: { sub: string; tenant: string; role: string; gen?: number }): Promise<string>
  /** The claims of a valid, unexpired token; undefined otherwise. */
  verify(token: string): Promise<AuthClaims | undefined>
}

export function jwtService(secret: string, expiresIn: string): JwtService {
  const key = new TextEncoder().encode(secret)
  const verifyKey = createSecretKey(key)
  return {
    async sign({ sub, tenant, role, gen }) {
      return new SignJWT({ tenant, role, ...(gen !== undefined ? { gen } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        // Unique per sign-in: two logins in one second would otherwise be the same token, and logging
        // one device out (revoked_sessions) would log out the other.
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key)
    },
    async verify(token) {
      const payload = verifyHs256(token, verifyKey, Math.floor(Date.now() / 1000))
      if (!payload || typeof payload.sub !== 'string' || typeof payload.tenant !== 'string') return undefined
      return {
        sub: payload.sub,
        tenant: payload.tenant,
        role: typeof payload.role === 'string' ? payload.role : 'customer',
        iat: typeof payload.iat === 'number' ? payload.iat : 0,
        exp: typeof payload.exp === 'number' ? payload.exp : 0,
        ...(typeof payload.gen === 'number' && Number.isFinite(payload.gen) ? { gen: payload.gen } : {}),
      }
    },
  }
}

const jsonObjectOf = (part: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

const isTime = (value: unknown) => value === undefined || (typeof value === 'number' && Number.isFinite(value))

/**
 * The claims of a compact HS256 JWT signed with `key` and valid at `now` (seconds), else undefined:
 * what jose's jwtVerify(token, key, { algorithms: ['HS256'] }) accepts (no critical header parameters,
 * numeric iat, nbf and exp; nbf not after now, exp after now). Synchronous, with node:crypto: jose
 * verifies through WebCrypto, a job on libuv's thread pool and a promise per request (three quarters of
 * the verify's CPU, a thread hand-over per request).
 */
export function verifyHs256(token: string, key: KeyObject, now: number): Record<string, unknown> | undefined {
  const parts = token.split('.')
  if (parts.length !== 3) return undefined
  const [header, payload, signature] = parts
  // One spelling a token: the last base64url character of the signature carries spare bits, so its
  // bytes have four spellings and a lenient decoder accepts each. A logged-out session is found by the
  // hash of its token's text (session.service's revoked_sessions): another spelling of it passed.
  const mac = Buffer.from(signature, 'base64url')
  if (mac.toString('base64url') !== signature) return undefined
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest()
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return undefined
  const protectedHeader = jsonObjectOf(header)
  if (protectedHeader?.alg !== 'HS256' || protectedHeader.crit !== undefined) return undefined
  const claims = jsonObjectOf(payload)
  if (!claims || !isTime(claims.iat) || !isTime(claims.nbf) || !isTime(claims.exp)) return undefined
  if (typeof claims.nbf === 'number' && claims.nbf > now) return undefined
  if (typeof claims.exp === 'number' && claims.exp <= now) return undefined
  return claims
}

/** The session generation of a customer row: its tokens_valid_after in milliseconds, 0 when never set. */
export function generationOf(tokensValidAfter: Date | null | undefined): number {
  return tokensValidAfter ? tokensValidAfter.getTime() : 0
}

/**
 * Whether a verified token is still valid for its customer: issued in the current generation (or a
 * later one). A token without a generation counts only when issued in a whole second after the change
 * (its issued-at has no finer resolution, so a token of the same second is refused).
 */
export function tokenIsCurrent(claims: Pick<AuthClaims, 'iat' | 'gen'>, tokensValidAfter: Date | null | undefined): boolean {
  const generation = generationOf(tokensValidAfter)
  if (generation === 0) return true
  if (claims.gen !== undefined) return claims.gen >= generation
  return claims.iat * 1000 > generation
}

/** JWT_SECRET, else the install's generated secret (created once, shared by every instance). */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured
  await db
    .insertInto('install_settings')
    .values({ key: 'jwt_secret', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const row = await db.selectFrom('install_settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow()
  return row.value
}
