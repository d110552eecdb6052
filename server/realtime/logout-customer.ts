/**
 * Support: end every live session of a customer ('logout-customer' to all their sockets).
 *   node --import tsx server/realtime/logout-customer.ts <tenant> <customerId>
 * With DATABASE_URL (PostgreSQL) one NOTIFY reaches every server instance. On the embedded database
 * the running server owns DATA_DIR, so the script asks it through its control socket there
 * (live-events.control.ts). Inside a server process it publishes through the process's own hubs.
 */
import pg from 'pg'
import { pathToFileURL } from 'node:url'
import { loadConfig } from '../config'
import { requestLogout } from './live-events.control'
import { channelOf, LOGOUT_CUSTOMER, publishLogout } from './live-events.hub'

export async function logoutCustomerEverywhere(tenant: string, customerId: string, options: { pool?: pg.Pool } = {}): Promise<void> {
  if (!options.pool) return publishLogout(tenant, customerId)
  // NOTIFY alone, on one connection: listening is for servers (it held the script's only connection
  // and the publish waited for it for ever).
  const client = await options.pool.connect()
  try {
    await client.query('SELECT pg_notify($1, $2)', [await channelOf(client), JSON.stringify({ tenant, from: LOGOUT_CUSTOMER, customerId })])
  } finally {
    client.release()
  }
}

async function main(args: string[]): Promise<number> {
  const [tenant, customerId] = args
  if (!tenant || !customerId) {
    console.error('usage: [DATABASE_URL=postgres://... | DATA_DIR=...] node --import tsx server/realtime/logout-customer.ts <tenant> <customerId>')
    return 2
  }
  const config = loadConfig()
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 })
    try {
      await logoutCustomerEverywhere(tenant, customerId, { pool })
    } finally {
      await pool.end()
    }
    console.log(`logout-customer sent to ${tenant}/${customerId}`)
    return 0
  }
  if (await requestLogout(config.dataDir, { tenant, customerId })) {
    console.log(`logout-customer sent to ${tenant}/${customerId}`)
  } else {
    console.log(`No server is running on ${config.dataDir}: nobody is signed in live, nothing to send.`)
  }
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`logout-customer failed: ${(error as Error).message ?? String(error)}`)
    return 1
  })
  process.exit(code)
}
