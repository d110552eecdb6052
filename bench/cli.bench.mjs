#!/usr/bin/env node
// Start-up speed of the support CLI: wall time of `clinic locations --json` against a local server,
// run four ways in the same rounds (one of each per round, so all see the same machine load):
//   node -e 0             Node's own start, the floor;
//   clinic (linked)       the README's way: `npm link` puts `clinic` on the PATH (here linked into a
//                         temporary npm prefix, so the machine's global one is untouched);
//   node cli/bin.mjs      the executable run directly;
//   npx clinic            npm resolving the bin first.
// Target: the linked command under 3 x `node -e 0` (median), and under 400 ms.
// The server: CLINIC_BENCH_URL (or the first argument) when given; otherwise one is started here on a
// free port (`node --import tsx server/main.ts`, PGlite in memory, demo tenant) and stopped at the end.
// Prints figures; never fails a test run.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { cpus, loadavg, tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { startServer } from './lib/bench-server.mjs'
import { recordFigure } from './lib/figures.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const BIN = fileURLToPath(new URL('../cli/bin.mjs', import.meta.url))
const TARGET_MS = 400
const TARGET_RATIO = 3
const RUNS = Number(process.env.CLINIC_BENCH_RUNS || 10)

/** A development server on PGlite in memory with the demo tenant (the CLI's start is measured, not the server). */
const startDemoServer = () => startServer({ DATA_DIR: 'memory://', LOG_LEVEL: 'warn', NODE_ENV: 'development', SEED_DEMO: 'true' })

/** CPU seconds (user + system) of the waited-for children, from /proc on Linux; undefined elsewhere. */
function childrenCpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100 // cutime + cstime, in clock ticks of 1/100 s
  } catch {
    return undefined
  }
}

/** Wall time of one run of `command args` in ms; a failing run ends the bench. */
function timed(name, command, args, check) {
  const started = process.hrtime.bigint()
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  if (result.status !== 0) throw new Error(`${name} exited with ${result.status}: ${(result.stderr || '').trim()}`)
  check?.(result.stdout)
  return ms
}

/** `npm link` into a temporary prefix: the `clinic` that a person who followed the README runs. */
function linkClinic() {
  const prefix = mkdtempSync(join(tmpdir(), 'clinic-bench-prefix-'))
  const result = spawnSync('npm', ['link', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, npm_config_prefix: prefix, npm_config_update_notifier: 'false' },
  })
  if (result.status !== 0) throw new Error(`npm link failed: ${result.stderr.trim()}`)
  return { bin: join(prefix, 'bin', 'clinic'), remove: () => rmSync(prefix, { recursive: true, force: true }) }
}

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)]
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], p90: at(0.9), max: sorted[sorted.length - 1] }
}
const ms = (n) => `${n.toFixed(0)} ms`

const given = process.env.CLINIC_BENCH_URL || process.argv[2]
let server
let linked
try {
  server = given ? { url: given.replace(/\/+$/, ''), stop: () => {} } : await startDemoServer()
  linked = linkClinic()
  const args = ['--base-url', server.url, 'locations', '--json']
  const json = (stdout) => JSON.parse(stdout)
  const ways = [
    { name: 'node -e 0', run: () => timed('node -e 0', process.execPath, ['-e', '0']) },
    { name: 'clinic locations --json (linked)', run: () => timed('clinic', linked.bin, args, json) },
    { name: 'node cli/bin.mjs locations --json', run: () => timed('node cli/bin.mjs', process.execPath, [BIN, ...args], json) },
    { name: 'npx clinic locations --json', run: () => timed('npx clinic', 'npx', ['--no-install', 'clinic', ...args], json) },
  ]
  const first = ways[2].run() // may build the bundle (first run after a change): reported apart
  const times = new Map(ways.map((w) => [w.name, []]))
  const cpuBefore = childrenCpuMs()
  for (let round = 0; round < RUNS; round++) for (const way of ways) times.get(way.name).push(way.run())
  const cpuAfter = childrenCpuMs()
  console.log(`clinic locations --json against ${server.url}: ${RUNS} rounds of each (one warm-up of ${ms(first)})`)
  const width = Math.max(...ways.map((w) => w.name.length))
  for (const way of ways) {
    const s = stats(times.get(way.name))
    console.log(`  ${way.name.padEnd(width)}  median ${ms(s.median).padStart(6)}  min ${ms(s.min).padStart(6)}  p90 ${ms(s.p90).padStart(6)}  max ${ms(s.max).padStart(6)}`)
  }
  if (cpuBefore !== undefined && cpuAfter !== undefined) console.log(`  CPU per round of the four (user + system): ${((cpuAfter - cpuBefore) / RUNS).toFixed(0)} ms`)
  console.log(`  machine load: ${loadavg()[0].toFixed(1)} on ${cpus().length} cores (wall times grow with it)`)
  const floor = stats(times.get(ways[0].name)).median
  const clinic = stats(times.get(ways[1].name)).median
  const ratio = clinic / floor
  console.log(`  linked clinic / node -e 0 (medians): ${ratio.toFixed(2)} x; target < ${TARGET_RATIO} x: ${ratio < TARGET_RATIO ? 'met' : 'NOT met'}`)
  console.log(`  linked clinic median < ${TARGET_MS} ms: ${clinic < TARGET_MS ? 'met' : 'NOT met'}`)
  recordFigure({ id: 'cli.locations', name: '`clinic locations --json` (linked): median, and its ratio to `node -e 0`', measured: `${ms(clinic)}, ${ratio.toFixed(2)} x`, target: `< ${TARGET_MS} ms, < ${TARGET_RATIO} x`, met: clinic < TARGET_MS && ratio < TARGET_RATIO })
} catch (error) {
  console.log(`cli bench could not run: ${error instanceof Error ? error.message : String(error)}`)
} finally {
  linked?.remove()
  server?.stop()
}
