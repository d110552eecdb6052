import * as t from 'io-ts'
import { describe, expect, it } from 'vitest'
import { emptyAsUndefined, entity, Int, IntFromString, IsoDateTime, literals, ObjectId, queryOf } from './codecs'
import { newComponents, toJsonSchema } from './json-schema'

describe('toJsonSchema', () => {
  it.each([
    [t.string, { type: 'string' }],
    [t.union([t.number, t.null]), { anyOf: [{ type: 'number' }, { type: 'null' }] }],
    [t.literal('customer'), { const: 'customer' }],
    [t.array(t.boolean), { type: 'array', items: { type: 'boolean' } }],
    [t.record(t.string, t.unknown), { type: 'object', additionalProperties: {} }],
    [ObjectId, { type: 'string', pattern: '^[0-9a-fA-F]{24}$' }],
    [IsoDateTime, { type: 'string', format: 'date-time' }],
    [Int, { type: 'integer' }],
    [IntFromString, { type: 'integer' }],
    [literals(['A', 'B']), { type: 'string', enum: ['A', 'B'] }],
    [emptyAsUndefined(IntFromString), { type: 'integer' }],
  ])('%s', (codec, schema) => {
    expect(toJsonSchema(codec as t.Mixed, newComponents())).toEqual(schema)
  })

  it('merges t.type and t.partial into one object; undefined-accepting properties are optional', () => {
    const q = queryOf({ clinic: ObjectId, page: emptyAsUndefined(IntFromString) }, { name: t.string })
    expect(toJsonSchema(q, newComponents())).toEqual({
      type: 'object',
      properties: { clinic: { type: 'string', pattern: '^[0-9a-fA-F]{24}$' }, page: { type: 'integer' }, name: { type: 'string' } },
      required: ['clinic'],
    })
  })

  it('puts a named entity in the components once and refers to it', () => {
    const Pet = entity('Pet', { id: ObjectId }, { name: t.string })
    const components = newComponents()
    expect(toJsonSchema(t.array(Pet), components)).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Pet' } })
    expect(toJsonSchema(Pet, components)).toEqual({ $ref: '#/components/schemas/Pet' })
    expect(Object.keys(components.schemas)).toEqual(['Pet'])
    expect(components.schemas.Pet).toMatchObject({ type: 'object', required: ['id'] })
    // Another codec of the same name gets its own entry.
    expect(toJsonSchema(entity('Pet', { kind: t.string }), components)).toEqual({ $ref: '#/components/schemas/Pet2' })
  })

  it('throws for a custom type that declares no schema (a programmer error)', () => {
    const Odd = new t.Type<string, string, unknown>('Odd', t.string.is, t.string.validate, t.identity)
    expect(() => toJsonSchema(Odd, newComponents())).toThrow(/Odd.*withJsonSchema/)
  })
})
