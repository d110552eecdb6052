import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_TAX_IDS } from './commerce.seed'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'

let t: TestServer
let customer: string
let admin: string
beforeAll(async () => {
  t = await buildTestServer()
  customer = await t.login(DEMO_CUSTOMER)
  // An admin staff login (server/staff): customers are never admins.
  admin = (await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: DEMO_STAFF_ADMIN })).json().token as string
})
afterAll(() => t.close())

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object, tenant?: string) =>
  t.app.inject({ method, url, headers: { ...(token ? t.auth(token) : {}), ...(tenant ? { 'x-tenant': tenant } : {}) }, ...(payload ? { payload } : {}) })

describe('taxes', () => {
  it('lists the tenant taxes with the query filters; empty values mean any', async () => {
    expect((await inject('GET', '/api/taxes')).statusCode).toBe(401)
    const all = (await inject('GET', '/api/taxes?archived=&inactive=&name=&rate=', customer)).json()
    expect(all).toEqual([
      { id: SEED_TAX_IDS.vat20, name: 'VAT', rate: 20, active: true, archived: false },
      { id: SEED_TAX_IDS.exempt, name: 'Exempt', rate: 0, active: true, archived: false },
    ])
    expect((await inject('GET', '/api/taxes?rate=0', customer)).json().map((x: { name: string }) => x.name)).toEqual(['Exempt'])
    expect((await inject('GET', '/api/taxes?name=va', customer)).json().map((x: { name: string }) => x.name)).toEqual(['VAT'])
    expect((await inject('GET', '/api/taxes?rate=abc', customer)).statusCode).toBe(400)
  })

  it('reads one tax and the items that use it', async () => {
    expect((await inject('GET', `/api/taxes/${SEED_TAX_IDS.vat20}`, customer)).json()).toMatchObject({ name: 'VAT', rate: 20 })
    const items = (await inject('GET', `/api/taxes/${SEED_TAX_IDS.exempt}/items`, customer)).json()
    expect(items).toContainEqual({ id: DEMO.sMassage, name: 'Deep tissue massage', type: 'Service' })
    expect(items.every((i: { id: string }) => i.id !== DEMO.sAntiWrinkle1)).toBe(true)
    expect((await inject('GET', '/api/taxes/ffffffffffffffffffffffff', customer)).statusCode).toBe(404)
  })

  it('creates and updates taxes as admin only; archiving deactivates', async () => {
    expect((await inject('POST', '/api/taxes', customer, { name: 'Reduced', rate: 5 })).statusCode).toBe(401)
    expect((await inject('POST', '/api/taxes', admin, { name: 'Reduced', rate: 105 })).statusCode).toBe(400)
    expect((await inject('POST', '/api/taxes', admin, { name: '', rate: 5 })).statusCode).toBe(400)
    expect((await inject('POST', '/api/taxes', admin, { name: 'vat', rate: 5 })).statusCode).toBe(409)
    const created = (await inject('POST', `/api/taxes?organisationId=${DEMO.organisation}`, admin, { name: 'Reduced', rate: 5 })).json()
    expect(created).toMatchObject({ name: 'Reduced', rate: 5, active: true, archived: false })
    expect((await inject('PUT', `/api/taxes/${created.id}`, customer, { rate: 6 })).statusCode).toBe(401)
    const archived = (await inject('PUT', `/api/taxes/${created.id}`, admin, { archived: true })).json()
    expect(archived).toMatchObject({ archived: true, active: false })
    expect((await inject('GET', '/api/taxes?archived=true', customer)).json().map((x: { id: string }) => x.id)).toEqual([created.id])
    // Another tenant never sees it.
    expect((await inject('GET', `/api/taxes/${created.id}`, await t.login({ email: 'demo@example.com', password: 'Demo1234' }, 'other'), undefined, 'other')).statusCode).toBe(404)
  })
})
