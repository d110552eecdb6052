/** What the desk can book at a location: every service offered there (online or not), with its practitioners. */
import type { DeskServiceOption } from '../../src/contract'
import { serviceOptions } from '../availability/calendar.repository'
import type { Db } from '../db/schema'
import { operatorDb } from '../staff/staff.tables'

export async function deskServices(db: Db, tenant: string, clinicId: string): Promise<DeskServiceOption[]> {
  const rows = await operatorDb(db)
    .selectFrom('services as s')
    .innerJoin('service_locations as sl', (j) => j.onRef('sl.service_id', '=', 's.id').on('sl.clinic_id', '=', clinicId))
    .select(['s.id', 's.name', 's.online_name'])
    .where('s.tenant_id', '=', tenant)
    .where('s.archived', '=', false)
    .where('s.availability', '!=', 'SELL_ONLY')
    .orderBy('s.name')
    .execute()
  if (rows.length === 0) return []
  const { options } = await serviceOptions(db, tenant, clinicId, rows.map((r) => r.id), false)
  const names = new Map(
    (await db.selectFrom('practitioners').select(['id', 'display_name']).where('tenant_id', '=', tenant).execute()).map((p) => [p.id, p.display_name]),
  )
  return rows.flatMap((r) => {
    const mine = options.filter((o) => o.serviceId === r.id)
    if (mine.length === 0) return []
    return [{
      id: r.id,
      name: r.online_name ?? r.name,
      durationMinutes: mine[0].defaultDuration,
      price: mine[0].defaultPrice,
      online: mine.some((o) => o.online),
      practitioners: mine.map((o) => ({ id: o.practitionerId, name: names.get(o.practitionerId) ?? '' })),
    }]
  })
}
