import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'
import { catalogueVersion } from './catalogue-cache'

// The real app (reference cache on, as in production): catalogue answers are kept under the tenant's
// catalogue version, which the database bumps on every catalogue write.
let t: TestServer
beforeAll(async () => {
  t = await buildTestServer({ referenceCacheMs: 15_000 })
})
afterAll(() => t.close())

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api${url}` })
  expect(response.statusCode).toBe(200)
  return response.json()
}
const serviceName = async (id: string) => (await get('/services/public')).find((s: { id: string }) => s.id === id)?.onlineName

describe('cached catalogue answers', () => {
  it('show a change of the data to the next request, as every other catalogue write bumps the version', async () => {
    const before = await serviceName(DEMO.sPeel)
    expect(before).toBeDefined()
    expect(await serviceName(DEMO.sPeel)).toBe(before) // now from the cache
    const version = await catalogueVersion(t.database, 'demo')
    await t.db.updateTable('services').set({ online_name: 'Glow peel' }).where('id', '=', DEMO.sPeel).execute()
    expect(await catalogueVersion(t.database, 'demo')).not.toBe(version)
    expect(await serviceName(DEMO.sPeel)).toBe('Glow peel')

    // A write to a related table (a practitioner's price for the service) is seen too.
    const staffPrice = async () =>
      (await get('/services/public')).find((s: { id: string }) => s.id === DEMO.sPeel).staffs.map((p: { grossPrice: number }) => p.grossPrice)
    const prices = await staffPrice()
    expect(prices.length).toBeGreaterThan(0)
    await t.db.updateTable('service_practitioners').set({ gross_price: '123.00' }).where('service_id', '=', DEMO.sPeel).execute()
    expect(await staffPrice()).toEqual(prices.map(() => 123))
  })

  it('answer clinics, categories, courses and the organisation from the new version after a write', async () => {
    const clinics = await get('/public-clinics')
    await t.db.updateTable('clinics').set({ account_name: 'Harley Street' }).where('id', '=', DEMO.clinicLondon).execute()
    expect((await get('/public-clinics')).map((c: { accountName: string }) => c.accountName)).toEqual(
      clinics.map((c: { id: string; accountName: string }) => (c.id === DEMO.clinicLondon ? 'Harley Street' : c.accountName)),
    )
    await get('/categories')
    await t.db.updateTable('categories').set({ name: 'Faces' }).where('id', '=', DEMO.catFace).execute()
    expect((await get('/categories')).find((c: { id: string }) => c.id === DEMO.catFace).name).toBe('Faces')
    expect((await get('/course/groupedByCategory?includeEmpty=true')).some((g: { category: { name: string } }) => g.category.name === 'Faces')).toBe(true)
    await get('/public/organisations')
    await t.db.updateTable('organisations').set({ name: 'Harley Group' }).where('tenant_id', '=', 'demo').execute()
    expect((await get('/public/organisations')).name).toBe('Harley Group')
  })

  it('are read from the cache while the version stands', async () => {
    const before = await serviceName(DEMO.sMicroneedling)
    // A write the trigger does not see (disabled for the test) is not seen either: the answer is the kept one.
    await sql`ALTER TABLE services DISABLE TRIGGER services_catalogue_version`.execute(t.db)
    await t.db.updateTable('services').set({ online_name: 'Unseen' }).where('id', '=', DEMO.sMicroneedling).execute()
    await sql`ALTER TABLE services ENABLE TRIGGER services_catalogue_version`.execute(t.db)
    expect(await serviceName(DEMO.sMicroneedling)).toBe(before)
    await t.db.updateTable('services').set({ online_name: 'Seen' }).where('id', '=', DEMO.sMicroneedling).execute()
    expect(await serviceName(DEMO.sMicroneedling)).toBe('Seen')
  })

  it('see a write made in a transaction once it commits, and nothing of one rolled back', async () => {
    const before = await serviceName(DEMO.sLipFiller)
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable('services').set({ online_name: 'Rolled back' }).where('id', '=', DEMO.sLipFiller).execute()
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await serviceName(DEMO.sLipFiller)).toBe(before)
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('services').set({ online_name: 'Committed' }).where('id', '=', DEMO.sLipFiller).execute()
    })
    expect(await serviceName(DEMO.sLipFiller)).toBe('Committed')
  })

  it('keep tenants apart and a missing service a 404', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/services/public/5e00000000000000000000ff' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('Service not found.')
    const versions = await Promise.all(Array.from({ length: 10 }, () => catalogueVersion(t.database, 'demo')))
    expect(new Set(versions).size).toBe(1)
    expect(await catalogueVersion(t.database, 'no-such-tenant')).toBe('0')
  })
})
