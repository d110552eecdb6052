import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from './test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, seedIds, type TestServer } from './test-support/test-server'

let t: TestServer
const OTHER = seedIds('other')
beforeAll(async () => {
  t = await buildTestServer()
})
afterAll(() => t.close())

const asOther = { 'x-tenant': 'other' }

describe('tenancy', () => {
  it('each tenant sees only its own catalogue', async () => {
    const demo = (await t.app.inject({ method: 'GET', url: '/api/public-clinics' })).json()
    const other = (await t.app.inject({ method: 'GET', url: '/api/public-clinics', headers: asOther })).json()
    expect(demo.map((c: { id: string }) => c.id)).toEqual([DEMO.clinicLondon, DEMO.clinicManchester])
    expect(other.map((c: { id: string }) => c.id)).toEqual([OTHER.clinicLondon, OTHER.clinicManchester])
    const foreignService = await t.app.inject({ method: 'GET', url: `/api/services/public/${DEMO.sLipFiller}`, headers: asOther })
    expect(foreignService.statusCode).toBe(404)
    const foreignCategory = await t.app.inject({ method: 'GET', url: `/api/categories/${DEMO.catFace}`, headers: asOther })
    expect(foreignCategory.statusCode).toBe(404)
  })

  it("a token of one tenant is not valid at another, and the same email is a different account", async () => {
    const demoToken = await t.login(DEMO_CUSTOMER)
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { ...t.auth(demoToken), ...asOther } })
    expect(me.statusCode).toBe(401)
    const otherToken = await t.login(DEMO_CUSTOMER, 'other')
    const otherMe = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { ...t.auth(otherToken), ...asOther } })
    expect(otherMe.json().id).toBe(OTHER.customerDemo)
    expect(otherMe.json().id).not.toBe(DEMO.customerDemo)
  })

  it("one tenant cannot read or change another's appointments or customers", async () => {
    const otherToken = await t.login(DEMO_CUSTOMER, 'other')
    const headers = { ...t.auth(otherToken), ...asOther }
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/${DEMO.apptFuture}`, headers })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${DEMO.apptFuture}`, headers })).statusCode).toBe(404)
    const move = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/reschedule/${DEMO.apptFuture}`,
      headers,
      payload: { appointment: { event: { start: londonInstant(londonDate(5), '10:00'), end: londonInstant(londonDate(5), '10:30') } } },
    })
    expect(move.statusCode).toBe(404)
    expect((await t.app.inject({ method: 'PUT', url: `/api/customers/${DEMO.customerDemo}`, headers, payload: { city: 'X' } })).statusCode).toBe(403)
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/public',
      headers,
      payload: { appointment: { event: { start: londonInstant(londonDate(4), '10:00'), end: londonInstant(londonDate(4), '10:15') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } },
    })
    expect(booking.statusCode).toBe(404)
    const row = await t.db.selectFrom('appointments').select(['status', 'tenant_id']).where('id', '=', DEMO.apptFuture).executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'Scheduled', tenant_id: 'demo' })
  })

  it('every tenant-owned row carries a tenant_id', async () => {
    const { rows } = await (await import('kysely')).sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables t
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        -- rate_limits: counters per client address for the whole install (a tenant per counter would
        -- multiply a client's allowance by the number of organisations)
        AND table_name NOT IN ('tenants', 'install_settings', 'rate_limits', 'kysely_migration', 'kysely_migration_lock')
        AND table_name NOT LIKE 'commerce%' AND table_name NOT LIKE 'sandbox%'
        AND NOT EXISTS (SELECT 1 FROM information_schema.columns c WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name = 'tenant_id')`.execute(t.db)
    expect(rows).toEqual([])
  })
})
