/**
 * A production start on a database with pending migrations stops with one line (unless
 * MIGRATE_ON_START=true): migrations are a deploy step of their own (`npm run migrate`), run once
 * before the instances roll, not a side effect of whichever instance starts first.
 */
import { pendingMigrations } from './database'
import type { Db } from './schema'

export class PendingMigrationsError extends Error {
  constructor(readonly pending: readonly string[]) {
    super(
      `the database has ${pending.length} pending migration${pending.length === 1 ? '' : 's'} (${pending.join(', ')}). ` +
        'Run `npm run migrate` first, or set MIGRATE_ON_START=true to apply them on start.',
    )
    this.name = 'PendingMigrationsError'
  }
}

export async function refusePendingMigrations(db: Db): Promise<void> {
  const pending = await pendingMigrations(db)
  if (pending.length > 0) throw new PendingMigrationsError(pending)
}
