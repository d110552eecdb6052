#!/usr/bin/env node
// `npm run test:pg`: the server suite against a PostgreSQL server. Each run gets its own database,
// created here and dropped afterwards; DATABASE_URL names the server (default 127.0.0.1:5432, trust auth).
import { spawnSync } from 'node:child_process'
import { findPostgres, withThrowawayDatabase } from './lib/environment.mjs'

const adminUrl = await findPostgres()
if (!adminUrl) {
  console.error('No PostgreSQL server answered: set DATABASE_URL or start one on 127.0.0.1:5432.')
  process.exit(1)
}
const status = await withThrowawayDatabase(adminUrl, 'clinic_test', (testUrl) => {
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: testUrl },
  })
  return result.status ?? 1
})
process.exit(status)
