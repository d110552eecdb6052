/**
 * Test support for the commerce services: the whole schema (core and commerce tables, with their
 * foreign keys), migrated and seeded like every server test (server/test-support/test-database.ts),
 * and helpers to put a held appointment of the seeded demo tenant into it.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema'
import { DEMO } from '../../seed/demo.seed'
import { createTestDatabase } from '../../test-support/test-database'

export async function commerceTestDb(): Promise<{ db: Db; close: () => Promise<void> }> {
  const database = await createTestDatabase()
  return { db: database.db, close: () => database.cleanup() }
}

let held = 0

/**
 * A pending hold of the demo tenant (Dr Sarah, anti-wrinkle 1 area, London) at a price of 100, on a
 * day of its own in 2030 so that no two holds (nor the seed's appointments) overlap.
 */
export async function holdAppointment(
  db: Db,
  now: Date,
  over: { customerId?: string; courseId?: string | null; status?: string; holdExpiresAt?: Date | null } = {},
): Promise<string> {
  const id = `aaaa${String(process.pid % 10_000).padStart(4, '0')}${String(++held).padStart(16, '0')}`
  const start = new Date(Date.UTC(2030, 0, 1) + held * 86_400_000)
  await db
    .insertInto('appointments')
    .values({
      id,
      tenant_id: 'demo',
      customer_id: over.customerId ?? DEMO.customerDemo,
      practitioner_id: DEMO.pSarah,
      clinic_id: DEMO.clinicLondon,
      service_id: DEMO.sAntiWrinkle1,
      status: over.status ?? 'Pending',
      starts_at: start,
      ends_at: new Date(start.getTime() + 30 * 60_000),
      hold_expires_at: over.holdExpiresAt === undefined ? new Date(now.getTime() + 5 * 60_000) : over.holdExpiresAt,
      group_id: null,
      is_linked: false,
      course_id: over.courseId ?? null,
      price: 100,
      gross_price: 100,
      net_price: 83.33,
      tax: 16.67,
      deposit: 0,
      transaction_id: null,
    })
    .execute()
  return id
}

export async function appointmentStatus(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()
  return row.status
}

/** The notices of one kind about this appointment: their appointment ids and deposit. */
export async function noticesAbout(db: Db, kind: string, appointmentId: string): Promise<{ appointmentIds: string[]; deposit?: { amount: number; currency: string } }[]> {
  const rows = await sql<{ payload: string | { appointments: { id: string }[]; deposit?: { amount: number; currency: string } } }>`
    SELECT payload FROM notices WHERE tenant_id = 'demo' AND kind = ${kind} ORDER BY created_at, id`.execute(db)
  return rows.rows
    .map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { appointments: { id: string }[]; deposit?: { amount: number; currency: string } })
    .filter((p) => p.appointments.some((a) => a.id === appointmentId))
    .map((p) => ({ appointmentIds: p.appointments.map((a) => a.id), ...(p.deposit ? { deposit: p.deposit } : {}) }))
}

/** Changes the demo organisation's deposit settings (the seed's: 20 %, summed, each time). */
export async function setDeposit(db: Db, deposit: Record<string, unknown>): Promise<void> {
  const row = await db.selectFrom('organisations').select('settings').where('tenant_id', '=', 'demo').executeTakeFirstOrThrow()
  await db.updateTable('organisations').set({ settings: JSON.stringify({ ...row.settings, ...deposit }) }).where('tenant_id', '=', 'demo').execute()
}
