import { SignJWT, UnsecuredJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { jwtService } from './jwt.service'

const secret = 'test-secret-test-secret-test-secret-0123'
const key = new TextEncoder().encode(secret)
const now = Math.floor(Date.now() / 1000)
const signed = (claims: Record<string, unknown>, header: Record<string, unknown> = {}, signingKey = key) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', ...header }).sign(signingKey)
/** A token of any header and payload text, signed with the key (what SignJWT will not make). */
const signWith = async (header: string, payload: string) => {
  const { createHmac } = await import('node:crypto')
  const head = `${Buffer.from(header.startsWith('{') ? header : JSON.stringify({ alg: header })).toString('base64url')}.${Buffer.from(payload).toString('base64url')}`
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`
}
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const respelt = (token: string) => token.slice(0, -1) + BASE64URL[BASE64URL.indexOf(token.at(-1)!) ^ 1]
const flip = (token: string, at: number) => token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1)

describe('jwtService.verify', () => {
  it('accepts only a well-formed HS256 token of its key, in its times', async () => {
    const jwt = jwtService(secret, '1h')
    const base = { sub: 'c1', tenant: 't', role: 'customer', gen: 0 }
    const good = await signed({ ...base, iat: now, exp: now + 60 })
    const accepted: [string, string][] = [
      ['valid', good],
      ['no times', await signed(base)],
      ['not before now', await signed({ ...base, nbf: now - 1 })],
      ['signed by hand', await signWith('HS256', JSON.stringify(base))],
    ]
    const refused: [string, string][] = [
      ['expired', await signed({ ...base, iat: now - 120, exp: now - 60 })],
      ['expires this second', await signed({ ...base, exp: now })],
      ['not yet valid', await signed({ ...base, nbf: now + 60 })],
      ['iat not a number', await signed({ ...base, iat: 'yesterday' })],
      ['exp not a number', await signed({ ...base, exp: `${now + 60}` })],
      ['other key', await signed(base, {}, new TextEncoder().encode('another-secret-another-secret-another-0'))],
      ['HS512', await new SignJWT(base).setProtectedHeader({ alg: 'HS512' }).sign(key)],
      ['alg none', new UnsecuredJWT(base).encode()],
      ['payload changed', good.split('.').map((p, i) => (i === 1 ? Buffer.from(JSON.stringify({ ...base, sub: 'c2' })).toString('base64url') : p)).join('.')],
      ['signature changed', flip(good, good.length - 5)],
      ['signature cut', good.slice(0, -2)],
      // The same signature's bytes in another spelling (the last character's spare bits): a logged-out
      // token (revoked by the hash of its text) must not come back this way.
      ['signature respelt', respelt(good)],
      ['four parts', `${good}.x`],
      ['two parts', good.split('.').slice(0, 2).join('.')],
      ['nbf not a number', await signed({ ...base, nbf: 'now' })],
      ['a critical header parameter', await signed(base, { crit: ['b64'], b64: true })],
      ['claims not an object', await signWith('HS256', '[1,2]')],
      ['header not JSON', await signWith('{"alg":"HS256"', JSON.stringify(base))],
      ['not a token', 'hello'],
      ['empty', ''],
    ]
    for (const [name, token] of accepted) expect({ name, claims: await jwt.verify(token) }).toMatchObject({ name, claims: { sub: 'c1', tenant: 't' } })
    for (const [name, token] of refused) expect({ name, claims: await jwt.verify(token) }).toEqual({ name, claims: undefined })
  })

  it('gives the claims of a token the service signed', async () => {
    const jwt = jwtService(secret, '1h')
    const token = await jwt.sign({ sub: 'c1', tenant: 't', role: 'customer', gen: 5 })
    expect(await jwt.verify(token)).toMatchObject({ sub: 'c1', tenant: 't', role: 'customer', gen: 5 })
    expect(await jwtService('another-secret-another-secret-another-0', '1h').verify(token)).toBeUndefined()
  })
})
