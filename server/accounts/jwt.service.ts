/**
 * Customer login tokens: HS256 JWTs signed with jose. A token carries its session generation
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

export function jwtService(secret: string, expiresIn: string): JwtService {
  const key = new TextEncoder().encode(secret)
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
      try {
        const payload = verifyHs256(token, key, Math.floor(Date.now() / 1000))
        if (!payload || typeof payload.sub !== 'string' || typeof payload.tenant !== 'string') return undefined
        return {
          sub: payload.sub,
          tenant: payload.tenant,
          role: typeof payload.role === 'string' ? payload.role : 'customer',
          iat: payload.iat ?? 0,
          exp: payload.exp ?? 0,
          ...(typeof payload.gen === 'number' && Number.isFinite(payload.gen) ? { gen: payload.gen } : {}),
        }
      } catch {
        return undefined
      }
    },
  }
}

type Claims = Record<string, unknown> & { sub?: unknown; tenant?: unknown; role?: unknown; iat?: number; exp?: number; gen?: unknown }

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function decodeJson(part: string): unknown {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
}

/**
 * The claims of a compact HS256 JWT whose signature and times hold (jose's jwtVerify with
 * `algorithms: ['HS256']`, no clock tolerance), else undefined. Synchronous with node's HMAC:
 * jose's WebCrypto key import and async verification cost ~10% of a booking's server CPU. Stricter
 * than jose where it may be: only the signature's canonical encoding, no `crit` or `b64` header.
 */
export function verifyHs256(token: string, key: Uint8Array, nowSeconds: number): Claims | undefined {
  const first = token.indexOf('.')
  const second = token.indexOf('.', first + 1)
  if (first < 0 || second < 0 || token.indexOf('.', second + 1) >= 0) return undefined
  const expected = Buffer.from(createHmac('sha256', key).update(token.slice(0, second)).digest('base64url'))
  const given = Buffer.from(token.slice(second + 1))
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const header = decodeJson(token.slice(0, first))
  if (!isObject(header) || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return undefined
  const claims = decodeJson(token.slice(first + 1, second))
  if (!isObject(claims)) return undefined
  for (const name of ['iat', 'nbf', 'exp'] as const) if (claims[name] !== undefined && typeof claims[name] !== 'number') return undefined
  if (typeof claims.nbf === 'number' && claims.nbf > nowSeconds) return undefined
  if (typeof claims.exp === 'number' && claims.exp <= nowSeconds) return undefined
  return claims as Claims
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
