/**
 * Reminders: per organisation a lead time (settings.reminderLeadHours, default 24; 0 turns them off)
 * and an optional second one (settings.secondReminderLeadHours, e.g. 2). A reminder is due once
 * `now` passes start − lead, for a Scheduled visit (its first appointment; linked ones go in the same
 * notice) that has not started. reminders_sent keys (appointment, lead, start): one reminder per
 * lead even with several instances (the insert wins once), and a moved appointment is planned anew.
 * A confirmation or move notice already inside a lead time stands for that reminder.
 */
import { sql } from 'kysely'
import type { Db, DbOrTrx, OrganisationSettings } from '../db/schema'
import { insertNotice } from './notices.repository'

export const DEFAULT_REMINDER_LEAD_HOURS = 24
/** The longest lead time looked at (a week): bounds the scan. */
const MAX_LEAD_HOURS = 168

export function reminderLeadsMinutes(settings: OrganisationSettings): number[] {
  const first = settings.reminderLeadHours ?? DEFAULT_REMINDER_LEAD_HOURS
  const leads = [first, settings.secondReminderLeadHours ?? 0].filter((h) => typeof h === 'number' && h > 0 && h <= MAX_LEAD_HOURS)
  return [...new Set(leads.map((h) => Math.round(h * 60)))].sort((a, b) => a - b)
}

async function leadsOf(db: DbOrTrx, tenant: string): Promise<number[]> {
  const row = await db.selectFrom('organisations').select('settings').where('tenant_id', '=', tenant).executeTakeFirst()
  return row ? reminderLeadsMinutes(row.settings) : []
}

async function claimLeads(db: DbOrTrx, tenant: string, appointmentId: string, start: Date, leads: readonly number[], at: Date): Promise<number[]> {
  const claimed: number[] = []
  for (const lead of leads) {
    const row = await sql<{ lead_minutes: number }>`
      INSERT INTO reminders_sent (tenant_id, appointment_id, lead_minutes, starts_at, planned_at)
      VALUES (${tenant}, ${appointmentId}, ${lead}, ${start}, ${at})
      ON CONFLICT DO NOTHING RETURNING lead_minutes`.execute(db)
    if (row.rows.length > 0) claimed.push(lead)
  }
  return claimed
}

/** After a confirmation or a move: the lead times already passed need no reminder of their own. */
export async function markPassedReminders(db: DbOrTrx, tenant: string, appointmentIds: readonly string[], at: Date): Promise<void> {
  if (appointmentIds.length === 0) return
  const leads = await leadsOf(db, tenant)
  const rows = await db.selectFrom('appointments').select(['id', 'starts_at']).where('tenant_id', '=', tenant).where('id', 'in', [...appointmentIds]).where('is_linked', '=', false).execute()
  for (const r of rows) {
    const start = new Date(r.starts_at)
    await claimLeads(db, tenant, r.id, start, leads.filter((lead) => start.getTime() - lead * 60_000 <= at.getTime()), at)
  }
}

/** Plans the reminders due at `now`; each visit's notice and its reminders_sent rows commit together. */
export async function planDueReminders(root: Db, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + MAX_LEAD_HOURS * 3_600_000)
  const candidates = await root
    .selectFrom('appointments as a')
    .select(['a.id', 'a.tenant_id', 'a.starts_at'])
    .where('a.status', '=', 'Scheduled')
    .where('a.is_linked', '=', false)
    .where('a.starts_at', '>', now)
    .where('a.starts_at', '<=', horizon)
    .execute()
  const leadsByTenant = new Map<string, number[]>()
  let planned = 0
  for (const c of candidates) {
    if (!leadsByTenant.has(c.tenant_id)) leadsByTenant.set(c.tenant_id, await leadsOf(root, c.tenant_id))
    const start = new Date(c.starts_at)
    const due = leadsByTenant.get(c.tenant_id)!.filter((lead) => start.getTime() - lead * 60_000 <= now.getTime())
    if (due.length === 0) continue
    const sent = await root.transaction().execute(async (trx) => {
      // Still Scheduled at this start (a cancel or move since the scan wins), locked till commit.
      const still = await trx.selectFrom('appointments').select(['id', 'group_id']).where('tenant_id', '=', c.tenant_id).where('id', '=', c.id).where('status', '=', 'Scheduled').where('starts_at', '=', start).forUpdate().executeTakeFirst()
      if (!still) return false
      const claimed = await claimLeads(trx, c.tenant_id, c.id, start, due, now)
      // Only the shortest due lead speaks: after downtime, one reminder rather than two at once.
      if (!claimed.includes(Math.min(...due))) return false
      const linked = await trx.selectFrom('appointments').select('id').where('tenant_id', '=', c.tenant_id).where('group_id', '=', c.id).where('is_linked', '=', true).where('status', '=', 'Scheduled').execute()
      await insertNotice(trx, c.tenant_id, { kind: 'reminder', appointmentIds: [c.id, ...linked.map((l) => l.id)], at: now, leadMinutes: Math.min(...due) })
      return true
    })
    if (sent) planned++
  }
  return planned
}
