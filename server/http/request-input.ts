/**
 * The server's checks of a request's params, query and body before a handler sees them:
 * - inputCheck(): shapes JSON cannot carry safely into the database or the decoders: nesting deeper
 *   than MAX_DEPTH, NUL characters (PostgreSQL text refuses them), lone UTF-16 surrogates (not storable), texts longer than MAX_TEXT
 *   (image data URLs excepted: a signature), lists longer than MAX_ITEMS, ISO dates that do not exist on the calendar
 *   ('2026-02-30', which Date.parse silently rolls over into March) or lie outside MIN_YEAR..MAX_YEAR.
 * - decodeInput(): the route's codecs, with a short message naming the field and what it expects
 *   ('Invalid body: appointment.practitioner must be a 24-character hexadecimal id (got "x").'); on an
 *   integrator's routes a field the route does not name too ('Invalid body: unknown field appointment.practitionerID.').
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { NoInput, type DecodedRequest, type Route } from '../../src/contract/route'
import { unknownFields } from './unknown-fields'

export const MAX_DEPTH = 32
export const MAX_TEXT = 20_000
export const MAX_ITEMS = 500
const MAX_SHOWN = 60

type Where = 'path parameters' | 'query' | 'body'

/**
 * Half of a UTF-16 surrogate pair on its own: not a character. UTF-8 cannot encode it, so PostgreSQL
 * json refuses it ('invalid input syntax for type json', a 500) and text would store U+FFFD instead.
 * With the u flag a well-formed pair is one code point and does not match.
 */
const LONE_SURROGATE = /\p{Cs}/u

const ISO_DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2})))?$/

/** False for an ISO date or date-time whose day, month or time does not exist. */
export function isRealIsoDate(s: string): boolean {
  const m = ISO_DATE_PREFIX.exec(s)
  if (!m) return true
  const [, y, mo, d, h, mi, se, zh, zm] = m
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  // There is no year 0 (PostgreSQL refuses it).
  if (year === 0 || month < 1 || month > 12 || day < 1) return false
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (day > daysInMonth) return false
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || (se !== undefined && Number(se) > 59))) return false
  if (zh !== undefined && (Number(zh) > 14 || Number(zm) > 59)) return false
  return true
}

export const MAX_PAGING = 100_000
export const PAGING_MESSAGE = `Paging values must be between 0 and ${MAX_PAGING}.`
/** True when a page start or size is not one the database can use: a whole number from 0 to MAX_PAGING. */
export const badPaging = (...values: (number | undefined)[]) => values.some((v) => v !== undefined && (v < 0 || v > MAX_PAGING))

export const MIN_YEAR = 1800
export const MAX_YEAR = 2999

/** Why a calendar month (1-12) and year of a request cannot be, or undefined when they can. */
export function monthYearProblem(month: number, year?: number): string | undefined {
  if (month < 1 || month > 12) return 'month must be between 1 and 12'
  if (year !== undefined && (year < MIN_YEAR || year > MAX_YEAR)) return `year must be between ${MIN_YEAR} and ${MAX_YEAR}`
  return undefined
}

/** False for an ISO date or date-time outside MIN_YEAR..MAX_YEAR (the calendars' arithmetic breaks near year 10000). */
export function inSupportedYears(s: string): boolean {
  const m = ISO_DATE_PREFIX.exec(s)
  if (!m) return true
  const year = Number(m[1])
  return year >= MIN_YEAR && year <= MAX_YEAR
}

function shown(value: unknown): string {
  let text: string
  try {
    text = value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value))
  } catch {
    text = typeof value
  }
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text
}

/** The first problem of the raw input, or undefined. Iterative: a hostile nesting cannot overflow the stack. */
export function inputCheck(value: unknown, where: Where): string | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }]
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!
    const at = path ? ` (${path})` : ''
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return `Invalid ${where}: a text may not contain NUL characters${at}.`
      if (LONE_SURROGATE.test(v)) return `Invalid ${where}: a text contains an invalid character (a lone UTF-16 surrogate)${at}.`
      if (v.length > MAX_TEXT && !v.startsWith('data:image/')) return `Invalid ${where}: a text is longer than ${MAX_TEXT} characters${at}.`
      if (!isRealIsoDate(v)) return `Invalid ${where}: ${shown(v)} is not a real date${at}.`
      if (!inSupportedYears(v)) return `Invalid ${where}: ${shown(v)} is outside the years ${MIN_YEAR} to ${MAX_YEAR}${at}.`
      continue
    }
    if (v === null || typeof v !== 'object') continue
    if (depth >= MAX_DEPTH) return `Invalid ${where}: nested more than ${MAX_DEPTH} levels deep.`
    if (Array.isArray(v)) {
      if (v.length > MAX_ITEMS) return `Invalid ${where}: a list has more than ${MAX_ITEMS} entries${at}.`
      v.forEach((item, i) => stack.push({ value: item, path: `${path}[${i}]`, depth: depth + 1 }))
    } else {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return `Invalid ${where}: a field name may not contain NUL characters.`
        if (LONE_SURROGATE.test(key)) return `Invalid ${where}: a field name contains an invalid character (a lone UTF-16 surrogate).`
        stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 })
      }
    }
  }
  return undefined
}

const EXPECTS: Record<string, string> = {
  ObjectId: 'must be a 24-character hexadecimal id',
  IsoDateTime: 'must be an ISO date-time such as 2026-03-29T10:00:00Z',
  IsoDate: 'must be a date written yyyy-MM-dd',
  NonEmptyString: 'must not be empty',
  Money: 'must be an amount with at most 2 decimals',
  Int: 'must be a whole number',
  IntFromString: 'must be a whole number',
  NumberFromString: 'must be a number',
  FiniteNumber: 'must be a number',
  BooleanFromString: "must be 'true' or 'false'",
  string: 'must be a text',
  number: 'must be a number',
  boolean: 'must be true or false',
  StringFromQuery: 'must be a text',
}

/** Format checks on texts (a non-empty text, an id, a date) said of a value that is not a text at all. */
const TEXT_FORMATS = new Set(['NonEmptyString'])

function expectation(type: t.Decoder<unknown, unknown> & { name: string }, value: unknown): string {
  if (TEXT_FORMATS.has(type.name) && typeof value !== 'string') return EXPECTS.string
  const known = EXPECTS[type.name]
  if (known) return known
  const tag = (type as { _tag?: string })._tag
  if (tag === 'ArrayType' || tag === 'ReadonlyArrayType') return 'must be a list'
  if (tag === 'InterfaceType' || tag === 'PartialType' || tag === 'ExactType' || tag === 'IntersectionType') return 'must be an object'
  return `must be ${type.name}`
}

/** One readable line for the first decode error: the field path, what it expects, what came. */
export function describeFirstError(errors: t.Errors, where: Where): string {
  const error = errors[0]
  if (!error) return `Invalid ${where}.`
  let path = ''
  for (let i = 1; i < error.context.length; i++) {
    let parent = error.context[i - 1].type as { _tag?: string; type?: unknown }
    // exact(), readonly() and refinements validate with their inner type's context entry.
    while ((parent._tag === 'ExactType' || parent._tag === 'ReadonlyType' || parent._tag === 'RefinementType') && parent.type) {
      parent = parent.type as { _tag?: string; type?: unknown }
    }
    const key = error.context[i].key
    if (parent._tag === 'IntersectionType' || parent._tag === 'UnionType') continue
    if (parent._tag === 'ArrayType' || parent._tag === 'ReadonlyArrayType') path += `[${key}]`
    else path += path ? `.${key}` : key
  }
  const leaf = error.context[error.context.length - 1]
  if (error.value === undefined) {
    return path ? `Invalid ${where}: ${path} is required.` : `Invalid ${where}: a JSON ${where === 'body' ? 'body' : 'value'} is required.`
  }
  const what = expectation(leaf.type as t.Decoder<unknown, unknown> & { name: string }, error.value)
  const subject = path || (where === 'body' ? 'the body' : where === 'query' ? 'the query' : 'the path parameters')
  return `Invalid ${where}: ${subject} ${what} (got ${shown(error.value)}).`
}

/** 'Invalid body: unknown field appointment.practitionerID.' (fields: their paths, at least one). */
export function unknownFieldsMessage(where: Where, fields: readonly string[]): string {
  return `Invalid ${where}: unknown field${fields.length > 1 ? 's' : ''} ${fields.join(', ')}.`
}

/** What a route that names no query (or body) takes: no field at all (NoInput itself takes any record). */
const NO_FIELDS = t.type({})

function decodePart<C extends t.Mixed>(codec: C, value: unknown, where: Where, refuseUnknown: boolean): E.Either<string, t.TypeOf<C>> {
  const problem = inputCheck(value, where)
  if (problem) return E.left(problem)
  // Before the codec: a misspelt field is named as such, not as the required one it was meant to be.
  const unknown = refuseUnknown ? unknownFields((codec as t.Mixed) === NoInput ? NO_FIELDS : codec, value) : []
  if (unknown.length > 0) return E.left(unknownFieldsMessage(where, unknown))
  const result = codec.decode(value)
  return E.isLeft(result) ? E.left(describeFirstError(result.left, where)) : E.right(result.right)
}

/**
 * Validates an incoming request against its route; Left is the 400 message. `refuseUnknown`: a query
 * parameter or body field the route does not name is refused (an integrator's routes), not dropped.
 */
export function decodeInput<R extends Route>(route: R, input: { params: unknown; query: unknown; body: unknown }, refuseUnknown = false): E.Either<string, DecodedRequest<R>> {
  const params = decodePart(route.params, input.params ?? {}, 'path parameters', false)
  if (E.isLeft(params)) return params
  const query = decodePart(route.query, input.query ?? {}, 'query', refuseUnknown)
  if (E.isLeft(query)) return query
  const body = decodePart(route.body, input.body ?? undefined, 'body', refuseUnknown)
  if (E.isLeft(body)) return body
  return E.right({ params: params.right, query: query.right, body: body.right } as DecodedRequest<R>)
}
