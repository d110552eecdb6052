import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { checkSetupDocument } from './setup-document.check'
import type { SetupDocument } from './setup-document.codecs'
import { setupVersion } from './setup-document.version'

function example(): SetupDocument {
  const checked = checkSetupDocument(parse(readFileSync('docs/examples/clinic.yaml', 'utf8')))
  if (E.isLeft(checked)) throw new Error(checked.left.join('\n'))
  return checked.right
}

describe('setupVersion', () => {
  it('is the same for the same content whatever the key order or undefined fields, and after a JSON round trip', () => {
    const doc = example()
    const reordered = Object.fromEntries(Object.entries(doc).reverse()) as SetupDocument
    expect(setupVersion(reordered)).toBe(setupVersion(doc))
    expect(setupVersion({ ...doc, organisation: { ...doc.organisation, settings: { ...doc.organisation.settings, logo: undefined } } })).toBe(setupVersion(doc))
    expect(setupVersion(JSON.parse(JSON.stringify(doc)) as SetupDocument)).toBe(setupVersion(doc))
    expect(setupVersion(doc)).toMatch(/^v1-[0-9a-f]{28}$/)
  })

  it.each([
    ['a price', (d: SetupDocument) => ({ ...d, services: d.services.map((s, i) => (i === 0 ? { ...s, price: s.price + 0.01 } : s)) })],
    ['the order of the clinics', (d: SetupDocument) => ({ ...d, clinics: [...d.clinics].reverse() })],
    ['a holiday', (d: SetupDocument) => ({ ...d, holidays: [] })],
  ])('changes with %s', (_what, change) => {
    expect(setupVersion(change(example()))).not.toBe(setupVersion(example()))
  })
})
