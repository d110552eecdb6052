/**
 * How one environment variable's text becomes a setting's value (server/config.ts): io-ts codecs whose
 * failure message is the user's line after the variable's name ('must be true or false').
 */
import { isIP } from 'node:net'
import * as E from 'fp-ts/Either'
import { pipe } from 'fp-ts/function'
import * as t from 'io-ts'
import { tenantFromHost } from '../../src/domain/tenant'

/** Fastify's trustProxy: off, every hop, a number of hops, or the proxies' addresses/CIDRs. */
export type TrustProxy = boolean | number | string[]
export const TENANT_PLACEHOLDER = '{tenant}'
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** One variable's text read as a value, or what is wrong with it (the message after the variable's name). */
export type Parse<A> = (text: string) => E.Either<string, A>

/** Digits only (no sign, point or exponent), from `min` (to `max`). */
export function wholeNumber(min: number, max?: number): Parse<number> {
  const rule = max === undefined ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`
  return (text) => {
    const digits = text.trim()
    if (!/^\d+$/.test(digits)) return E.left(rule)
    const n = Number(digits)
    return n >= min && (max === undefined || n <= max) ? E.right(n) : E.left(rule)
  }
}

/** One of `values`, as written or (`loose`) trimmed and in any case. */
export function oneOf<V extends string>(values: readonly V[], problem: string, loose: boolean): Parse<V> {
  return (text) => {
    const value = loose ? text.trim().toLowerCase() : text
    return (values as readonly string[]).includes(value) ? E.right(value as V) : E.left(problem)
  }
}

/** true or false, in any case. */
export const flag: Parse<boolean> = (text) =>
  pipe(
    oneOf(['true', 'false'], 'must be true or false', true)(text),
    E.map((v) => v === 'true'),
  )

/** The text without the spaces around it. */
export const trimmed: Parse<string> = (text) => E.right(text.trim())

/** The trimmed text, when `pattern` matches it. */
export const matching =
  (pattern: RegExp, problem: string): Parse<string> =>
  (text) =>
    pattern.test(text.trim()) ? E.right(text.trim()) : E.left(problem)

/** A credential, as written (spaces count): at least `min` characters; `countShown` tells how many it has. */
export const atLeast =
  (min: number, countShown: boolean): Parse<string> =>
  (text) =>
    text.length >= min ? E.right(text) : E.left(`must be at least ${min} characters${countShown ? ` (it has ${text.length})` : ''}`)

/** A URL with one of `schemes` ('smtp:'), trimmed; `example` shows one in the problem. */
export const urlWithScheme =
  (schemes: readonly string[], example: string): Parse<string> =>
  (text) => {
    const value = text.trim()
    let scheme = ''
    try {
      scheme = new URL(value).protocol
    } catch {
      // not a URL: refused below
    }
    return schemes.includes(scheme) ? E.right(value) : E.left(`must be a ${schemes.map((s) => `${s}//`).join(' or ')} address (${example})`)
  }

/** A PUBLIC_URL value in its normalised form (origin without a trailing slash), or its problem. */
export const parsePublicUrl: Parse<string> = (value) => {
  const usage = 'must be an http(s) origin such as https://clinic.example.com'
  const sentinel = 'tenant-placeholder'
  const probe = value.trim().split(TENANT_PLACEHOLDER).join(sentinel)
  let url: URL
  try {
    url = new URL(probe)
  } catch {
    return E.left(usage)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return E.left(usage)
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || probe.endsWith('?') || probe.endsWith('#')) {
    return E.left(`${usage} (scheme, host and port only: no path, query or credentials)`)
  }
  if (value.includes(TENANT_PLACEHOLDER)) {
    // The tenant comes back from the host only as the first label of four or five (spec section 1).
    const firstLabel = url.hostname.split('.')[0]
    if (firstLabel !== sentinel || value.split(TENANT_PLACEHOLDER).length !== 2 || tenantFromHost(url.hostname, '') !== sentinel) {
      return E.left(`may hold ${TENANT_PLACEHOLDER} only as the first label of a host of four or five labels (https://{tenant}.clinic.example.co.uk)`)
    }
  }
  return E.right(url.origin.split(sentinel).join(TENANT_PLACEHOLDER))
}

/** TRUST_PROXY: true, false, a hop count, or a comma list of addresses, CIDRs and proxy-addr's range names. */
export const parseTrustProxy: Parse<TrustProxy> = (value) => {
  const text = value.trim().toLowerCase()
  if (text === 'true') return E.right(true)
  if (text === 'false') return E.right(false)
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    return E.right(hops === 0 ? false : hops)
  }
  const entries = text.split(',').map((e) => e.trim())
  for (const entry of entries) {
    if (PROXY_RANGES.has(entry)) continue
    const [address, bits, extra] = entry.split('/')
    const family = isIP(address ?? '')
    const maxBits = family === 4 ? 32 : 128
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      return E.left('must be true, false, a number of proxy hops, or a comma list of proxy addresses or CIDR ranges (10.0.0.0/8)')
    }
  }
  return E.right(entries)
}

/**
 * The codec of one variable: a value of `of` read from the text by `parse`, whose problem is the
 * failure's message. A variable set to '' (or spaces) counts as unset: `PORT=` in a compose file
 * means "the default".
 */
export function setting<C extends t.Mixed>(of: C, parse: Parse<t.TypeOf<C>>): t.Type<t.TypeOf<C> | undefined, unknown, unknown> {
  return new t.Type<t.TypeOf<C> | undefined, unknown, unknown>(
    `setting(${of.name})`,
    (u): u is t.TypeOf<C> | undefined => u === undefined || of.is(u),
    (u, c) => {
      if (u === undefined || (typeof u === 'string' && u.trim() === '')) return t.success(undefined)
      if (typeof u !== 'string') return t.failure(u, c, 'must be text')
      return pipe(
        parse(u),
        E.fold((problem) => t.failure(u, c, problem), (value) => t.success(value)),
      )
    },
    t.identity,
  )
}

/** The io-ts type of one of `values` (what a setting read by oneOf holds). */
export const enumOf = <V extends string>(values: readonly V[]) => t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<V, null>)
