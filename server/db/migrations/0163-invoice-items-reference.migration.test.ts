import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commerceTestDb } from '../../commerce/testing/commerce-test-db'
import type { Db } from '../schema'

let db: Db
let close: () => Promise<void>

beforeAll(async () => {
  ;({ db, close } = await commerceTestDb())
})
afterAll(async () => close())

describe('the invoice lines that name an appointment', () => {
  it("are found through an index, not a scan of every line the clinic wrote (the desk's day listing, the checkout)", async () => {
    // A clinic's years of bills: 5,000 lines, each naming an appointment of its own, the statistics current.
    await sql`INSERT INTO commerce_invoices (id, tenant_id, code, customer_id, description, origin, amount)
      SELECT 'inv-lines', 'demo', 'INV-LINES', id, 'Checkout', 'desk', 0 FROM customers WHERE tenant_id = 'demo' LIMIT 1`.execute(db)
    await sql`INSERT INTO commerce_invoice_items (id, tenant_id, invoice_id, position, type, name, list_price, gross_price, net_price, final_price, reference_id)
      SELECT 'line-' || n, 'demo', 'inv-lines', n, 'Service', 'A visit', 10, 10, 10, 10, 'appointment-' || n FROM generate_series(1, 5000) n`.execute(db)
    await sql`ANALYZE commerce_invoice_items`.execute(db)
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT it.invoice_id FROM commerce_invoice_items it
      WHERE it.tenant_id = ${'demo'} AND it.reference_id = ${'an-appointment'}`.execute(db)
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n')
    expect(text).toContain('commerce_invoice_items_reference')
    expect(text).not.toContain('Seq Scan')
  })
})
