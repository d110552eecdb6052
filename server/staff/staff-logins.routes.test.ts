// Staff logins changed and removed by an admin (issue 29, /staff/settings and `clinic admin staff`):
// a role counts from the login's next request, a removed login's sessions end at once, and a clinic
// always keeps an admin, also when two admins demote each other at the same moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, type TestServer } from '../test-support/test-server'

const OPERATOR_KEY = 'operator-key-for-tests-0123456789'
const PASSWORD = 'Staff1234'

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer({ operatorKey: OPERATOR_KEY })
})
afterAll(() => t.close())

async function setPasswordAndLogin(tenant: string, setPasswordUrl: string, email: string): Promise<string> {
  const token = setPasswordUrl.split('/').pop()!
  expect((await t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers: { 'x-tenant': tenant }, payload: { token, password: PASSWORD } })).statusCode).toBe(200)
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-tenant': tenant }, payload: { email, password: PASSWORD } })
  expect(login.statusCode, login.body).toBe(200)
  return login.json().token as string
}

/** A new tenant with its signed-in owner, and a way to add signed-in logins to it. */
async function clinic(tenant: string) {
  const created = await t.app.inject({ method: 'POST', url: '/api/admin/tenants', headers: { 'x-operator-key': OPERATOR_KEY }, payload: { shortName: tenant, name: `Clinic ${tenant}`, adminEmail: `owner@${tenant}.example.com` } })
  expect(created.statusCode, created.body).toBe(201)
  const owner = await setPasswordAndLogin(tenant, created.json().setPasswordUrl, `owner@${tenant}.example.com`)
  const as = (token: string) => ({ 'x-tenant': tenant, ...t.auth(token) })
  const call = (token: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers: as(token), ...(payload ? { payload } : {}) })
  const add = async (name: string, role: 'admin' | 'practitioner') => {
    const email = `${name}@${tenant}.example.com`
    const added = await t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: as(owner), payload: { email, displayName: name, role } })
    expect(added.statusCode, added.body).toBe(201)
    return { id: added.json().staff.id as string, token: await setPasswordAndLogin(tenant, added.json().setPasswordUrl, email) }
  }
  const me = async (token: string) => (await call(token, 'GET', '/staff/me')).json().id as string
  return { owner, call, add, me }
}

describe('staff logins', () => {
  it("a changed role counts from the login's next request; the name changes too", async () => {
    const c = await clinic('roles')
    const p = await c.add('pat', 'practitioner')
    expect((await c.call(p.token, 'GET', '/admin/staff')).statusCode).toBe(403)
    const promoted = await c.call(c.owner, 'PUT', `/admin/staff/${p.id}`, { role: 'admin', displayName: 'Pat Jones' })
    expect(promoted.statusCode, promoted.body).toBe(200)
    expect(promoted.json()).toMatchObject({ id: p.id, role: 'admin', displayName: 'Pat Jones' })
    expect((await c.call(p.token, 'GET', '/admin/staff')).statusCode).toBe(200)
    expect((await c.call(c.owner, 'PUT', `/admin/staff/${p.id}`, { role: 'practitioner' })).json().role).toBe('practitioner')
    expect((await c.call(p.token, 'GET', '/admin/staff')).statusCode).toBe(403)
    const blank = await c.call(c.owner, 'PUT', `/admin/staff/${p.id}`, { displayName: '  ' })
    expect(blank.statusCode).toBe(400)
    const unknown = await c.call(c.owner, 'PUT', `/admin/staff/${p.id}`, { practitioner: 'nobody-here' })
    expect(unknown.json().message).toBe('No single practitioner has that slug or name.')
  })

  it('the last admin stays an admin and nobody removes their own login', async () => {
    const c = await clinic('last')
    const ownerId = await c.me(c.owner)
    const demote = await c.call(c.owner, 'PUT', `/admin/staff/${ownerId}`, { role: 'practitioner' })
    expect(demote.statusCode).toBe(409)
    expect(demote.json().message).toBe('A clinic needs at least one admin: make another login an admin first.')
    const self = await c.call(c.owner, 'DELETE', `/admin/staff/${ownerId}`)
    expect(self.statusCode).toBe(409)
    expect(self.json().message).toBe('You cannot remove your own login. Ask another admin to remove it.')
    const second = await c.add('desk', 'admin')
    expect((await c.call(second.token, 'DELETE', `/admin/staff/${ownerId}`)).statusCode).toBe(200)
    // Now the second admin is the last one.
    expect((await c.call(second.token, 'PUT', `/admin/staff/${second.id}`, { role: 'practitioner' })).statusCode).toBe(409)
  })

  it('two admins demoting each other at once leave one admin', async () => {
    const c = await clinic('race')
    const ownerId = await c.me(c.owner)
    const other = await c.add('ann', 'admin')
    const answers = await Promise.all([
      c.call(c.owner, 'PUT', `/admin/staff/${other.id}`, { role: 'practitioner' }),
      c.call(other.token, 'PUT', `/admin/staff/${ownerId}`, { role: 'practitioner' }),
    ])
    // The later one is refused: 409 when both passed the admin check first (the rows are locked),
    // 403 when the first had already made its sender a practitioner.
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes[0]).toBe(200)
    expect([403, 409]).toContain(codes[1])
    const list = (await c.call(answers[0]!.statusCode === 200 ? c.owner : other.token, 'GET', '/admin/staff')).json() as { role: string }[]
    expect(list.filter((s) => s.role === 'admin')).toHaveLength(1)
  })

  it("a removed login's session ends at once and it cannot sign in; the list leaves it out", async () => {
    const c = await clinic('gone')
    const p = await c.add('sam', 'practitioner')
    expect((await c.call(p.token, 'GET', '/staff/me')).statusCode).toBe(200)
    const removed = await c.call(c.owner, 'DELETE', `/admin/staff/${p.id}`)
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json()).toMatchObject({ id: p.id, email: 'sam@gone.example.com' })
    expect((await c.call(p.token, 'GET', '/staff/me')).statusCode).toBe(401)
    const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-tenant': 'gone' }, payload: { email: 'sam@gone.example.com', password: PASSWORD } })
    expect(login.statusCode).toBe(401)
    const list = (await c.call(c.owner, 'GET', '/admin/staff')).json() as { email: string }[]
    expect(list.map((s) => s.email)).toEqual(['owner@gone.example.com'])
    expect((await c.call(c.owner, 'DELETE', `/admin/staff/${p.id}`)).statusCode).toBe(404)
  })

  it("is for admins of the same tenant only", async () => {
    const c = await clinic('guard')
    const p = await c.add('kim', 'practitioner')
    const ownerId = await c.me(c.owner)
    expect((await c.call(p.token, 'PUT', `/admin/staff/${ownerId}`, { role: 'practitioner' })).statusCode).toBe(403)
    expect((await c.call(p.token, 'DELETE', `/admin/staff/${ownerId}`)).statusCode).toBe(403)
    const elsewhere = await clinic('guard-other')
    const other = await t.app.inject({ method: 'DELETE', url: `/api/admin/staff/${p.id}`, headers: { 'x-tenant': 'guard-other', ...t.auth(elsewhere.owner) } })
    expect(other.statusCode).toBe(404)
    expect((await c.call(p.token, 'GET', '/staff/me')).statusCode).toBe(200)
  })
})
