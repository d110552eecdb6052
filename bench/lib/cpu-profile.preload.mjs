// Preloaded into a server by the PostgreSQL benches (pg-tenant.ts cpuProfileEnv: BENCH_CPU_PROF=dir, NODE_OPTIONS=--import this):
// SIGUSR2 starts V8's CPU profiler, the next SIGUSR2 writes the profile to dir/<pid>-<n>.cpuprofile.
// Only the measured run is profiled, not the start-up (`--cpu-prof` is not allowed in NODE_OPTIONS).
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import { join } from 'node:path'

const dir = process.env.BENCH_CPU_PROF
const session = new Session()
session.connect()
let running = false
let n = 0
process.on('SIGUSR2', () => {
  if (!running) {
    session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')))
    running = true
    return
  }
  running = false
  session.post('Profiler.stop', (err, result) => {
    if (!err) writeFileSync(join(dir, `${process.pid}-${++n}.cpuprofile`), JSON.stringify(result.profile))
  })
})
