#!/usr/bin/env node
// Catalogue reads under load: autocannon, 10 connections, against the real server on a real port
// (`node --import tsx server/main.ts` as a child process, NODE_ENV production, demo tenant), first on
// PGlite (a temporary data directory), then on PostgreSQL when one answers (a throwaway database,
// created and dropped here). Production never seeds the demo tenant, so a development start seeds the
// database first and the production server is started on it afterwards. Prints req/s and p99 per endpoint beside the targets (>= 5,000 req/s, p99 <= 20 ms).
// CATALOGUE_BENCH_SECONDS (default 5) per endpoint; CATALOGUE_BENCH_LOG_LEVEL (default info, as in
// production: one request-log line each, to /dev/null here). "CPU µs/req" is the server process's own
// CPU time per request (/proc): on a loaded machine it moves much less than req/s and p99. Never fails.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { findPostgres, withThrowawayDatabase } from '../scripts/lib/environment.mjs'
import { cpuMsOf, startSeededProductionServer } from './lib/bench-server.mjs'
import { recordFigure } from './lib/figures.mjs'

const SECONDS = Number(process.env.CATALOGUE_BENCH_SECONDS || 5)
const CONNECTIONS = 10
const TARGET_RPS = 5000
const TARGET_P99_MS = 20
const LONDON = 'c10000000000000000000001'
// As in production: one request-log line each (to /dev/null here).
const LOG = { LOG_LEVEL: process.env.CATALOGUE_BENCH_LOG_LEVEL || 'info' }

const ENDPOINTS = [
  { id: 'organisation', name: 'public organisation', path: '/api/public/organisations' },
  { id: 'clinics', name: 'public clinics', path: '/api/public-clinics' },
  { id: 'categories', name: 'categories (London, online)', path: `/api/categories?clinic=${LONDON}&fromCustomer=true` },
  { id: 'services', name: 'services/public', path: '/api/services/public' },
  { id: 'services-clinic', name: 'services/public (London)', path: `/api/services/public?clinic=${LONDON}` },
  { id: 'services-br', name: 'services/public, brotli', path: '/api/services/public', headers: { 'accept-encoding': 'br' } },
  { id: 'courses', name: 'course/groupedByCategory', path: '/api/course/groupedByCategory' },
]

const run = (options) => new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))))

async function measure(label, database, server) {
  console.log(`\n${label}: ${CONNECTIONS} connections, ${SECONDS} s per endpoint (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores)`)
  console.log(`  ${'endpoint'.padEnd(32)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  bytes  CPU µs/req  target (>= ${TARGET_RPS} req/s, p99 <= ${TARGET_P99_MS} ms)`)
  for (const endpoint of ENDPOINTS) {
    const options = { url: server.url + endpoint.path, headers: endpoint.headers ?? {}, connections: CONNECTIONS }
    const check = await fetch(options.url, { headers: options.headers })
    if (!check.ok) throw new Error(`${endpoint.path} answered ${check.status}`)
    await run({ ...options, amount: 2000 }) // warm-up (JIT, caches), not counted
    const cpuBefore = cpuMsOf(server.pid)
    const result = await run({ ...options, duration: SECONDS })
    const cpuAfter = cpuMsOf(server.pid)
    // The server's own CPU per request: what the figures would be without other processes competing.
    const cpuPerRequest = cpuBefore === undefined || cpuAfter === undefined ? '' : (((cpuAfter - cpuBefore) * 1000) / Math.max(result.requests.total, 1)).toFixed(0)
    const failed = result.errors + result.non2xx + result.timeouts
    const rps = result.requests.average
    const p99 = result.latency.p99
    const met = rps >= TARGET_RPS && p99 <= TARGET_P99_MS && failed === 0
    recordFigure({
      id: `catalogue.${database}.${endpoint.id}`,
      name: `catalogue ${endpoint.name}, ${label}`,
      measured: `${Math.round(rps).toLocaleString('en-GB')} req/s, p99 ${p99} ms${failed ? `, ${failed} failed` : ''}`,
      target: `>= ${TARGET_RPS.toLocaleString('en-GB')} req/s, p99 <= ${TARGET_P99_MS} ms`,
      met,
    })
    console.log(
      `  ${endpoint.name.padEnd(32)} ${rps.toFixed(0).padStart(8)} ${String(result.latency.p50).padStart(7)} ${String(p99).padStart(7)}  ${String(Math.round(result.throughput.average / Math.max(rps, 1))).padStart(5)}  ${cpuPerRequest.padStart(10)}  ${met ? 'met' : 'NOT met'}${failed ? ` (${failed} failed)` : ''}`,
    )
  }
  console.log(`  load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
}

async function onPostgres() {
  const adminUrl = await findPostgres()
  if (!adminUrl) {
    console.log('\nPostgreSQL: no server answered at 127.0.0.1:5432 (or DATABASE_URL); skipped.')
    return
  }
  await withThrowawayDatabase(adminUrl, 'clinic_bench', async (url) => {
    let server
    try {
      server = await startSeededProductionServer({ DATABASE_URL: url }, LOG)
      await measure('PostgreSQL', 'pg', server)
    } finally {
      await server?.stop()
    }
  })
}

try {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-catalogue-bench-'))
  try {
    const server = await startSeededProductionServer({ DATA_DIR: dataDir }, LOG)
    try {
      await measure('PGlite', 'pglite', server)
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  if (process.env.CATALOGUE_BENCH_PG !== '0') await onPostgres()
} catch (error) {
  console.log(`catalogue bench could not run: ${error instanceof Error ? error.message : String(error)}`)
}
