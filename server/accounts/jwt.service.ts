/**
 * Customer login tokens: HS256 JWTs signed with jose, verified on node:crypto (verifyHs256). A token carries its session generation
 * (`gen`): the customer's `tokens_valid_after` (last password change, milliseconds; 0 before any)
 * when it was issued. A password change moves the generation on (strictly, even within one
 * millisecond), so every token issued before it stops being valid and the new token is valid at
 * once, whatever the clock's resolution.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
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

const BASE64URL_PART = /^[A-Za-z0-9_-]+$/

/** A base64url part's bytes, or undefined unless it is the one spelling of them (no padding, no spare bits set). */
function strictBase64url(part: string): Buffer | undefined {
  if (!BASE64URL_PART.test(part)) return undefined
  const bytes = Buffer.from(part, 'base64url')
  return bytes.toString('base64url') === part ? bytes : undefined
}

function jsonObject(bytes: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/**
 * The payload of a compact HS256 JWS signed with `key`, in its times (exp, nbf; iat a number when
 * given, as jose checks them): undefined otherwise. Synchronous, on node:crypto's HMAC: jose's
 * verify goes through WebCrypto, a thread-pool job per call, ~45-75 µs of CPU against ~8 here, and
 * under load the hand-offs between threads cost more (issue 31: ~1/10 of a booking's server CPU in
 * the profile). Only one spelling of a token passes (base64url's spare bits): a logged-out session is
 * found by the hash of its token's text (session.service's revoked_sessions).
 */
export function verifyHs256(token: string, key: Buffer, nowSeconds: number): Record<string, unknown> | undefined {
  const parts = token.split('.')
  if (parts.length !== 3) return undefined
  const [h, p, s] = parts
  const signature = strictBase64url(s)
  if (!signature || signature.length !== 32) return undefined
  const headerBytes = strictBase64url(h)
  const payloadBytes = strictBase64url(p)
  if (!headerBytes || !payloadBytes) return undefined
  const header = jsonObject(headerBytes)
  // No critical extensions: none is signed here, and jose refuses those it does not know.
  if (!header || header.alg !== 'HS256' || header.crit !== undefined) return undefined
  const expected = createHmac('sha256', key).update(`${h}.${p}`).digest()
  if (!timingSafeEqual(expected, signature)) return undefined
  const payload = jsonObject(payloadBytes)
  if (!payload) return undefined
  const { iat, nbf, exp } = payload
  if (iat !== undefined && typeof iat !== 'number') return undefined
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return undefined
  if (exp !== undefined && (typeof exp !== 'number' || exp <= nowSeconds)) return undefined
  return payload
}

export function jwtService(secret: string, expiresIn: string): JwtService {
  const key = new TextEncoder().encode(secret)
  const verifyKey = Buffer.from(key)
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
