/**
 * Settles card payments without any client (ARCHITECTURE.md "Faults"): a customer who closes the
 * tab, or a server that restarts, between the card payment and the check-payment poll must neither
 * lose the money nor the booking. Every run claims open payments that are due for a check and
 * settles each (settle(): book the appointment, or void / refund and tell the customer by mail).
 *
 * Safe with several instances: a claim moves the payment's next check on in one statement over rows
 * taken with FOR UPDATE SKIP LOCKED, so two instances never claim the same payment at once; and
 * settle() itself is idempotent under the payment's row lock, so a poll racing the reconciler still
 * gives one outcome. Processor calls stay outside database transactions (PGlite has one connection).
 */
import { sql } from 'kysely'
import type { CommerceDeps } from './commerce.deps'
import { settle } from './payments.service'

/** Seconds between two checks of one open payment (the customer may still be typing a card). */
export const RECHECK_SECONDS = 60
/** Checks before the reconciler gives an open payment up (a day at one a minute): nobody will pay it. */
export const MAX_CHECKS = 24 * 60

export interface ReconcilerLog {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export class PaymentReconciler {
  private running: Promise<number> | undefined

  constructor(
    private readonly deps: CommerceDeps,
    private readonly log?: ReconcilerLog,
  ) {}

  /** Claims up to `limit` due payments and settles them; returns how many it looked at. One run at a time per instance. */
  run(limit = 50): Promise<number> {
    this.running ??= this.settleDue(limit).finally(() => (this.running = undefined))
    return this.running
  }

  private async settleDue(limit: number): Promise<number> {
    const now = this.deps.clock()
    const next = new Date(now.getTime() + RECHECK_SECONDS * 1000)
    const claimed = await sql<{ tenant_id: string; transaction_id: string }>`
      UPDATE commerce_payments SET next_check_at = ${next}, checks = checks + 1
      WHERE id IN (
        SELECT id FROM commerce_payments
        WHERE status = 'open' AND next_check_at <= ${now} AND checks < ${MAX_CHECKS}
        ORDER BY next_check_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      RETURNING tenant_id, transaction_id`.execute(this.deps.db)
    for (const payment of claimed.rows) {
      try {
        const outcome = await settle(this.deps, payment.tenant_id, payment.transaction_id)
        const after = await this.deps.db.selectFrom('commerce_payments').select('status').where('transaction_id', '=', payment.transaction_id).executeTakeFirst()
        if (after && after.status !== 'open') this.log?.info({ transactionId: payment.transaction_id, status: after.status, paid: outcome.paid }, 'payment settled by the reconciler')
      } catch (err) {
        // The next run tries again (the claim only moved the check on).
        this.log?.error({ err, transactionId: payment.transaction_id }, 'payment reconciliation failed')
      }
    }
    return claimed.rows.length
  }
}
