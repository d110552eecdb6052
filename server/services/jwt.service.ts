/** Customer login tokens: HS256 JWTs signed with jose. */
import { randomBytes } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../db/schema'

export interface AuthClaims {
  /** customer id */
  sub: string
  tenant: string
  role: string
  /** issued at, seconds */
  iat: number
  exp: number
}

export interface JwtService {
  sign(claims: { sub: string; tenant: string; role: string }): Promise<string>
  /** The claims of a valid, unexpired token; undefined otherwise. */
  verify(token: string): Promise<AuthClaims | undefined>
}

export function jwtService(secret: string, expiresIn: string): JwtService {
  const key = new TextEncoder().encode(secret)
  return {
    async sign({ sub, tenant, role }) {
      return new SignJWT({ tenant, role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key)
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
        if (typeof payload.sub !== 'string' || typeof payload.tenant !== 'string') return undefined
        return {
          sub: payload.sub,
          tenant: payload.tenant,
          role: typeof payload.role === 'string' ? payload.role : 'customer',
          iat: payload.iat ?? 0,
          exp: payload.exp ?? 0,
        }
      } catch {
        return undefined
      }
    },
  }
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
