import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../db/ids'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database'
import { appointmentViews, viewRowsQuery } from './appointment-view'

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
})

afterAll(async () => {
  await database?.cleanup()
})

/** Rows of appointments the rows query reads (returned or filtered out, by every scan of the table), from EXPLAIN ANALYZE. */
async function appointmentRowsRead(ids: string[]): Promise<number> {
  const compiled = viewRowsQuery(database.db, 'demo', ids).compile()
  const { rows } = await database.db.executeQuery<Record<string, unknown>>({ ...compiled, sql: `EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}` })
  const raw = Object.values(rows[0])[0]
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[]
  let read = 0
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === 'appointments') read += (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops']
    for (const child of node.Plans ?? []) walk(child)
  }
  walk(plan[0].Plan)
  return read
}

interface PlanNode {
  'Relation Name'?: string
  'Actual Rows': number
  'Actual Loops': number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  Plans?: PlanNode[]
}

describe('appointmentViews', () => {
  it('reads the appointments asked for and their booking partners, not every appointment of the tenant', async () => {
    // 3,000 appointments an hour apart; two of them asked for, one in a booking of two.
    const template = await database.db.selectFrom('appointments').select(['customer_id', 'practitioner_id', 'clinic_id', 'service_id']).where('tenant_id', '=', 'demo').limit(1).executeTakeFirstOrThrow()
    await sql`INSERT INTO appointments (id, tenant_id, customer_id, practitioner_id, clinic_id, service_id, status, starts_at, ends_at, group_id)
      SELECT 'many' || n, 'demo', ${template.customer_id}, ${template.practitioner_id}, ${template.clinic_id}, ${template.service_id}, 'Completed',
        timestamptz '2020-01-01 00:00Z' + n * interval '1 hour', timestamptz '2020-01-01 00:30Z' + n * interval '1 hour', CASE WHEN n IN (10, 11) THEN 'many-group' END
      FROM generate_series(1, 3000) AS n`.execute(database.db)
    await sql`ANALYZE appointments`.execute(database.db)
    const [view] = await appointmentViews(database.db, 'demo', ['many10', 'many500'])
    expect(view.linkedAppointments?.map((l) => l.id)).toEqual(['many11'])
    expect(await appointmentRowsRead(['many10', 'many500'])).toBeLessThan(20)
  })

  it('nests the other members of a booking as linkedAppointments', async () => {
    const template = await database.db.selectFrom('appointments').selectAll().where('tenant_id', '=', 'demo').limit(1).executeTakeFirstOrThrow()
    const group = newId()
    const [first, second] = [newId(), newId()]
    const day = new Date(Date.UTC(2031, 0, 7, 10))
    await database.db
      .insertInto('appointments')
      .values([
        { ...template, id: first, group_id: group, is_linked: false, transaction_id: null, starts_at: day, ends_at: new Date(day.getTime() + 1_800_000) },
        { ...template, id: second, group_id: group, is_linked: true, transaction_id: null, starts_at: new Date(day.getTime() + 1_800_000), ends_at: new Date(day.getTime() + 3_600_000) },
      ] as never)
      .execute()
    const [view] = await appointmentViews(database.db, 'demo', [first])
    expect(view.id).toBe(first)
    expect(view.linkedAppointments?.map((l) => l.id)).toEqual([second])
  })
})
