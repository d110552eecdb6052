// `npm start` as an operator meets it: time from the command to the first 200 of
// GET /api/public/organisations (polled every 50 ms), and the server's memory once it is idle.
// "warm": the data directory (or PostgreSQL database) is migrated and seeded and the server bundle
// is built: what every start but the first one costs. Each start runs `npm start` in its own process
// group with SKIP_WEB_BUILD=1 (the web app build is not the server's start), then SIGTERM.
// Idle RSS: VmRSS of the server process (node dist/server/main.mjs), 5 s after the first 200 with no
// request; the whole tree (npm, scripts/start.mjs and the server) is printed beside it.
// PGlite in a throwaway DATA_DIR; PostgreSQL in a throwaway database on 127.0.0.1:5432 (skipped
// when none answers). Figures: BENCHMARKS.md ("Start time and idle memory").
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { findPostgres, withThrowawayDatabase } from '../scripts/lib/environment.mjs'
import { bundleServer, serverBundleStale } from '../scripts/lib/server-bundle.mjs'
import { cpuMsOf, freePort } from './lib/bench-server.mjs'
import { recordFigure } from './lib/figures.mjs'

const root = new URL('..', import.meta.url).pathname
const RUNS = Number(process.env.STARTUP_BENCH_RUNS || 3)
const IDLE_MS = 5000
const TARGET_FIRST_200_S = 2
const TARGET_RSS_MB = { pglite: 300, pg: 200 }

const rssMbOf = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
  } catch {
    return 0
  }
}
const childrenOf = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number))
  } catch {
    return []
  }
}
const treeOf = (pid) => [pid, ...childrenOf(pid).flatMap(treeOf)]
const cmdlineOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')
  } catch {
    return ''
  }
}

/** One `npm start`: seconds to the first 200, idle RSS of the server and of the whole tree, CPU ms. */
async function startOnce(env) {
  const port = await freePort()
  const started = performance.now()
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SKIP_WEB_BUILD: '1', SWEEP_INTERVAL_MS: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    let seconds
    while (seconds === undefined) {
      if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`)
      if (performance.now() - started > 180_000) throw new Error('no 200 within 180 s')
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/public/organisations`)).status === 200) seconds = (performance.now() - started) / 1000
      } catch {
        // not listening yet
      }
      if (seconds === undefined) await new Promise((r) => setTimeout(r, 50))
    }
    const tree = treeOf(child.pid)
    const server = tree.find((pid) => cmdlineOf(pid).includes('main.mjs') || cmdlineOf(pid).includes('server/main.ts'))
    const cpuMs = tree.reduce((sum, pid) => sum + (cpuMsOf(pid) ?? 0), 0)
    await new Promise((r) => setTimeout(r, IDLE_MS))
    return { seconds, cpuMs, serverMb: server ? rssMbOf(server) : NaN, treeMb: treeOf(child.pid).reduce((sum, pid) => sum + rssMbOf(pid), 0) }
  } finally {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
    await exited
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function measure(label, id, env) {
  console.log(`\n${label}: first start (creates and seeds the database), then ${RUNS} warm starts`)
  const first = await startOnce(env)
  console.log(`  first   ${first.seconds.toFixed(2)} s to the first 200 (CPU ${(first.cpuMs / 1000).toFixed(1)} s), idle RSS ${first.serverMb.toFixed(0)} MB`)
  const runs = []
  for (let i = 0; i < RUNS; i++) {
    const run = await startOnce(env)
    runs.push(run)
    console.log(`  warm ${i + 1}  ${run.seconds.toFixed(2)} s to the first 200 (CPU ${(run.cpuMs / 1000).toFixed(1)} s), idle RSS ${run.serverMb.toFixed(0)} MB (with npm and start.mjs ${run.treeMb.toFixed(0)} MB)`)
  }
  const seconds = median(runs.map((r) => r.seconds))
  const rss = median(runs.map((r) => r.serverMb))
  const load = loadavg()[0].toFixed(1)
  recordFigure({
    id: `startup.${id}.first-200`,
    name: `npm start warm to the first 200 (${label})`,
    // CPU beside the wall time: on a busy machine (load above the 2 cores) the wall time is mostly waiting.
    measured: `${seconds.toFixed(2)} s (median of ${RUNS}; ${runs.map((r) => r.seconds.toFixed(1)).join(' / ')}; CPU ${(median(runs.map((r) => r.cpuMs)) / 1000).toFixed(1)} s; load ${load})`,
    target: `<= ${TARGET_FIRST_200_S} s`,
    met: seconds <= TARGET_FIRST_200_S,
  })
  recordFigure({
    id: `startup.${id}.idle-rss`,
    name: `idle RSS of the server (${label})`,
    measured: `${rss.toFixed(0)} MB (median of ${RUNS})`,
    target: `<= ${TARGET_RSS_MB[id]} MB`,
    met: rss <= TARGET_RSS_MB[id],
  })
}

if (serverBundleStale(root)) await bundleServer(root)
const dataDir = mkdtempSync(join(tmpdir(), 'clinic-startup-bench-'))
try {
  await measure('PGlite', 'pglite', { DATA_DIR: dataDir })
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}

const adminUrl = await findPostgres()
if (!adminUrl) {
  console.log('\nPostgreSQL: no server answered at 127.0.0.1:5432 (or DATABASE_URL); skipped.')
} else {
  await withThrowawayDatabase(adminUrl, 'clinic_startup', (url) => measure('PostgreSQL', 'pg', { DATABASE_URL: url }))
}
