/**
 * Releases expired pending holds (status Pending, hold_expires_at in the past) so their time is free
 * again. Safe with several instances: rows are claimed with FOR UPDATE SKIP LOCKED. New bookings also
 * release overlapping expired holds in their own transaction (booking.service.ts), so the sweeper
 * only tidies up.
 */
import { sql } from 'kysely'
import type { Db } from '../db/schema'
import { businessMetrics } from '../observability/metrics'
import { notify } from '../notifications/notifications.service'

export const RELEASED_HOLD_STATUS = 'Deleted'

export class HoldSweeper {
  constructor(
    private readonly db: Db,
    private readonly log?: { info(obj: object, msg: string): void },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Releases up to `limit` expired holds; returns how many. */
  async sweep(limit = 500): Promise<number> {
    // The release and its notices commit together: a crash between them loses neither.
    // The server's clock, which wrote hold_expires_at (and which bookings read to free expired holds),
    // not the database's: a database clock behind the server's would keep a lapsed hold taken for as long.
    const now = this.now()
    const rows = await this.db.transaction().execute(async (trx) => {
      const result = await sql<{ id: string; tenant_id: string; is_linked: boolean; hold_id: string | null }>`
        UPDATE appointments SET status = ${RELEASED_HOLD_STATUS}, updated_at = ${now}
        WHERE id IN (
          SELECT id FROM appointments
          WHERE status = 'Pending' AND hold_expires_at IS NOT NULL AND hold_expires_at <= ${now}
          ORDER BY hold_expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
        )
        RETURNING id, tenant_id, is_linked, hold_id`.execute(trx)
      // A slot hold (a time picked, not yet booked: holds.service.ts) was never a booking: nothing to tell.
      for (const r of result.rows.filter((row) => !row.is_linked && row.hold_id === null)) await notify(trx, r.tenant_id, { kind: 'hold-released', appointmentIds: [r.id], at: now })
      return result.rows
    })
    businessMetrics.holdsExpired(rows.length)
    if (rows.length > 0) this.log?.info({ released: rows.length }, 'expired holds released')
    return rows.length
  }
}
