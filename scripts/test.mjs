#!/usr/bin/env node
// `npm test`: every suite this machine can run, and a loud notice for each one it cannot.
// With REQUIRE_ALL_SUITES=1 (set by .ci/run) a skipped suite is a failure.
import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findChromium, findPostgres } from './lib/environment.mjs'
import { UNIT_RUNS } from './lib/unit-runs.mjs'

const strict = process.env.REQUIRE_ALL_SUITES === '1'
const skipped = []
const failed = []
// Each suite's wall time, printed again in the summary so a slow suite is seen at a glance.
const timings = []
// What each suite's failures reporter wrote (scripts/lib/failures.reporter.mjs), named again in the summary:
// CI shows only the log's tail.
const reportDir = mkdtempSync(join(tmpdir(), 'clinic-test-report-'))
const problems = []
let runs = 0

/**
 * Runs one suite; resolves when it ends. `log`: its output goes to that file instead of the terminal
 * (a suite running beside another), printed whole once `printLog` is called.
 */
function run(label, command, args, env = {}, log) {
  if (!log) console.log(`\n=== ${label} ===`)
  const started = Date.now()
  const out = log ? openSync(log, 'w') : 'inherit'
  const failures = join(reportDir, `suite-${++runs}.jsonl`)
  const child = spawn(command, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env, TEST_FAILURES_FILE: failures } })
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (log) closeSync(out)
      const seconds = Math.round((Date.now() - started) / 1000)
      const line = `${label}: ${seconds} s${status !== 0 ? ' (failed)' : ''}`
      timings.push(line)
      if (status !== 0) failed.push(label)
      if (existsSync(failures)) for (const line of readFileSync(failures, 'utf8').split('\n').filter(Boolean)) problems.push({ label, ...JSON.parse(line) })
      const end = () => console.log(`=== ${line} ===`)
      if (!log) end()
      resolve({ printLog: () => { console.log(`\n=== ${label} (ran beside the unit suites; its output) ===`); process.stdout.write(readFileSync(log, 'utf8')); end() } })
    })
  })
}

function skip(label, why) {
  skipped.push(label)
  const bar = '!'.repeat(78)
  console.log(`\n${bar}\n!!! SKIPPED: ${label}\n!!! ${why}\n${bar}`)
}

/*
 * The server suite on PostgreSQL runs after the unit suites; PARALLEL_SUITES=1 runs it beside them (its
 * output printed after theirs). Not by default: on the 2-core CI machine the two together took longer
 * than one after the other (the unit run 22+ min and the PostgreSQL suite 15.5 min side by side, against
 * ~9 and ~4.5 min alone; BENCHMARKS.md) and made load-sensitive tests time out.
 */
const pg = await findPostgres()
const serial = process.env.PARALLEL_SUITES !== '1'
const pgLabel = 'server suite on a PostgreSQL server'
let pgRun = Promise.resolve(undefined)
if (!pg) skip(pgLabel, 'No PostgreSQL server answered (set DATABASE_URL, or run one on 127.0.0.1:5432).')
else if (!serial) pgRun = run(pgLabel, 'node', ['scripts/test-pg.mjs'], {}, join(mkdtempSync(join(tmpdir(), 'clinic-test-')), 'pg-suite.log'))

// Two vitest runs: coverage of src/domain only where it is measured (scripts/lib/unit-runs.mjs).
for (const { label, args } of UNIT_RUNS) await run(label, 'npx', ['vitest', ...args])
;(await pgRun)?.printLog()
if (pg && serial) await run(pgLabel, 'node', ['scripts/test-pg.mjs'])

const hasE2e = existsSync('test/e2e') && readdirSync('test/e2e').some((f) => f.endsWith('.e2e.ts'))
if (hasE2e) {
  const chromium = findChromium()
  // The loaded-machine scenarios (races.e2e: a busy process on one core) after the rest, alone
  // (E2E_PART in test/e2e/vitest.e2e.config.ts): beside them another file had half its CPU.
  const e2e = ['vitest', 'run', '--config', 'test/e2e/vitest.e2e.config.ts']
  if (chromium) {
    await run('end-to-end suite in headless Chromium', 'npx', e2e, { CHROMIUM_PATH: chromium, E2E_PART: 'rest' })
    await run('end-to-end loaded-machine scenarios (races.e2e, alone)', 'npx', e2e, { CHROMIUM_PATH: chromium, E2E_PART: 'loaded' })
  } else skip('end-to-end suite in headless Chromium', 'No Chromium found (set CHROMIUM_PATH or apt-get install chromium).')
}

console.log('\n=== summary ===')
for (const line of timings) console.log(line)
if (skipped.length) console.log(`skipped: ${skipped.join('; ')}`)
if (failed.length) console.log(`failed: ${failed.join('; ')}`)
for (const { label, kind, where, name, error } of problems.slice(0, 30))
  console.log(`  ${kind === 'retried' ? 'passed on a retry' : kind === 'failed' ? 'FAILED' : kind === 'file' ? 'FILE FAILED' : 'UNHANDLED ERROR'} (${label}) ${[where, name].filter(Boolean).join(' > ')}: ${error}`)
if (problems.length > 30) console.log(`  ... and ${problems.length - 30} more (above)`)
if (failed.length || (strict && skipped.length)) {
  if (strict && skipped.length) console.log('REQUIRE_ALL_SUITES=1: a skipped suite counts as a failure.')
  process.exit(1)
}
console.log(skipped.length ? 'All suites that could run passed (see the skips above).' : 'All suites passed.')
