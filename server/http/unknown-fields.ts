/**
 * The fields of a request that its route's codec does not name, as paths ('appointment.practitionerID',
 * 'appointment.linkedAppointments[0].servce'). io-ts's exact() strips them silently, which suits the web
 * app (our own client); an integrator's typo would then book something else than meant, so the routes an
 * API key opens refuse them, as Stripe answers 'Received unknown parameter' (docs/integrations.md).
 * Only plain object codecs are closed; a record, an unknown value or a custom type takes anything.
 */
import * as t from 'io-ts'

type Any = t.Decoder<unknown, unknown>

/** The codec an exact(), readonly() or refinement wraps. */
function unwrapped(codec: Any): Any {
  let inner = codec
  while (inner instanceof t.ExactType || inner instanceof t.ReadonlyType || inner instanceof t.RefinementType) inner = inner.type as Any
  return inner
}

/** The fields an object codec names (an intersection's together), or undefined when it is not a closed object. */
function fieldsOf(codec: Any): t.Props | undefined {
  const inner = unwrapped(codec)
  if (inner instanceof t.InterfaceType || inner instanceof t.PartialType) return inner.props as t.Props
  if (inner instanceof t.IntersectionType) {
    const parts = (inner.types as Any[]).map(fieldsOf)
    return parts.every((p) => p !== undefined) ? Object.assign({}, ...parts) : undefined
  }
  return undefined
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u)

function walk(codec: Any, value: unknown, path: string, out: string[]): void {
  const inner = unwrapped(codec)
  if (inner instanceof t.ArrayType || inner instanceof t.ReadonlyArrayType) {
    if (Array.isArray(value)) value.forEach((item, i) => walk(inner.type as Any, item, `${path}[${i}]`, out))
    return
  }
  if (inner instanceof t.UnionType) {
    // The member the value is meant as: the first that takes it (a value none takes fails its decoding anyway).
    const member = (inner.types as Any[]).find((m) => m.decode(value)._tag === 'Right')
    if (member) walk(member, value, path, out)
    return
  }
  const fields = fieldsOf(inner)
  if (!fields || !isRecord(value)) return
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key
    const field = fields[key]
    if (field) walk(field as Any, item, at, out)
    else out.push(at)
  }
}

/** The paths of the fields of `value` that `codec` does not name, in the order they were sent. */
export function unknownFields(codec: t.Decoder<unknown, unknown>, value: unknown): string[] {
  const out: string[] = []
  walk(codec, value, '', out)
  return out
}
