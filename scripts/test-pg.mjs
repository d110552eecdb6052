#!/usr/bin/env node
// `npm run test:pg`: the server suite against a PostgreSQL server. Each run gets its own database,
// created here and dropped afterwards; DATABASE_URL names the server (default 127.0.0.1:5432, trust auth).
import { spawnSync } from 'node:child_process'
import { findPostgres, withThrowawayDatabase } from './lib/environment.mjs'
import { pgSuiteFiles } from './lib/pg-suite-files.mjs'

const adminUrl = await findPostgres()
if (!adminUrl) {
  console.error('No PostgreSQL server answered: set DATABASE_URL or start one on 127.0.0.1:5432.')
  process.exit(1)
}
// With no arguments, the server test files whose result can depend on the database (pg-suite-files.mjs):
// the others run the same code in the PGlite run of `npm test`. Arguments are passed to vitest as given.
const args = process.argv.slice(2)
const files = args.length ? args : pgSuiteFiles(process.cwd()).database
const status = await withThrowawayDatabase(adminUrl, 'clinic_test', (testUrl) => {
  // Both server projects (vite.config.ts): the files sharing a module graph and those kept isolated.
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--project', 'server-isolated', ...files], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: testUrl },
  })
  return result.status ?? 1
})
process.exit(status)
