/** SQL of blocks of time: appointment rows of type Break, Block or Leave, with no customer and no service. */
import { sql } from 'kysely'
import { newId } from '../commerce/commerce.tables'
import type { OperatorDbOrTrx } from '../staff/staff.tables'

export const BLOCK_TYPE_VALUES = ['Break', 'Block', 'Leave'] as const

export interface BlockRow {
  id: string
  type: string
  starts_at: Date
  ends_at: Date
  practitioner_id: string
  practitioner: string
  clinic_id: string
  location: string
  note: string | null
  series_id: string | null
}

function blocksQuery(db: OperatorDbOrTrx, tenant: string) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('practitioners as p', (j) => j.onRef('p.id', '=', 'a.practitioner_id').onRef('p.tenant_id', '=', 'a.tenant_id'))
    .innerJoin('clinics as c', (j) => j.onRef('c.id', '=', 'a.clinic_id').onRef('c.tenant_id', '=', 'a.tenant_id'))
    .select([
      'a.id',
      'a.type',
      'a.starts_at',
      'a.ends_at',
      'a.practitioner_id',
      'p.display_name as practitioner',
      'a.clinic_id',
      sql<string>`coalesce(c.name, c.account_name)`.as('location'),
      'a.note',
      'a.series_id',
    ])
    .where('a.tenant_id', '=', tenant)
    .where('a.type', 'in', [...BLOCK_TYPE_VALUES])
    .where('a.status', '=', 'Scheduled')
}

/** Blocks starting in [from, to) (the starts_at index serves the range), optionally of some practitioners. */
export async function blocksBetween(db: OperatorDbOrTrx, tenant: string, from: Date, to: Date, practitionerIds?: readonly string[]): Promise<BlockRow[]> {
  let q = blocksQuery(db, tenant).where('a.starts_at', '>=', from).where('a.starts_at', '<', to)
  if (practitionerIds) q = q.where('a.practitioner_id', 'in', practitionerIds.length ? [...practitionerIds] : [''])
  return q.orderBy('a.starts_at').orderBy('p.display_name').execute()
}

export function blockRow(db: OperatorDbOrTrx, tenant: string, id: string): Promise<BlockRow | undefined> {
  return blocksQuery(db, tenant).where('a.id', '=', id).executeTakeFirst()
}

export interface NewBlock {
  tenant: string
  type: (typeof BLOCK_TYPE_VALUES)[number]
  practitionerId: string
  clinicId: string
  start: Date
  end: Date
  note: string | null
  now: Date
  /** the series it belongs to (a repeating block) */
  seriesId?: string
}

/** Writes the block; the exclusion constraint refuses it (23P01) where it overlaps a booking, a hold or a block. */
export async function insertBlock(db: OperatorDbOrTrx, block: NewBlock): Promise<string> {
  const id = newId()
  await db
    .insertInto('appointments')
    .values({
      id,
      tenant_id: block.tenant,
      customer_id: null,
      practitioner_id: block.practitionerId,
      clinic_id: block.clinicId,
      service_id: null,
      type: block.type,
      status: 'Scheduled',
      starts_at: block.start,
      ends_at: block.end,
      hold_expires_at: null,
      group_id: null,
      course_id: null,
      price: null,
      gross_price: null,
      net_price: null,
      tax: null,
      deposit: null,
      transaction_id: null,
      hold_id: null,
      note: block.note,
      series_id: block.seriesId ?? null,
      created_at: block.now,
      updated_at: block.now,
    })
    .execute()
  return id
}

/** Deletes the block (the booking-version trigger bumps the practitioner's version: availability offers the time again). */
export async function deleteBlock(db: OperatorDbOrTrx, tenant: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('appointments').where('tenant_id', '=', tenant).where('id', '=', id).where('type', 'in', [...BLOCK_TYPE_VALUES]).executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** Deletes a series' blocks, those starting at or after `from` when given; answers how many went. */
export async function deleteSeries(db: OperatorDbOrTrx, tenant: string, seriesId: string, from?: Date): Promise<number> {
  let q = db.deleteFrom('appointments').where('tenant_id', '=', tenant).where('series_id', '=', seriesId).where('type', 'in', [...BLOCK_TYPE_VALUES]).where('status', '=', 'Scheduled')
  if (from) q = q.where('starts_at', '>=', from)
  const result = await q.executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The clinics where the practitioner works on a weekday (0 = Sunday), then any other clinic they work at. */
export async function practitionerClinics(db: OperatorDbOrTrx, tenant: string, practitionerId: string, weekday: number): Promise<string[]> {
  const rows = await db
    .selectFrom('practitioner_hours')
    .select(['clinic_id', 'weekday'])
    .where('tenant_id', '=', tenant)
    .where('practitioner_id', '=', practitionerId)
    .where('kind', '!=', 'break')
    .execute()
  const sameDay = rows.filter((r) => r.weekday === weekday).map((r) => r.clinic_id)
  return [...new Set([...sameDay, ...rows.map((r) => r.clinic_id)])]
}

export interface HoursRow {
  clinic_id: string
  location: string
  weekday: number
  start_time: string
  end_time: string
  kind: string
}

/** The practitioner's weekly hours and breaks, with the clinic's name. */
export function weeklyHours(db: OperatorDbOrTrx, tenant: string, practitionerId: string): Promise<HoursRow[]> {
  return db
    .selectFrom('practitioner_hours as h')
    .innerJoin('clinics as c', (j) => j.onRef('c.id', '=', 'h.clinic_id').onRef('c.tenant_id', '=', 'h.tenant_id'))
    .select(['h.clinic_id', sql<string>`coalesce(c.name, c.account_name)`.as('location'), 'h.weekday', 'h.start_time', 'h.end_time', 'h.kind'])
    .where('h.tenant_id', '=', tenant)
    .where('h.practitioner_id', '=', practitionerId)
    .orderBy('h.weekday')
    .orderBy('h.start_time')
    .execute()
}

export async function practitionerName(db: OperatorDbOrTrx, tenant: string, id: string): Promise<string | undefined> {
  return (await db.selectFrom('practitioners').select('display_name').where('tenant_id', '=', tenant).where('id', '=', id).executeTakeFirst())?.display_name
}

/** Holidays and closed days that touch the London dates [from, to]. */
export function closuresBetween(db: OperatorDbOrTrx, tenant: string, from: string, to: string) {
  return db
    .selectFrom('closures')
    .select(['kind', 'clinic_id', 'practitioner_id', 'starts_on', 'ends_on'])
    .where('tenant_id', '=', tenant)
    .where('starts_on', '<=', to)
    .where('ends_on', '>=', from)
    .execute()
}
