import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commerceTestDb, holdAppointment } from '../../commerce/testing/commerce-test-db'
import { DEMO } from '../../seed/demo.seed'
import type { Db } from '../schema'

let db: Db
let close: () => Promise<void>

beforeAll(async () => {
  ;({ db, close } = await commerceTestDb())
})
afterAll(async () => close())

const version = async (practitionerId: string) =>
  (await db.selectFrom('booking_versions').select('version').where('tenant_id', '=', 'demo').where('practitioner_id', '=', practitionerId).executeTakeFirst())?.version
const versionNumber = async (practitionerId: string) => {
  const v = await version(practitionerId)
  return v === undefined ? undefined : Number(v)
}

describe("a practitioner's booking version (availability's cache key)", () => {
  it('goes up with every write of their appointments, and starts at 1 for one with none yet', async () => {
    await db.deleteFrom('booking_versions').where('tenant_id', '=', 'demo').execute()
    const id = await holdAppointment(db, new Date())
    expect(await versionNumber(DEMO.pSarah)).toBe(1)
    await db.updateTable('appointments').set({ status: 'Scheduled' }).where('id', '=', id).execute()
    expect(await versionNumber(DEMO.pSarah)).toBe(2)
    await db.updateTable('appointments').set({ practitioner_id: DEMO.pJames }).where('id', '=', id).execute()
    expect([await versionNumber(DEMO.pSarah), await versionNumber(DEMO.pJames)]).toEqual([3, 1])
    await db.deleteFrom('appointments').where('id', '=', id).execute()
    expect([await versionNumber(DEMO.pSarah), await versionNumber(DEMO.pJames)]).toEqual([3, 2])
  })

  it('is bumped once per row written in one statement', async () => {
    const before = Number(await versionNumber(DEMO.pSarah))
    const [a, b] = [await holdAppointment(db, new Date()), await holdAppointment(db, new Date())]
    await sql`UPDATE appointments SET status = 'Scheduled' WHERE id IN (${a}, ${b})`.execute(db)
    expect(await versionNumber(DEMO.pSarah)).toBe(before + 4)
  })
})
