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

const codeOf = (error: unknown) => (error as { code?: string }).code

const invoice = (id: string, customerId: string) =>
  sql`INSERT INTO commerce_invoices (id, tenant_id, code, customer_id, description, origin, amount) VALUES (${id}, 'demo', ${id}, ${customerId}, 'test', 'SALE', 1)`.execute(db)

describe('keys between the core and the commerce tables', () => {
  it('keeps an invoice to a customer that exists', async () => {
    await invoice('fk0000000000000000000001', DEMO.customerDemo)
    expect(codeOf(await invoice('fk0000000000000000000002', 'c5ffffffffffffffffffffff').catch((e: unknown) => e))).toBe('23503')
  })

  it('keeps an appointment booked from a course to a bought course, checked at commit', async () => {
    const id = await holdAppointment(db, new Date())
    const set = (courseId: string) => db.transaction().execute((trx) => trx.updateTable('appointments').set({ course_id: courseId }).where('id', '=', id).execute())
    await set(DEMO.customerCourseDemo)
    expect(codeOf(await set('dcffffffffffffffffffffff').catch((e: unknown) => e))).toBe('23503')
  })
})
