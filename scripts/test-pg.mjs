#!/usr/bin/env node
// `npm run test:pg`: the server suite against a PostgreSQL server. Each run gets its own database,
// created here and dropped afterwards; DATABASE_URL names the server (default 127.0.0.1:5432, trust auth).
import { spawnSync } from 'node:child_process'
import pg from 'pg'
import { findPostgres } from './lib/environment.mjs'

const adminUrl = await findPostgres()
if (!adminUrl) {
  console.error('No PostgreSQL server answered: set DATABASE_URL or start one on 127.0.0.1:5432.')
  process.exit(1)
}
const name = `clinic_test_${process.pid}_${Date.now()}`
const admin = new pg.Client({ connectionString: adminUrl })
await admin.connect()
await admin.query(`CREATE DATABASE ${name}`)
const testUrl = new URL(adminUrl)
testUrl.pathname = `/${name}`
let status = 1
try {
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: testUrl.toString() },
  })
  status = result.status ?? 1
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
}
process.exit(status)
