// POST /admin/tenants: the first admin's name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, type TestServer } from '../test-support/test-server'
import { OPERATOR_KEY } from './admin-test-support'
import { operatorDb } from '../staff/staff.tables'

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer({ operatorKey: OPERATOR_KEY })
})
afterAll(() => t.close())

const create = (tenant: string, extra: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/tenants', headers: { 'x-operator-key': OPERATOR_KEY }, payload: { shortName: tenant, name: `Clinic ${tenant}`, adminEmail: `owner@${tenant}.example.com`, ...extra } })
const nameOf = async (tenant: string) =>
  (await operatorDb(t.db).selectFrom('staff').select('display_name').where('tenant_id', '=', tenant).executeTakeFirstOrThrow()).display_name

describe("the first admin's name", () => {
  it('is the adminName given, trimmed', async () => {
    expect((await create('named', { adminName: '  Maya Thompson ' })).statusCode).toBe(201)
    expect(await nameOf('named')).toBe('Maya Thompson')
  })

  it.each([[{}], [{ adminName: '  ' }]])('is their email without one (%j)', async (extra) => {
    const tenant = `unnamed${Object.keys(extra).length}`
    expect((await create(tenant, extra)).statusCode).toBe(201)
    expect(await nameOf(tenant)).toBe(`owner@${tenant}.example.com`)
  })
})
