// POST /admin/setup archiving a practitioner, service or clinic that still has upcoming bookings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, type TestServer } from '../test-support/test-server'
import { operatorDb } from '../staff/staff.tables'
import { exampleDocument, OPERATOR_KEY, tenantWithAdmin } from './admin-test-support'

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer({ operatorKey: OPERATOR_KEY })
})
afterAll(() => t.close())

const apply = (headers: Record<string, string>, document: unknown, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/admin/setup', headers, payload: { document, dryRun: false, ...extra } })

type Doc = { practitioners: { slug: string }[]; services: { slug: string; practitioners?: Record<string, unknown> }[] }
/** The example without practitioner ravi (and the services' references to him). */
function withoutRavi(): Doc {
  const doc = exampleDocument() as unknown as Doc
  doc.practitioners = doc.practitioners.filter((p) => p.slug !== 'ravi')
  for (const s of doc.services) delete s.practitioners?.ravi
  return doc
}

async function bookRavi(tenant: string, startsAt: Date, status = 'Scheduled', id = 'f'.repeat(23) + '1') {
  const of = (table: 'practitioners' | 'clinics' | 'services', slug: string) =>
    operatorDb(t.db).selectFrom(table).select('id').where('tenant_id', '=', tenant).where('slug', '=', slug).executeTakeFirstOrThrow()
  const [practitioner, clinic, service] = await Promise.all([of('practitioners', 'ravi'), of('clinics', 'bristol'), of('services', 'consultation')])
  await t.db
    .insertInto('appointments')
    .values({ id, tenant_id: tenant, customer_id: null, practitioner_id: practitioner.id, clinic_id: clinic.id, service_id: service.id, status, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 1_800_000), group_id: null, course_id: null, price: null, gross_price: null, net_price: null, tax: null, deposit: null, transaction_id: null, hold_expires_at: null } as never)
    .execute()
}

describe('archiving with upcoming bookings', () => {
  it('the plan counts the bookings, apply refuses (409, naming them) and archives with archiveWithBookings', async () => {
    const { headers } = await tenantWithAdmin(t, 'archivist')
    expect((await apply(headers, exampleDocument())).statusCode).toBe(200)
    const soon = new Date(Date.now() + 7 * 86_400_000)
    await bookRavi('archivist', soon)
    await bookRavi('archivist', new Date(Date.now() - 86_400_000), 'Scheduled', 'f'.repeat(23) + '2')
    await bookRavi('archivist', soon, 'Cancelled', 'f'.repeat(23) + '3')

    const dry = await apply(headers, withoutRavi(), { dryRun: true })
    expect(dry.statusCode, dry.body).toBe(200)
    expect(dry.json().plan).toContainEqual({ action: 'archive', kind: 'practitioner', slug: 'ravi', upcomingBookings: 1 })

    const refused = await apply(headers, withoutRavi())
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe('Not applied: archiving practitioner ravi, which has 1 upcoming booking. Move or cancel those bookings first.')
    const still = await operatorDb(t.db).selectFrom('practitioners').select('archived').where('tenant_id', '=', 'archivist').where('slug', '=', 'ravi').executeTakeFirstOrThrow()
    expect(still.archived).toBe(false)

    const anyway = await apply(headers, withoutRavi(), { archiveWithBookings: true })
    expect(anyway.statusCode, anyway.body).toBe(200)
    expect(anyway.json().applied).toBe(true)
    const archived = await operatorDb(t.db).selectFrom('practitioners').select('archived').where('tenant_id', '=', 'archivist').where('slug', '=', 'ravi').executeTakeFirstOrThrow()
    expect(archived.archived).toBe(true)
  })

  it('archives an item whose bookings are all past or cancelled without the flag', async () => {
    const { headers } = await tenantWithAdmin(t, 'tidy')
    expect((await apply(headers, exampleDocument())).statusCode).toBe(200)
    await bookRavi('tidy', new Date(Date.now() - 86_400_000), 'Scheduled', 'f'.repeat(23) + '4')
    const applied = await apply(headers, withoutRavi())
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json().plan).toContainEqual({ action: 'archive', kind: 'practitioner', slug: 'ravi' })
  })
})
