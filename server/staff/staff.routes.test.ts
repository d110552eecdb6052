import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { exampleDocument } from '../admin/admin-test-support'

const OPERATOR_KEY = 'operator-key-for-tests-0123456789'
const PASSWORD = 'Staff1234'

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer({ operatorKey: OPERATOR_KEY, publicUrl: 'https://{tenant}.clinics.example.co.uk' })
})
afterAll(() => t.close())

async function createTenant(shortName: string, headers: Record<string, string> = { 'x-operator-key': OPERATOR_KEY }) {
  return t.app.inject({ method: 'POST', url: '/api/admin/tenants', headers, payload: { shortName, name: `Clinic ${shortName}`, adminEmail: `owner@${shortName}.example.com` } })
}

/** Creates a tenant, sets its admin's password through the link and logs in: the admin's token. */
async function adminOf(shortName: string): Promise<string> {
  const created = await createTenant(shortName)
  expect(created.statusCode).toBe(201)
  const token = String(created.json().setPasswordUrl).split('/').pop()!
  const set = await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers: { 'x-tenant': shortName }, payload: { token, password: PASSWORD } })
  expect(set.statusCode).toBe(200)
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-tenant': shortName }, payload: { email: `owner@${shortName}.example.com`, password: PASSWORD } })
  expect(login.statusCode).toBe(200)
  return login.json().token as string
}

describe('tenant creation', () => {
  it('needs the operator key, and is off without OPERATOR_KEY', async () => {
    expect((await createTenant('nokey', {})).statusCode).toBe(401)
    expect((await createTenant('wrongkey', { 'x-operator-key': 'not-the-key-at-all' })).statusCode).toBe(401)
    const off = await buildTestServer()
    try {
      const response = await off.app.inject({ method: 'POST', url: '/api/admin/tenants', headers: { 'x-operator-key': OPERATOR_KEY }, payload: { shortName: 'x', name: 'X', adminEmail: 'a@x.example.com' } })
      expect(response.statusCode).toBe(403)
    } finally {
      await off.close()
    }
  })

  it('creates a tenant that answers through X-Tenant and its subdomain, with a set-password link from PUBLIC_URL', async () => {
    const created = await createTenant('harley', { 'x-operator-key': OPERATOR_KEY, host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' })
    expect(created.statusCode).toBe(201)
    expect(created.json().setPasswordUrl).toMatch(/^https:\/\/harley\.clinics\.example\.co\.uk\/staff\/set-password\/[\w-]{20,}$/)
    expect((await t.app.inject({ method: 'GET', url: '/api/public/organisations', headers: { 'x-tenant': 'harley' } })).json().name).toBe('Clinic harley')
    const bySubdomain = await t.app.inject({ method: 'GET', url: '/api/public/organisations', headers: { host: 'harley.clinics.example.co.uk' } })
    expect(bySubdomain.json().name).toBe('Clinic harley')
    expect((await createTenant('harley')).statusCode).toBe(409)
    expect((await createTenant('Not A Name!')).statusCode).toBe(400)
  })

  it.each(['riverside-', '-riverside', 'a'.repeat(64)])('refuses %s, which is no DNS label (it becomes the subdomain)', async (shortName) => {
    const refused = await createTenant(shortName)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/^The short name must be/)
  })

  it('gives a set-password link that works once', async () => {
    const created = await createTenant('once')
    const token = String(created.json().setPasswordUrl).split('/').pop()!
    const first = await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers: { 'x-tenant': 'once' }, payload: { token, password: 'weak' } })
    expect(first.statusCode).toBe(400)
    const ok = await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers: { 'x-tenant': 'once' }, payload: { token, password: PASSWORD } })
    expect(ok.statusCode).toBe(200)
    const again = await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers: { 'x-tenant': 'once' }, payload: { token, password: PASSWORD } })
    expect(again.statusCode).toBe(400)
  })
})

describe('staff sessions', () => {
  it('logs in, answers /staff/me, and logout ends the session', async () => {
    const token = await adminOf('session')
    const me = await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: { 'x-tenant': 'session', ...t.auth(token) } })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ email: 'owner@session.example.com', role: 'admin' })
    const bad = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-tenant': 'session' }, payload: { email: 'owner@session.example.com', password: 'Wrong1234' } })
    expect(bad.statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/logout', headers: { 'x-tenant': 'session', ...t.auth(token) } })).statusCode).toBe(200)
    const after = await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: { 'x-tenant': 'session', ...t.auth(token) } })
    expect(after.statusCode).toBe(401)
    expect(after.json().message).toBe('Your session has ended, please log in again.')
  })

  it('never opens a staff route with a customer token, nor another tenant with a staff token', async () => {
    const customer = await t.login(DEMO_CUSTOMER)
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: t.auth(customer) })).statusCode).toBe(401)
    const staffOfA = await adminOf('tenant-a')
    await adminOf('tenant-b')
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: { 'x-tenant': 'tenant-b', ...t.auth(staffOfA) } })).statusCode).toBe(401)
    // and a staff token is no customer session
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { 'x-tenant': 'tenant-a', ...t.auth(staffOfA) } })).statusCode).toBe(401)
  })
})

describe('a forgotten staff password', () => {
  it('an admin lists the staff and gets a new one-time link; using it ends older sessions', async () => {
    const admin = await adminOf('forgot')
    const h = { 'x-tenant': 'forgot', ...t.auth(admin) }
    const added = await t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: h, payload: { email: 'desk@forgot.example.com', displayName: 'Front Desk', role: 'admin' } })
    expect(added.statusCode).toBe(201)
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: h })
    expect(list.json().map((s: { email: string }) => s.email).sort()).toEqual(['desk@forgot.example.com', 'owner@forgot.example.com'])
    const desk = added.json().staff.id as string

    const link = await t.app.inject({ method: 'POST', url: `/api/admin/staff/${desk}/password-link`, headers: h })
    expect(link.statusCode).toBe(200)
    expect(link.json().setPasswordUrl).toMatch(/^https:\/\/forgot\.clinics\.example\.co\.uk\/staff\/set-password\/[\w-]{20,}$/)
    const token = String(link.json().setPasswordUrl).split('/').pop()!
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers: { 'x-tenant': 'forgot' }, payload: { token, password: 'Renewed123' } })).statusCode).toBe(200)
    const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-tenant': 'forgot' }, payload: { email: 'desk@forgot.example.com', password: 'Renewed123' } })
    expect(login.statusCode).toBe(200)

    // The admin's own reset ends the admin's current session (a new password ends older tokens).
    const own = await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: h })
    const ownLink = await t.app.inject({ method: 'POST', url: `/api/admin/staff/${own.json().id}/password-link`, headers: h })
    const ownToken = String(ownLink.json().setPasswordUrl).split('/').pop()!
    await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers: { 'x-tenant': 'forgot' }, payload: { token: ownToken, password: 'Renewed456' } })
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: h })).statusCode).toBe(401)
  })

  it("lists a practitioner's login with the practitioner's slug (as the set-up file and --practitioner name it), and its id", async () => {
    const admin = await adminOf('slugs')
    const h = { 'x-tenant': 'slugs', ...t.auth(admin) }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/setup', headers: h, payload: { document: exampleDocument() } })).statusCode).toBe(200)
    const added = await t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: h, payload: { email: 'maya@slugs.example.com', displayName: 'Maya', role: 'practitioner', practitioner: 'maya' } })
    expect(added.statusCode).toBe(201)
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: h })).json() as { email: string; practitionerId?: string; practitionerSlug?: string }[]
    expect(list.find((s) => s.email === 'maya@slugs.example.com')).toMatchObject({ practitionerId: added.json().staff.practitionerId, practitionerSlug: 'maya' })
    const owner = list.find((s) => s.email === 'owner@slugs.example.com')!
    expect(owner.practitionerSlug).toBeUndefined()
    expect(owner.practitionerId).toBeUndefined()
  })

  it('refuses a staff login whose email is no address (the forgot-password mail goes there) or whose name is blank', async () => {
    const admin = await adminOf('add-checks')
    const h = { 'x-tenant': 'add-checks', ...t.auth(admin) }
    const add = (email: string, displayName: string) => t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: h, payload: { email, displayName, role: 'practitioner' } })
    const bad = await add('bad', 'Front Desk')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Please enter a valid email address for the staff login.')
    expect((await add('desk@add-checks', 'Front Desk')).statusCode).toBe(400)
    const blank = await add('desk@add-checks.example.com', '   ')
    expect(blank.statusCode).toBe(400)
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: h })
    expect(list.json().map((s: { email: string }) => s.email)).toEqual(['owner@add-checks.example.com'])
  })

  it('is for admins only and for staff of the same tenant', async () => {
    const admin = await adminOf('forgot-b')
    const h = { 'x-tenant': 'forgot-b', ...t.auth(admin) }
    const added = await t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: h, payload: { email: 'p@forgot-b.example.com', displayName: 'P', role: 'practitioner' } })
    const token = String(added.json().setPasswordUrl).split('/').pop()!
    await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers: { 'x-tenant': 'forgot-b' }, payload: { token, password: PASSWORD } })
    const practitioner = (await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-tenant': 'forgot-b' }, payload: { email: 'p@forgot-b.example.com', password: PASSWORD } })).json().token as string
    const id = added.json().staff.id as string
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/staff/${id}/password-link`, headers: { 'x-tenant': 'forgot-b', ...t.auth(practitioner) } })).statusCode).toBe(403)
    const other = await adminOf('forgot-c')
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/staff/${id}/password-link`, headers: { 'x-tenant': 'forgot-c', ...t.auth(other) } })).statusCode).toBe(404)
  })
})
