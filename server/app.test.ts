import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildTestServer, DEMO, type TestServer } from './test-support/test-server'

let t: TestServer
const webDir = mkdtempSync(join(tmpdir(), 'web-'))
writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>')
writeFileSync(join(webDir, 'app.js'), 'console.log(1)')

beforeAll(async () => {
  t = await buildTestServer({ webDir })
})
afterAll(() => t.close())

describe('the app', () => {
  it('answers the public organisation of the default tenant with security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/organisations' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id: DEMO.organisation, currency: 'GBP', showHomeBannerText: true })
    expect(response.json()).not.toHaveProperty('cardRequired')
    expect(response.headers['content-security-policy']).toContain("frame-src 'self'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('answers an unknown API route with a JSON 404 and an unknown tenant with 404', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ statusCode: 404 })
    const tenant = await t.app.inject({ method: 'GET', url: '/api/public/organisations', headers: { 'x-tenant': 'nobody' } })
    expect(tenant.statusCode).toBe(404)
    expect(tenant.json().message).toBe("Unknown organisation 'nobody'.")
    const hostile = await t.app.inject({ method: 'GET', url: '/api/public/organisations', headers: { 'x-tenant': `<script>${'x'.repeat(5000)}` } })
    expect(hostile.statusCode).toBe(404)
    expect(hostile.json().message).toBe('Unknown organisation.')
  })

  it('takes a 254-character email in a path parameter (forgot-password) without a 414', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`
    expect(email.length).toBe(254)
    const response = await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${encodeURIComponent(email)}` })
    expect(response.statusCode).not.toBe(414)
    expect(response.statusCode).toBeLessThan(500)
  })

  it('takes the tenant from a 4-label host', async () => {
    const other = await t.app.inject({ method: 'GET', url: '/api/public/organisations', headers: { host: 'other.booking.example.com' } })
    expect(other.statusCode).toBe(200)
    expect(other.json().name).toBe('Clinic other')
  })

  it('answers malformed JSON with 400 and a message, never a stack', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login?from=customer',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ statusCode: 400, message: expect.any(String) })
    expect(response.body).not.toContain('    at ')
  })

  it('answers an unexpected failure with a plain 500, never a stack', async () => {
    const broken = await buildTestServer()
    try {
      await sql`DROP TABLE countries`.execute(broken.db)
      const response = await broken.app.inject({ method: 'GET', url: '/api/countries' })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ statusCode: 500, message: 'Internal Server Error' })
    } finally {
      await broken.close()
    }
  })

  it('serves the SPA: files, and index.html for client routes', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/app.js' })
    expect(file.statusCode).toBe(200)
    expect(file.body).toContain('console.log')
    const route = await t.app.inject({ method: 'GET', url: '/step/abc/def' })
    expect(route.statusCode).toBe(200)
    expect(route.body).toContain('<div id="root">')
    const lead = await t.app.inject({ method: 'GET', url: '/lead' })
    expect(lead.headers['x-frame-options']).toBeUndefined()
    expect(lead.headers['content-security-policy']).toContain('frame-ancestors *')
    const app = await t.app.inject({ method: 'GET', url: '/?embed=1' })
    expect(app.headers['content-security-policy']).toContain("frame-ancestors 'self';")
  })

  it("lets the sites the tenant lists (embedHosts) frame the app, the lead form and the sandbox card page", async () => {
    const org = await t.db.selectFrom('organisations').select('settings').where('tenant_id', '=', 'demo').executeTakeFirstOrThrow()
    const settings = typeof org.settings === 'string' ? JSON.parse(org.settings) : org.settings
    await t.db
      .updateTable('organisations')
      .set({ settings: JSON.stringify({ ...settings, embedHosts: ['https://www.clinic.example', "https://x.example; script-src 'unsafe-inline'"] }) })
      .where('tenant_id', '=', 'demo')
      .execute()
    try {
      for (const url of ['/?embed=1', '/step/abc', '/lead', '/sandbox/tokenize']) {
        const response = await t.app.inject({ method: 'GET', url })
        const csp = String(response.headers['content-security-policy'])
        expect(csp, url).toContain("frame-ancestors 'self' https://www.clinic.example")
        expect(csp, url).not.toContain('x.example')
        expect(response.headers['x-frame-options'], url).toBeUndefined()
      }
    } finally {
      await t.db.updateTable('organisations').set({ settings: JSON.stringify(settings) }).where('tenant_id', '=', 'demo').execute()
    }
  })

  it('says the app is being built when dist/web is missing', async () => {
    const bare = await buildTestServer({ webDir: join(webDir, 'missing') })
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/' })
      expect(response.statusCode).toBe(503)
      expect(response.body).toContain('The app is being built')
    } finally {
      await bare.close()
    }
  })
})
