/** A clinic's weekly opening hours (clinic_hours, written by `clinic admin apply`), as the scheduling rules take them. */
import type { TimeRange, WeeklySchedule } from '../../src/domain/scheduling'
import type { DbOrTrx } from '../db/schema'
import type { StaffTables } from '../staff/staff.tables'

export async function loadOpeningHours(db: DbOrTrx, tenant: string, clinicId: string): Promise<WeeklySchedule> {
  const rows = await db
    .withTables<Pick<StaffTables, 'clinic_hours'>>()
    .selectFrom('clinic_hours')
    .select(['weekday', 'start_time', 'end_time'])
    .where('tenant_id', '=', tenant)
    .where('clinic_id', '=', clinicId)
    .execute()
  const weekly: Record<number, TimeRange[]> = {}
  for (const r of rows) (weekly[r.weekday] ??= []).push({ start: r.start_time, end: r.end_time })
  return weekly
}
