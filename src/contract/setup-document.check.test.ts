import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { newComponents, toJsonSchema } from './json-schema'
import { checkSetupDocument } from './setup-document.check'
import { SETTINGS_DEFAULTS, SetupDocument } from './setup-document.codecs'
import { ApplySetupBody } from './admin.routes'

const example = () => parse(readFileSync('docs/examples/clinic.yaml', 'utf8')) as Record<string, any>

describe('the set-up document codec', () => {
  it('decodes docs/examples/clinic.yaml and fills the defaults', () => {
    const checked = checkSetupDocument(example())
    expect(E.isRight(checked)).toBe(true)
    if (E.isLeft(checked)) return
    const doc = checked.right
    expect(doc.clinics.map((c) => c.slug)).toEqual(['bristol', 'bath'])
    const bare = example()
    delete bare.clinics[1].active
    delete bare.clinics[1].closedDays
    const decoded = checkSetupDocument(bare)
    expect(E.isRight(decoded) && decoded.right.clinics[1]).toMatchObject({ active: true, closedDays: [] })
  })

  it('takes the defaults for the settings a minimal document leaves out (a new tenant\'s), keeping those it gives', () => {
    const lists = { clinics: [], holidays: [], categories: [], services: [], courses: [], practitioners: [] }
    const bare = checkSetupDocument({ version: 1, organisation: { name: 'Tiny Clinic' }, ...lists })
    expect(bare).toEqual(E.right(expect.objectContaining({ organisation: { name: 'Tiny Clinic', settings: { ...SETTINGS_DEFAULTS, giftVoucherValues: [50, 100, 150, 200, 250, 500] } } })))
    const some = checkSetupDocument({ version: 1, organisation: { name: 'Tiny Clinic', settings: { currency: 'EUR', bookingDepositType: 'percentage', bookingDepositAmount: 20 } }, ...lists })
    expect(E.isRight(some) && some.right.organisation.settings).toEqual({ ...SETTINGS_DEFAULTS, giftVoucherValues: [50, 100, 150, 200, 250, 500], currency: 'EUR', bookingDepositType: 'percentage', bookingDepositAmount: 20 })
    expect(SETTINGS_DEFAULTS).toMatchObject({ currency: 'GBP', country: 'GB', bookingDepositType: 'no deposit', showCancelTerms: false, minimiseGaps: false })
  })

  it('decodes what it encodes (an export applies as it is)', () => {
    const checked = checkSetupDocument(example())
    if (E.isLeft(checked)) throw new Error(checked.left.join('\n'))
    expect(SetupDocument.decode(JSON.parse(JSON.stringify(SetupDocument.encode(checked.right))))).toEqual(E.right(checked.right))
  })

  it.each<[string, (d: Record<string, any>) => void, string[]]>([
    ['a text where a number belongs', (d) => { d.services[0].price = '120' }, ['services[0].price: must be a number']],
    ['an unknown field at the top', (d) => { d.colour = 'red' }, ["(document): unknown field 'colour'"]],
    ['an unknown version', (d) => { d.version = 2 }, ['version: must be one of 1']],
    ['an empty working day', (d) => { d.practitioners[0].hours.bristol.mon.work = [] }, ['practitioners[0].hours.bristol.mon.work: must have at least 1 item(s)']],
    ['leave that ends before it starts', (d) => { d.practitioners[1].leave = [{ from: '2026-09-10', to: '2026-09-01' }] }, ["practitioners[1].leave[0].to: must not end before it starts ('to' before 'from')"]],
    ['a bad embed host', (d) => { d.organisation.settings.embedHosts = ['www.example.com'] }, ['organisation.settings.embedHosts[0]: must be an origin such as https://www.example-clinic.com']],
    ['a gift voucher of nothing', (d) => { d.organisation.settings.giftVoucherValues = [0] }, ['organisation.settings.giftVoucherValues[0]: must be more than 0']],
    ['a list that is not one', (d) => { d.services = {} }, ['services: must be a list']],
    ['a slug key that is not one', (d) => { d.services[0].locations['Bad Key'] = { online: true } }, ['services[0].locations.Bad Key: must be a slug: lower-case letters, digits and dashes']],
  ])('refuses %s with its path and problem', (_name, spoil, errors) => {
    const d = example()
    spoil(d)
    const checked = checkSetupDocument(d)
    expect(E.isLeft(checked) && checked.left).toEqual(errors)
  })

  it('is described by OpenAPI as the document it is (components, required lists, enums)', () => {
    const components = newComponents()
    expect(toJsonSchema(SetupDocument, components)).toEqual({ $ref: '#/components/schemas/SetupDocument' })
    expect(components.schemas.SetupDocument).toMatchObject({
      type: 'object',
      required: ['version', 'organisation', 'clinics', 'holidays', 'categories', 'services', 'courses', 'practitioners'],
    })
    expect(components.schemas.SetupClinic).toMatchObject({ required: ['slug', 'accountName', 'address'] })
    expect(components.schemas.SetupSettings).toMatchObject({ properties: { currency: { type: 'string', enum: ['GBP', 'USD', 'EUR', 'AUD'] } } })
  })

  it("describes an apply's document as the document, though the server checks it whole beyond the transport", () => {
    const components = newComponents()
    const body = toJsonSchema(ApplySetupBody, components)
    expect(body).toMatchObject({ properties: { document: { $ref: '#/components/schemas/SetupDocument' } }, required: ['document'] })
    // the transport lets any mapping through to the server's check (every error, not the first)
    expect(E.isRight(ApplySetupBody.decode({ document: { version: 2 } }))).toBe(true)
  })
})
