import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, type TestServer } from '../test-support/test-server'
import { exampleDocument, OPERATOR_KEY, tenantWithAdmin } from './admin-test-support'
import { validateSetupDocument } from './setup-document.schema'

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer({ operatorKey: OPERATOR_KEY })
})
afterAll(() => t.close())

const apply = (headers: Record<string, string>, document: unknown, dryRun = false) =>
  t.app.inject({ method: 'POST', url: '/api/admin/setup', headers, payload: { document, dryRun } })
const exportOf = async (headers: Record<string, string>) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/setup', headers })
  expect(response.statusCode).toBe(200)
  return response.json() as Record<string, unknown>
}

describe('the set-up document', () => {
  it('applies docs/examples/clinic.yaml to a new tenant, which then shows its clinics; twice changes nothing', async () => {
    const { headers } = await tenantWithAdmin(t, 'riverside')
    const dry = await apply(headers, exampleDocument(), true)
    expect(dry.statusCode).toBe(200)
    expect(dry.json().applied).toBe(false)
    expect(dry.json().plan).toContainEqual({ action: 'create', kind: 'service', slug: 'hydrafacial' })
    expect(await exportOf(headers)).toMatchObject({ clinics: [], services: [] })

    const applied = await apply(headers, exampleDocument())
    expect(applied.json()).toMatchObject({ applied: true })
    const valid = validateSetupDocument(exampleDocument())
    expect(valid.ok).toBe(true)
    expect(await exportOf(headers)).toEqual(valid.ok ? valid.document : undefined)

    const clinics = await t.app.inject({ method: 'GET', url: '/api/public-clinics', headers: { 'x-tenant': 'riverside' } })
    expect(clinics.json().map((c: { accountName: string }) => c.accountName)).toEqual(['Riverside Skin Clinic Bristol', 'Riverside Skin Clinic Bath'])

    const again = await apply(headers, exampleDocument())
    expect(again.json()).toEqual({ plan: [], applied: false })
  })

  it('applies a minimal document: the settings it leaves out take the defaults (a new tenant\'s), those it gives are kept', async () => {
    const { headers } = await tenantWithAdmin(t, 'tiny')
    const lists = { clinics: [], holidays: [], categories: [], services: [], courses: [], practitioners: [] }
    const applied = await apply(headers, { version: 1, organisation: { name: 'Tiny Clinic', settings: { currency: 'EUR' } }, ...lists })
    expect(applied.statusCode, applied.body).toBe(200)
    const settings = (await exportOf(headers)).organisation as { name: string; settings: Record<string, unknown> }
    expect(settings).toMatchObject({ name: 'Tiny Clinic', settings: { currency: 'EUR', country: 'GB', bookingDepositType: 'no deposit', giftVoucherValues: [50, 100, 150, 200, 250, 500] } })
    expect((await apply(headers, { version: 1, organisation: { name: 'Tiny Clinic' }, ...lists })).statusCode).toBe(200)
    expect(((await exportOf(headers)).organisation as { settings: Record<string, unknown> }).settings).toMatchObject({ currency: 'GBP' })
  })

  it("plans no change to a new tenant's settings for a document that leaves them all out (they are a new tenant's own)", async () => {
    const { headers } = await tenantWithAdmin(t, 'blank')
    const lists = { clinics: [], holidays: [], categories: [], services: [], courses: [], practitioners: [] }
    const dry = await apply(headers, { version: 1, organisation: { name: 'Clinic blank' }, ...lists }, true)
    expect(dry.statusCode, dry.body).toBe(200)
    expect(dry.json().plan).toEqual([])
  })

  it('round-trips: export, apply on a fresh tenant, export gives the same document', async () => {
    const a = await tenantWithAdmin(t, 'round-a')
    await apply(a.headers, exampleDocument())
    const first = await exportOf(a.headers)
    const b = await tenantWithAdmin(t, 'round-b')
    expect((await apply(b.headers, first)).json().applied).toBe(true)
    expect(await exportOf(b.headers)).toEqual(first)
  })

  it('archives what the file no longer names, plans changes, and unarchives what comes back', async () => {
    const { headers } = await tenantWithAdmin(t, 'archiving')
    await apply(headers, exampleDocument())
    const doc = exampleDocument() as { services: { slug: string; price: number }[]; practitioners: { slug: string }[] }
    const fewer = { ...doc, services: doc.services.filter((s) => s.slug !== 'touch-up').map((s) => (s.slug === 'hydrafacial' ? { ...s, price: 145 } : s)) }
    const plan = (await apply(headers, fewer, true)).json().plan
    expect(plan).toEqual([
      { action: 'change', kind: 'service', slug: 'hydrafacial', changes: ['price'] },
      { action: 'archive', kind: 'service', slug: 'touch-up' },
    ])
    await apply(headers, fewer)
    const exported = (await exportOf(headers)) as { services: { slug: string; price: number }[] }
    expect(exported.services.map((s) => s.slug)).not.toContain('touch-up')
    expect(exported.services.find((s) => s.slug === 'hydrafacial')?.price).toBe(145)
    expect((await apply(headers, exampleDocument(), true)).json().plan).toContainEqual({ action: 'change', kind: 'service', slug: 'touch-up', changes: ['unarchive'] })
  })

  it('archives every item of a list only when the file says so with an empty list', async () => {
    const { headers } = await tenantWithAdmin(t, 'emptying')
    await apply(headers, exampleDocument())
    const plan = (await apply(headers, { ...exampleDocument(), courses: [] }, true)).json().plan
    expect(plan).toEqual([{ action: 'archive', kind: 'course', slug: 'peel-course' }])
  })

  it('exports every list, empty ones too, so that an export applies as it is', async () => {
    const { headers } = await tenantWithAdmin(t, 'exports-empty')
    const exported = await exportOf(headers)
    expect(exported).toMatchObject({ clinics: [], holidays: [], categories: [], services: [], courses: [], practitioners: [] })
    const applied = await apply(headers, exported, true)
    expect(applied.statusCode).toBe(200)
  })

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/setup', headers: { 'x-tenant': 'demo' } })).statusCode).toBe(401)
  })
})

type Doc = ReturnType<typeof exampleDocument> & Record<string, any>
const BAD_FILES: [string, (d: Doc) => unknown, string[]][] = [
  ['a negative deposit', (d) => { d.services[3].deposit.amount = -5; return d }, ['services[3].deposit.amount: must be at least 0']],
  ['a missing name and an unknown field', (d) => { delete d.clinics[0].accountName; d.clinics[1].colour = 'red'; return d }, ['clinics[0].accountName: is required', "clinics[1]: unknown field 'colour'"]],
  ['a reference to an undefined practitioner', (d) => { d.services[0].practitioners.nobody = {}; return d }, ["services[0].practitioners.nobody: no practitioner 'nobody' in this document"]],
  ['a duplicate slug', (d) => { d.practitioners[2].slug = 'maya'; return d }, [
    "practitioners[2].slug: 'maya' is used twice",
    // and every reference to the practitioner the file no longer defines
    ...[0, 1, 2].map((i) => `services[${i}].practitioners.lena: no practitioner 'lena' in this document`),
  ]],
  ['a missing list (read as empty, it would archive every clinic)', (d) => { delete d.clinics; return d }, [
    "clinics: is missing, so nothing was changed; to archive every clinic on purpose, write an empty list: 'clinics: []'",
  ]],
  ['two missing lists', (d) => { delete d.holidays; delete d.practitioners; return d }, [
    "holidays: is missing, so nothing was changed; to remove every holiday on purpose, write an empty list: 'holidays: []'",
    "practitioners: is missing, so nothing was changed; to archive every practitioner on purpose, write an empty list: 'practitioners: []'",
  ]],
  ['a bad time range', (d) => { d.practitioners[0].hours.bristol.mon.work = ['17:00-09:00']; return d }, ['practitioners[0].hours.bristol.mon.work[0]: must end after it starts']],
  ['a per-location flag the item has off (spec section 5)', (d) => { d.services[5].locations.bristol.online = true; return d }, ["services[5].locations.bristol.online: You cannot activate 'Show online'. This feature is not enabled in the organisation."]],
  ['an inactive clinic shown online (spec section 4)', (d) => { d.clinics[1].active = false; return d }, ['clinics[1].online: You cannot change this item, it should be activated/unarchived at organisation level']],
  ['an unknown deposit type and a bad currency', (d) => { d.services[1].deposit = { type: 'half' }; d.organisation.settings.currency = 'XYZ'; return d }, [
    'organisation.settings.currency: must be one of "GBP", "USD", "EUR", "AUD"',
    'services[1].deposit.type: must be one of "percentage", "fixed amount", "no deposit"',
  ]],
]

describe('invalid documents', () => {
  let headers: Record<string, string>
  beforeAll(async () => {
    headers = (await tenantWithAdmin(t, 'invalid')).headers
    await apply(headers, exampleDocument())
  })

  it.each(BAD_FILES)('%s: every error with its path, and nothing changes', async (_name, spoil, errors) => {
    const before = await exportOf(headers)
    const response = await apply(headers, spoil(exampleDocument()))
    expect(response.statusCode).toBe(400)
    expect(String(response.json().message).split('\n').sort()).toEqual([...errors].sort())
    expect(await exportOf(headers)).toEqual(before)
  })
})
