#!/usr/bin/env node
// Start-up speed of the support CLI: wall time of `clinic locations --json` (a child process running
// cli/bin.mjs, as a person or a script would) against a local server. Target: under 400 ms.
// The server: CLINIC_BENCH_URL (or the first argument) when given; otherwise one is started here on a
// free port (`node --import tsx server/main.ts`, PGlite in memory, demo tenant) and stopped at the end.
// Prints figures; never fails a test run.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const BIN = fileURLToPath(new URL('../cli/bin.mjs', import.meta.url))
const TARGET_MS = 400
const RUNS = Number(process.env.CLINIC_BENCH_RUNS || 10)

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

async function waitUntilUp(url, child, timeoutMs = 120_000) {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      const response = await fetch(`${url}/api/public/organisations`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s`)
}

async function startServer() {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'warn', NODE_ENV: 'production', SEED_DEMO: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitUntilUp(url, child)
  return { url, stop: () => child.kill('SIGTERM') }
}

/** CPU seconds (user + system) of the waited-for children, from /proc on Linux; undefined elsewhere. */
function childrenCpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100 // cutime + cstime, in clock ticks of 1/100 s
  } catch {
    return undefined
  }
}

function runOnce(url) {
  const started = process.hrtime.bigint()
  const result = spawnSync(process.execPath, [BIN, '--base-url', url, 'locations', '--json'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  if (result.status !== 0) throw new Error(`clinic locations --json exited with ${result.status}: ${result.stderr.trim()}`)
  JSON.parse(result.stdout)
  return ms
}

const given = process.env.CLINIC_BENCH_URL || process.argv[2]
let server
try {
  server = given ? { url: given.replace(/\/+$/, ''), stop: () => {} } : await startServer()
  const first = runOnce(server.url) // may build the bundle (first run after a change): reported apart
  const cpuBefore = childrenCpuMs()
  const times = Array.from({ length: RUNS }, () => runOnce(server.url)).sort((a, b) => a - b)
  const cpuAfter = childrenCpuMs()
  const median = times[Math.floor(times.length / 2)]
  const p90 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.9) - 1)]
  console.log(`clinic locations --json against ${server.url} (${RUNS} runs after one warm-up of ${first.toFixed(0)} ms)`)
  console.log(`  min ${times[0].toFixed(0)} ms, median ${median.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms`)
  if (cpuBefore !== undefined && cpuAfter !== undefined) console.log(`  CPU per run (user + system): ${((cpuAfter - cpuBefore) / RUNS).toFixed(0)} ms`)
  console.log(`  machine load: ${loadavg()[0].toFixed(1)} on ${cpus().length} cores (wall times grow with it)`)
  console.log(`  target < ${TARGET_MS} ms: ${median < TARGET_MS ? 'met' : 'NOT met'} (median)`)
} catch (error) {
  console.log(`cli bench could not run: ${error instanceof Error ? error.message : String(error)}`)
} finally {
  server?.stop()
}
