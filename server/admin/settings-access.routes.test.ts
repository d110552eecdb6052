// Issue 29: the back office (/staff/settings) saves through GET/POST /admin/setup; who may, and the
// round trip an export makes through apply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, type TestServer } from '../test-support/test-server'
import { exampleDocument, OPERATOR_KEY, STAFF_PASSWORD, tenantWithAdmin } from './admin-test-support'
import { addService, archiveItem, editClinic, offerService } from '../../src/application/setup/setup-edits'
import type { SetupDocument } from '../../src/contract/setup-document.codecs'

let t: TestServer
let owner: Record<string, string>
let practitioner: Record<string, string>
let other: Record<string, string>
beforeAll(async () => {
  t = await buildTestServer({ operatorKey: OPERATOR_KEY })
  owner = (await tenantWithAdmin(t, 'settings-a')).headers
  other = (await tenantWithAdmin(t, 'settings-b')).headers
  expect((await t.app.inject({ method: 'POST', url: '/api/admin/setup', headers: owner, payload: { document: exampleDocument() } })).statusCode).toBe(200)
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: owner,
    payload: { email: 'maya@settings-a.example.com', displayName: 'Maya', role: 'practitioner', practitioner: 'maya' },
  })
  expect(added.statusCode).toBe(201)
  const token = String(added.json().setPasswordUrl).split('/').pop()!
  await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers: { 'x-tenant': 'settings-a' }, payload: { token, password: STAFF_PASSWORD } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-tenant': 'settings-a' }, payload: { email: 'maya@settings-a.example.com', password: STAFF_PASSWORD } })
  practitioner = { 'x-tenant': 'settings-a', authorization: `Bearer ${login.json().token as string}` }
})
afterAll(() => t.close())

const setup = (headers: Record<string, string>, document?: unknown) =>
  document === undefined
    ? t.app.inject({ method: 'GET', url: '/api/admin/setup', headers })
    : t.app.inject({ method: 'POST', url: '/api/admin/setup', headers, payload: { document, dryRun: true } })

describe('settings and reports: admins only', () => {
  it('a practitioner login sees the desk but gets 403 on settings and reports', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/bookings?date=2026-12-02', headers: practitioner })).statusCode).toBe(200)
    expect((await setup(practitioner)).statusCode).toBe(403)
    expect((await setup(practitioner, exampleDocument())).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reports?from=2026-12-01&to=2026-12-31', headers: practitioner })).statusCode).toBe(403)
  })

  it("a staff token of tenant A opens nothing of tenant B (its set-up, its reports, its desk)", async () => {
    const aToken = { authorization: owner.authorization!, 'x-tenant': 'settings-b' }
    expect((await setup(aToken)).statusCode).toBe(401)
    expect((await setup(aToken, exampleDocument())).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reports?from=2026-12-01&to=2026-12-31', headers: aToken })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/bookings?date=2026-12-02', headers: aToken })).statusCode).toBe(401)
    // and B's own admin still sees B's (empty) set-up, not A's
    expect((await setup(other)).json()).toMatchObject({ clinics: [], services: [] })
  })
})

describe('clinic admin export round-trips through apply', () => {
  it("the tenant's export, applied to the same tenant, plans nothing", async () => {
    const exported = (await setup(owner)).json()
    expect((await setup(owner, exported)).json()).toEqual({ plan: [], applied: false })
  })
})

describe("the settings pages' edits on a real tenant", () => {
  const applyFor = (headers: Record<string, string>, document: unknown) => t.app.inject({ method: 'POST', url: '/api/admin/setup', headers, payload: { document } })

  it('a new service offered by a practitioner, then a clinic archived: the plans say so and the export is what was sent', async () => {
    const { headers } = await tenantWithAdmin(t, 'settings-edits')
    await applyFor(headers, exampleDocument())
    const current = (await setup(headers)).json() as SetupDocument
    const added = offerService('led-facial', 'maya', true)(addService({ name: 'LED facial', duration: 30, price: 45 })(current))
    expect((await applyFor(headers, added)).json().plan).toEqual([{ action: 'create', kind: 'service', slug: 'led-facial' }])
    expect((await setup(headers)).json()).toEqual(added)

    const withoutBath = archiveItem('clinics', 'bath')(editClinic('bristol', { phone: '+44 117 496 0000' })(added))
    const plan = (await applyFor(headers, withoutBath)).json().plan as { action: string; kind: string; slug: string }[]
    expect(plan).toContainEqual({ action: 'archive', kind: 'clinic', slug: 'bath' })
    expect(plan).toContainEqual({ action: 'change', kind: 'clinic', slug: 'bristol', changes: ['phone'] })
    const after = (await setup(headers)).json() as SetupDocument
    expect(after).toEqual(withoutBath)
    expect((await applyFor(headers, after)).json()).toEqual({ plan: [], applied: false })
    const clinics = await t.app.inject({ method: 'GET', url: '/api/public-clinics', headers: { 'x-tenant': 'settings-edits' } })
    expect(clinics.json().map((c: { accountName: string }) => c.accountName)).toEqual(['Riverside Skin Clinic Bristol'])
  })
})
