import * as t from 'io-ts'

/**
 * JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a contract codec, read from the codec itself:
 * the OpenAPI document is generated from src/contract, never written by hand. io-ts's own
 * combinators are walked; a custom `t.Type` (codecs.ts) declares its wire format once with
 * `withJsonSchema`. An unknown custom type is a programmer error: it throws.
 */
export type JsonSchema = { [key: string]: unknown }

const declared = new WeakMap<t.Mixed, JsonSchema>()
const optionals = new WeakMap<t.Mixed, t.Mixed>()

/** Declares the JSON Schema of a custom codec's encoded (wire) form; returns the codec. */
export function withJsonSchema<C extends t.Mixed>(codec: C, schema: JsonSchema): C {
  declared.set(codec, schema)
  return codec
}

/** Declares a custom codec that is `inner` or absent (e.g. an empty query value); returns the codec. */
export function optionalOf<C extends t.Mixed>(codec: C, inner: t.Mixed): C {
  optionals.set(codec, inner)
  return codec
}

const described = new WeakMap<t.Mixed, t.Mixed>()

/**
 * A codec whose wire form OpenAPI describes by another codec: a body that the server checks whole
 * beyond the transport's first-error decoding (the set-up document), described by its real codec.
 */
export function describedAs<C extends t.Mixed>(codec: C, documented: t.Mixed): C {
  const wrapped = new t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown>(codec.name, codec.is, codec.validate, codec.encode) as unknown as C
  described.set(wrapped, documented)
  return wrapped
}

/** Named object codecs become reusable components (`#/components/schemas/Name`). */
export interface SchemaComponents {
  schemas: Record<string, JsonSchema>
  names: Map<t.Mixed, string>
}

export function newComponents(): SchemaComponents {
  return { schemas: {}, names: new Map() }
}

const IDENTIFIER = /^[A-Z][A-Za-z0-9]*$/

function isNamedStructure(codec: t.Mixed): boolean {
  return (
    IDENTIFIER.test(codec.name) &&
    (codec instanceof t.InterfaceType || codec instanceof t.IntersectionType || codec instanceof t.PartialType || codec instanceof t.UnionType || codec instanceof t.ExactType || codec instanceof t.RecursiveType)
  )
}

/** Whether a value may be left out (undefined is one of the codec's values). */
export function acceptsUndefined(codec: t.Mixed): boolean {
  if (codec instanceof t.UndefinedType || codec instanceof t.VoidType || codec instanceof t.UnknownType) return true
  if (codec instanceof t.UnionType) return (codec.types as t.Mixed[]).some(acceptsUndefined)
  return optionals.has(codec)
}

function objectSchema(props: t.Props, required: boolean, components: SchemaComponents): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  const requiredKeys: string[] = []
  for (const [key, codec] of Object.entries(props)) {
    properties[key] = toJsonSchema(codec as t.Mixed, components)
    if (required && !acceptsUndefined(codec as t.Mixed)) requiredKeys.push(key)
  }
  return { type: 'object', properties, ...(requiredKeys.length ? { required: requiredKeys } : {}) }
}

/** Plain object schemas (no refs, no combinators) merge into one; anything else is an allOf. */
function intersect(parts: JsonSchema[]): JsonSchema {
  const plain = parts.every((p) => p.type === 'object' && Object.keys(p).every((k) => k === 'type' || k === 'properties' || k === 'required'))
  if (!plain) return { allOf: parts }
  const properties = Object.assign({}, ...parts.map((p) => p.properties ?? {}))
  const required = [...new Set(parts.flatMap((p) => (p.required as string[] | undefined) ?? []))]
  return { type: 'object', properties, ...(required.length ? { required } : {}) }
}

function structure(codec: t.Mixed, components: SchemaComponents): JsonSchema {
  const schema = declared.get(codec)
  if (schema) return schema
  const inner = optionals.get(codec)
  if (inner) return toJsonSchema(inner, components)
  const documented = described.get(codec)
  if (documented) return toJsonSchema(documented, components)
  if (codec instanceof t.StringType) return { type: 'string' }
  if (codec instanceof t.NumberType) return { type: 'number' }
  if (codec instanceof t.BooleanType) return { type: 'boolean' }
  if (codec instanceof t.NullType) return { type: 'null' }
  if (codec instanceof t.UnknownType || codec instanceof t.AnyType) return {}
  if (codec instanceof t.AnyDictionaryType) return { type: 'object' }
  if (codec instanceof t.LiteralType) return { const: codec.value }
  if (codec instanceof t.KeyofType) return { type: 'string', enum: Object.keys(codec.keys as object) }
  if (codec instanceof t.ArrayType || codec instanceof t.ReadonlyArrayType) return { type: 'array', items: toJsonSchema(codec.type as t.Mixed, components) }
  if (codec instanceof t.InterfaceType) return objectSchema(codec.props as t.Props, true, components)
  if (codec instanceof t.PartialType) return objectSchema(codec.props as t.Props, false, components)
  if (codec instanceof t.ExactType || codec instanceof t.ReadonlyType || codec instanceof t.RefinementType) return toJsonSchema(codec.type as t.Mixed, components)
  if (codec instanceof t.DictionaryType) return { type: 'object', additionalProperties: toJsonSchema(codec.codomain as t.Mixed, components) }
  if (codec instanceof t.IntersectionType) return intersect((codec.types as t.Mixed[]).map((c) => toJsonSchema(c, components)))
  if (codec instanceof t.UnionType) {
    const members = (codec.types as t.Mixed[]).filter((c) => !(c instanceof t.UndefinedType || c instanceof t.VoidType))
    const schemas = members.map((c) => toJsonSchema(c, components))
    return schemas.length === 1 ? schemas[0] : { anyOf: schemas }
  }
  if (codec instanceof t.TupleType) {
    const items = (codec.types as t.Mixed[]).map((c) => toJsonSchema(c, components))
    return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length }
  }
  if (codec instanceof t.RecursiveType) return toJsonSchema(codec.type as t.Mixed, components)
  throw new Error(`No JSON Schema for codec '${codec.name}': declare it with withJsonSchema() (src/contract/json-schema.ts)`)
}

/**
 * The schema of a codec's wire form; named object codecs (or the codec given a `preferredName`) are put
 * in `components` and referenced.
 */
export function toJsonSchema(codec: t.Mixed, components: SchemaComponents, preferredName?: string): JsonSchema {
  let name = components.names.get(codec)
  if (!name && !preferredName && !isNamedStructure(codec)) return structure(codec, components)
  if (!name) {
    name = preferredName ?? codec.name
    // Two different codecs with one name: the second gets a number.
    for (let n = 2; name in components.schemas; n++) name = `${preferredName ?? codec.name}${n}`
    components.names.set(codec, name)
    components.schemas[name] = {}
    components.schemas[name] = structure(codec, components)
  }
  return { $ref: `#/components/schemas/${name}` }
}
