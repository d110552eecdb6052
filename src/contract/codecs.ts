import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { optionalOf, withJsonSchema, type JsonSchema } from './json-schema'
import { ErrorBody } from './route'

/**
 * Shared building blocks of the contract.
 *
 * Query codecs (`*FromString`) accept what arrives in a URL (a string) and also the native value, and
 * encode to strings: the client sends `route.query.encode(q)`, the server decodes the raw query.
 * Response codecs are plain JSON (`TypeOf` equals `OutputOf`): strings checked by format are typed
 * `string`, not branded, so the server can send what it decodes.
 */

/** A string type that only checks a format: decoded and encoded types are both `string`. */
export function stringFormat(name: string, test: (s: string) => boolean, schema: JsonSchema = {}): t.Type<string, string, unknown> {
  return withJsonSchema(new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && test(u),
    (u, c) => (typeof u === 'string' && test(u) ? t.success(u) : t.failure(u, c)),
    t.identity,
  ), { type: 'string', ...schema })
}

/** A number type that only checks a property: decoded and encoded types are both `number`. */
export function numberFormat(name: string, test: (n: number) => boolean, schema: JsonSchema = { type: 'number' }): t.Type<number, number, unknown> {
  return withJsonSchema(new t.Type<number, number, unknown>(
    name,
    (u): u is number => typeof u === 'number' && test(u),
    (u, c) => (typeof u === 'number' && test(u) ? t.success(u) : t.failure(u, c)),
    t.identity,
  ), schema)
}

/** 24 hexadecimal characters (spec section 5: 'Mongo ids are 24 hex characters'). */
export const ObjectId = stringFormat('ObjectId', (s) => /^[0-9a-fA-F]{24}$/.test(s), { pattern: '^[0-9a-fA-F]{24}$' })
export type ObjectId = t.TypeOf<typeof ObjectId>

/** A string with at least one non-blank character. */
export const NonEmptyString = stringFormat('NonEmptyString', (s) => s.trim().length > 0, { pattern: '\\S' })
export type NonEmptyString = t.TypeOf<typeof NonEmptyString>

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/

/** ISO 8601 date-time with a zone designator, e.g. '2026-03-29T12:00:00.000Z'. */
export const IsoDateTime = stringFormat(
  'IsoDateTime',
  (s) => ISO_DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)),
  { format: 'date-time' },
)
export type IsoDateTime = t.TypeOf<typeof IsoDateTime>

/** Calendar date 'yyyy-MM-dd'. */
export const IsoDate = stringFormat('IsoDate', (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)), { format: 'date' })
export type IsoDate = t.TypeOf<typeof IsoDate>

/** A finite amount with at most 2 decimals (money is sent as numbers, rounded to 2 decimals). */
export const Money = numberFormat(
  'Money',
  (n) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
  { type: 'number', description: 'An amount with at most 2 decimals.' },
)
export type Money = t.TypeOf<typeof Money>

/** A finite integer. */
export const Int = numberFormat('Int', (n) => Number.isInteger(n), { type: 'integer' })
export type Int = t.TypeOf<typeof Int>

/** A finite number (rejects NaN and Infinity, which JSON cannot carry). */
export const FiniteNumber = numberFormat('FiniteNumber', (n) => Number.isFinite(n))

// ---------------------------------------------------------------------------------------------------
// Query (URL) codecs
// ---------------------------------------------------------------------------------------------------

function parseNumber(s: string): number | undefined {
  if (s.trim() === '') return undefined
  const n = Number(s)
  return Number.isFinite(n) ? n : undefined
}

/** Number in a URL: decodes '12.5' or 12.5, encodes to '12.5'. */
export const NumberFromString = withJsonSchema(new t.Type<number, string, unknown>(
  'NumberFromString',
  (u): u is number => typeof u === 'number' && Number.isFinite(u),
  (u, c) => {
    if (typeof u === 'number') return Number.isFinite(u) ? t.success(u) : t.failure(u, c)
    if (typeof u === 'string') {
      const n = parseNumber(u)
      return n === undefined ? t.failure(u, c) : t.success(n)
    }
    return t.failure(u, c)
  },
  (n) => String(n),
), { type: 'number' })

/** Integer in a URL: decodes '15' or 15, encodes to '15'. */
export const IntFromString = withJsonSchema(new t.Type<number, string, unknown>(
  'IntFromString',
  (u): u is number => typeof u === 'number' && Number.isInteger(u),
  (u, c) =>
    E.chain((n: number): t.Validation<number> => (Number.isInteger(n) ? t.success(n) : t.failure(u, c)))(
      NumberFromString.validate(u, c),
    ),
  (n) => String(n),
), { type: 'integer' })

/** Boolean in a URL: decodes 'true'/'false' or true/false, encodes to 'true'/'false'. */
export const BooleanFromString = withJsonSchema(new t.Type<boolean, string, unknown>(
  'BooleanFromString',
  (u): u is boolean => typeof u === 'boolean',
  (u, c) => {
    if (typeof u === 'boolean') return t.success(u)
    if (u === 'true') return t.success(true)
    if (u === 'false') return t.success(false)
    return t.failure(u, c)
  },
  (b) => (b ? 'true' : 'false'),
), { type: 'boolean' })

/** A URL string that is also accepted as a number (e.g. '' or 'all'), kept as a string. */
export const StringFromQuery = withJsonSchema(new t.Type<string, string, unknown>(
  'StringFromQuery',
  (u): u is string => typeof u === 'string',
  (u, c) => (typeof u === 'string' ? t.success(u) : typeof u === 'number' ? t.success(String(u)) : t.failure(u, c)),
  t.identity,
), { type: 'string' })

/** Query object: unknown parameters are stripped; all values are strings on the wire. */
export function queryOf<R extends t.Props, O extends t.Props = {}>(required: R, optional?: O) {
  return t.exact(t.intersection([t.type(required), t.partial(optional ?? ({} as O))]))
}

/** Request body with required and optional fields; unknown fields are stripped when decoded. */
export function bodyOf<R extends t.Props, O extends t.Props = {}>(required: R, optional?: O) {
  return t.exact(t.intersection([t.type(required), t.partial(optional ?? ({} as O))]))
}

/** Response/entity object with required and optional (possibly absent) fields. */
export function entity<R extends t.Props, O extends t.Props = {}>(name: string, required: R, optional?: O) {
  return t.intersection([t.type(required), t.partial(optional ?? ({} as O))], name)
}

/** A string literal union from a list of values, e.g. `literals(['a', 'b'])`. */
export function literals<const V extends readonly [string, ...string[]]>(values: V, name?: string): t.Type<V[number], V[number], unknown> {
  const set = new Set<string>(values)
  return withJsonSchema(new t.Type<V[number], V[number], unknown>(
    name ?? values.map((v) => JSON.stringify(v)).join(' | '),
    (u): u is V[number] => typeof u === 'string' && set.has(u),
    (u, c) => (typeof u === 'string' && set.has(u) ? t.success(u as V[number]) : t.failure(u, c)),
    t.identity,
  ), { type: 'string', enum: [...values] })
}

/** Path parameter `{id}` as a 24-hex id. */
export const IdParams = t.type({ id: ObjectId })

/** The `ErrorBody` codec for each listed status, to spread into `responses`. */
export function errors<const S extends readonly number[]>(...statuses: S): { [K in S[number]]: typeof ErrorBody } {
  const out: Record<number, typeof ErrorBody> = {}
  for (const s of statuses) out[s] = ErrorBody
  return out as { [K in S[number]]: typeof ErrorBody }
}

/** A response with no meaningful body: `{ message? }` (the server may say what it did). */
export const Ack = t.partial({ message: t.string, statusCode: t.number }, 'Ack')
export type Ack = t.TypeOf<typeof Ack>

/** 'yyyy-MM-dd' or a full ISO date-time: a day sent by the client (London calendar day). */
export const DateOrDateTime = stringFormat(
  'DateOrDateTime',
  (s) => IsoDate.is(s) || IsoDateTime.is(s),
  { description: "'yyyy-MM-dd' or an ISO 8601 date-time." },
)

/**
 * A query value where an empty string means 'not given' (e.g. GET /taxes?archived=&name=): '' decodes
 * to undefined; undefined encodes to undefined (so the parameter is left out).
 */
export function emptyAsUndefined<A, O>(codec: t.Type<A, O, unknown>): t.Type<A | undefined, O | undefined, unknown> {
  return optionalOf(new t.Type<A | undefined, O | undefined, unknown>(
    `EmptyAsUndefined<${codec.name}>`,
    (u): u is A | undefined => u === undefined || codec.is(u),
    (u, c) => (u === '' || u === undefined ? t.success(undefined) : codec.validate(u, c)),
    (a) => (a === undefined ? undefined : codec.encode(a)),
  ), codec)
}
