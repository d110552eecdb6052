/**
 * io-ts building blocks for documents a person writes by hand (the set-up file): each failure carries
 * the message the reporter shows ('must be at least 0', "unknown field 'colour'"), every error is
 * collected (not only the first), unknown fields are refused, and defaults are filled in on decode.
 * They are instances of io-ts's own classes (InterfaceType, ArrayType, DictionaryType, UnionType) or
 * declare their schema, so the OpenAPI generator (json-schema.ts) describes them like any other codec.
 */
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { optionalOf, withJsonSchema, type JsonSchema } from './json-schema'

const at = (c: t.Context, key: string, type: t.Decoder<unknown, unknown>, actual: unknown): t.Context => [...c, { key, type, actual }]

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u)

/** A leaf that checks its value with `problem` (undefined when fine); `parse` may normalise (trim). */
function leaf<A>(name: string, problem: (u: unknown) => string | undefined, schema: JsonSchema, parse: (u: unknown) => A = (u) => u as A): t.Type<A, A, unknown> {
  return withJsonSchema(
    new t.Type<A, A, unknown>(
      name,
      (u): u is A => problem(u) === undefined,
      (u, c) => {
        const why = problem(u)
        return why === undefined ? t.success(parse(u)) : t.failure(u, c, why)
      },
      t.identity,
    ),
    schema,
  )
}

/** A string; `check` says what is wrong with it (undefined when fine). */
export function str(name: string, check: (s: string) => string | undefined = () => undefined, schema: JsonSchema = {}, trim = false): t.Type<string, string, unknown> {
  return leaf<string>(name, (u) => (typeof u !== 'string' ? 'must be a string' : check(trim ? u.trim() : u)), { type: 'string', ...schema }, (u) => (trim ? (u as string).trim() : (u as string)))
}

export interface NumberRule {
  int?: boolean
  min?: number
  max?: number
  /** more than this (not equal) */
  above?: number
  cents?: boolean
}

/** A finite number with bounds; money has at most 2 decimals. */
export function num(name: string, rule: NumberRule = {}): t.Type<number, number, unknown> {
  const schema: JsonSchema = {
    type: rule.int ? 'integer' : 'number',
    ...(rule.min !== undefined ? { minimum: rule.min } : {}),
    ...(rule.max !== undefined ? { maximum: rule.max } : {}),
    ...(rule.above !== undefined ? { exclusiveMinimum: rule.above } : {}),
    ...(rule.cents ? { multipleOf: 0.01 } : {}),
  }
  return leaf<number>(name, (u) => {
    if (typeof u !== 'number' || !Number.isFinite(u)) return 'must be a number'
    if (rule.int && !Number.isInteger(u)) return 'must be a whole number'
    if (rule.min !== undefined && u < rule.min) return `must be at least ${rule.min}`
    if (rule.max !== undefined && u > rule.max) return `must be at most ${rule.max}`
    if (rule.above !== undefined && u <= rule.above) return `must be more than ${rule.above}`
    if (rule.cents && Math.abs(u * 100 - Math.round(u * 100)) >= 1e-6) return 'must have at most 2 decimals'
    return undefined
  }, schema)
}

export const bool = leaf<boolean>('boolean', (u) => (typeof u === 'boolean' ? undefined : 'must be a boolean'), { type: 'boolean' })

/** One of a few values (strings or numbers). */
export function oneOf<const V extends readonly (string | number)[]>(name: string, values: V): t.Type<V[number], V[number], unknown> {
  const schema: JsonSchema = values.length === 1 ? { const: values[0] } : { type: typeof values[0] === 'number' ? 'number' : 'string', enum: [...values] }
  return leaf<V[number]>(name, (u) => ((values as readonly unknown[]).includes(u) ? undefined : `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`), schema)
}

/** A list, every item checked; `min` items at least. */
export function listOf<C extends t.Mixed>(item: C, min = 0): t.ArrayType<C, t.TypeOf<C>[], t.OutputOf<C>[], unknown> {
  return new t.ArrayType<C, t.TypeOf<C>[], t.OutputOf<C>[], unknown>(
    `Array<${item.name}>`,
    (u): u is t.TypeOf<C>[] => Array.isArray(u) && u.length >= min && u.every((x) => item.is(x)),
    (u, c) => {
      if (!Array.isArray(u)) return t.failure(u, c, 'must be a list')
      if (u.length < min) return t.failure(u, c, `must have at least ${min} item(s)`)
      const errors: t.Errors = []
      const out: t.TypeOf<C>[] = []
      u.forEach((x, i) => {
        const r = item.validate(x, at(c, String(i), item, x))
        if (E.isLeft(r)) errors.push(...r.left)
        else out.push(r.right)
      })
      return errors.length > 0 ? t.failures(errors) : t.success(out)
    },
    t.identity,
    item,
  )
}

/** A mapping from keys (checked by `key`) to values. */
export function mapOf<C extends t.Mixed>(name: string, key: t.Type<string, string, unknown>, value: C): t.DictionaryType<typeof key, C, Record<string, t.TypeOf<C>>, Record<string, t.OutputOf<C>>, unknown> {
  return new t.DictionaryType<typeof key, C, Record<string, t.TypeOf<C>>, Record<string, t.OutputOf<C>>, unknown>(
    name,
    (u): u is Record<string, t.TypeOf<C>> => isRecord(u) && Object.entries(u).every(([k, v]) => key.is(k) && value.is(v)),
    (u, c) => {
      if (!isRecord(u)) return t.failure(u, c, 'must be a mapping')
      const errors: t.Errors = []
      const out: Record<string, t.TypeOf<C>> = {}
      for (const [k, v] of Object.entries(u)) {
        const inner = at(c, k, value, v)
        const kr = key.validate(k, inner)
        if (E.isLeft(kr)) errors.push(...kr.left)
        const r = value.validate(v, inner)
        if (E.isLeft(r)) errors.push(...r.left)
        else out[k] = r.right
      }
      return errors.length > 0 ? t.failures(errors) : t.success(out)
    },
    t.identity,
    key,
    value,
  )
}

/** The value or null. */
export function orNull<C extends t.Mixed>(codec: C): t.UnionType<[C, t.NullC], t.TypeOf<C> | null, t.OutputOf<C> | null, unknown> {
  return new t.UnionType<[C, t.NullC], t.TypeOf<C> | null, t.OutputOf<C> | null, unknown>(
    `${codec.name} | null`,
    (u): u is t.TypeOf<C> | null => u === null || codec.is(u),
    (u, c) => (u === null ? t.success(null) : codec.validate(u, c)),
    t.identity,
    [codec, t.null],
  )
}

const defaults = new WeakMap<t.Mixed, unknown>()
/** wrapper (withDefault, maybe) -> the codec it wraps, so paths see a list as a list */
const inners = new WeakMap<t.Decoder<unknown, unknown>, t.Mixed>()

/** The codec, with `value` in its place when the field is left out (a fresh copy each time). */
export function withDefault<C extends t.Mixed>(codec: C, value: t.TypeOf<C>): C {
  const wrapped = new t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown>(
    codec.name,
    (u): u is t.TypeOf<C> => codec.is(u),
    (u, c) => (u === undefined ? t.success(structuredClone(value)) : codec.validate(u, c)),
    (a) => codec.encode(a),
  ) as unknown as C
  defaults.set(wrapped, value)
  inners.set(wrapped, codec)
  return optionalOf(wrapped, codec)
}

/** Optional in an object: absent or the codec (the JSON Schema lists it as not required). */
function maybe(codec: t.Mixed): t.Mixed {
  const wrapped = new t.Type(codec.name, (u): u is unknown => u === undefined || codec.is(u), (u, c) => (u === undefined ? t.success(undefined) : codec.validate(u, c)), (a) => (a === undefined ? undefined : codec.encode(a)))
  inners.set(wrapped, codec)
  return optionalOf(wrapped, codec)
}

type Out<R extends t.Props, O extends t.Props> = { [K in keyof R]: t.TypeOf<R[K]> } & { [K in keyof O]?: t.TypeOf<O[K]> }

/**
 * An object with exactly these fields: `required` ones (a `withDefault` codec may be left out),
 * `optional` ones; any other field is refused. `missing` replaces 'is required' for some fields.
 */
export function strict<R extends t.Props, O extends t.Props = {}>(
  name: string,
  required: R,
  optional: O = {} as O,
  missing: Partial<Record<keyof R, string>> = {},
): t.InterfaceType<t.Props, Out<R, O>, Out<R, O>, unknown> {
  const known = new Set([...Object.keys(required), ...Object.keys(optional)])
  const props: t.Props = { ...required, ...Object.fromEntries(Object.entries(optional).map(([k, c]) => [k, maybe(c)])) }
  const validate = (u: unknown, c: t.Context): t.Validation<Out<R, O>> => {
    if (!isRecord(u)) return t.failure(u, c, 'must be a mapping')
    const errors: t.Errors = []
    const unknown = Object.keys(u).filter((k) => !known.has(k))
    if (unknown.length > 0) errors.push({ value: u, context: c, message: `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')}` })
    const out: Record<string, unknown> = {}
    const check = (k: string, codec: t.Mixed) => {
      const r = codec.validate(u[k], at(c, k, codec, u[k]))
      if (E.isLeft(r)) errors.push(...r.left)
      else if (r.right !== undefined) out[k] = r.right
    }
    for (const [k, codec] of Object.entries(required)) {
      if (u[k] === undefined && !defaults.has(codec)) errors.push({ value: undefined, context: at(c, k, codec, undefined), message: (missing as Record<string, string | undefined>)[k] ?? 'is required' })
      else check(k, codec)
    }
    for (const [k, codec] of Object.entries(optional)) if (u[k] !== undefined) check(k, codec)
    return errors.length > 0 ? t.failures(errors) : t.success(out as Out<R, O>)
  }
  return new t.InterfaceType<t.Props, Out<R, O>, Out<R, O>, unknown>(name, (u): u is Out<R, O> => E.isRight(validate(u, [])), validate, t.identity, props)
}

/** ['services', '3', 'deposit'] with the codecs along the way -> 'services[3].deposit'. */
export function pathOf(context: t.Context): string {
  let path = ''
  for (let i = 1; i < context.length; i++) {
    const key = context[i].key
    const parent = context[i - 1].type
    path += (inners.get(parent) ?? parent) instanceof t.ArrayType ? `[${key}]` : path ? `.${key}` : key
  }
  return path
}

/** Every error as 'path: message'; '(document)' for the whole value. */
export function reportAll(errors: t.Errors): string[] {
  return errors.map((e) => `${pathOf(e.context) || '(document)'}: ${e.message ?? `must be ${e.context[e.context.length - 1]?.type.name ?? 'valid'}`}`)
}
