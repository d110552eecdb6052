import * as t from 'io-ts'

/**
 * Required property names of an object codec built from t.type / t.exact / t.intersection (as the
 * contract's bodies are), or undefined when the codec is not such an object codec.
 */
export function requiredKeys(codec: t.Mixed): string[] | undefined {
  if (codec instanceof t.ExactType) return requiredKeys(codec.type as t.Mixed)
  if (codec instanceof t.InterfaceType) return Object.keys(codec.props as t.Props)
  if (codec instanceof t.PartialType) return []
  if (codec instanceof t.IntersectionType) {
    const parts = (codec.types as t.Mixed[]).map(requiredKeys)
    if (parts.some((p) => p === undefined)) return undefined
    return parts.flat() as string[]
  }
  return undefined
}

/** Whether the codec strips unknown properties (t.exact / t.strict). */
export function isExact(codec: t.Mixed): boolean {
  return codec instanceof t.ExactType
}

/** A value of the wrong JSON type for a field whose sample is `v`. */
export function wrongType(v: unknown): unknown {
  if (typeof v === 'string') return 12345
  if (typeof v === 'number') return 'not-a-number'
  if (typeof v === 'boolean') return 'yes'
  if (Array.isArray(v)) return 'not-an-array'
  if (v === null) return 42
  return 'not-an-object'
}
