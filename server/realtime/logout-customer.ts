/**
 * Support: end every live session of a customer ('logout-customer' to all their sockets).
 *   DATABASE_URL=postgres://... node --import tsx server/realtime/logout-customer.ts <tenant> <customerId>
 * On PostgreSQL one NOTIFY reaches every server instance. Inside a server process (or on PGlite,
 * where the server is the only process) it publishes through the process's own hubs.
 */
import pg from 'pg'
import { pathToFileURL } from 'node:url'
import { LiveEventsHub, LOGOUT_CUSTOMER, publishLogout } from './live-events.hub'

export async function logoutCustomerEverywhere(tenant: string, customerId: string, options: { pool?: pg.Pool } = {}): Promise<void> {
  if (!options.pool) return publishLogout(tenant, customerId)
  const hub = new LiveEventsHub({ pool: options.pool })
  try {
    await hub.start()
    await hub.publish(tenant, { from: LOGOUT_CUSTOMER, customerId })
  } finally {
    await hub.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [tenant, customerId] = process.argv.slice(2)
  const url = process.env.DATABASE_URL
  if (!tenant || !customerId || !url) {
    console.error('usage: DATABASE_URL=postgres://... node --import tsx server/realtime/logout-customer.ts <tenant> <customerId>')
    process.exit(2)
  }
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  await logoutCustomerEverywhere(tenant, customerId, { pool })
  await pool.end()
  console.log(`logout-customer sent to ${tenant}/${customerId}`)
}
