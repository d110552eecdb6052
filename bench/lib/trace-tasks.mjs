#!/usr/bin/env node
// The main-thread tasks of a trace that Lighthouse recorded (LIGHTHOUSE_SAVE=<dir> npm run bench --
// lighthouse writes <page>-<run>.trace.json): each task of at least --min ms (default 12.5: 50 ms
// once Lighthouse's simulation multiplies it by 4), when it starts after the navigation, what kind of
// work it holds (script evaluation, layout, style...): what Lighthouse's TBT is made of. For the
// functions inside a task, profile the page with bench/lib/profile-page.mjs.
// Thread (CPU) time is printed beside wall time: under load the wall time grows, the thread time little.
// Usage: node bench/lib/trace-tasks.mjs <file.trace.json> [--min 12.5] [--summary]
import { readFileSync } from 'node:fs'
import { blockingAfterFcp, mainThread } from './trace-blocking.mjs'

const file = process.argv[2]
const arg = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback)
const minMs = arg('--min', 12.5)
const { traceEvents: events } = JSON.parse(readFileSync(file, 'utf8'))

const main = mainThread(events)
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid)
const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid && /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''))
const t0 = nav?.ts ?? onMain[0].ts
const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid && e.ts >= t0)

const KINDS = { EvaluateScript: 'script', 'v8.evaluateModule': 'module eval', 'v8.compileModule': 'compile', 'v8.compile': 'compile', FunctionCall: 'script', TimerFire: 'timer', UpdateLayoutTree: 'style', Layout: 'layout', Paint: 'paint', PrePaint: 'paint', Layerize: 'paint', ParseHTML: 'parse html', ParseAuthorStyleSheet: 'parse css', MinorGC: 'gc', MajorGC: 'gc', RunMicrotasks: 'microtasks' }
const quiet = process.argv.includes('--summary')
if (!quiet) console.log(`navigation at 0; FCP at ${fcp ? ((fcp.ts - t0) / 1000).toFixed(0) : '?'} ms (observed, not simulated)`)
for (const task of onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= t0 && e.dur / 1000 >= minMs)) {
  const end = task.ts + task.dur
  const kinds = new Map()
  for (const e of onMain) {
    if (e.ph !== 'X' || e === task || e.ts < task.ts || e.ts + e.dur > end || !KINDS[e.name]) continue
    // Count a kind once where events nest (FunctionCall inside FunctionCall).
    kinds.set(KINDS[e.name], Math.max(kinds.get(KINDS[e.name]) ?? 0, 0) + e.dur / 1000)
  }
  const ms = task.dur / 1000
  const cpu = (task.tdur ?? task.dur) / 1000
  if (quiet) continue
  console.log(`\n${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ms: ${ms.toFixed(1)} ms, cpu ${cpu.toFixed(1)} ms (x4 ${(ms * 4).toFixed(0)})  ${[...kinds].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`)
}
const blocking = blockingAfterFcp(events)
console.log(`${quiet ? `${file}: ` : '\n'}tasks from the first render (100 ms before the observed FCP) on, sum of (4 x duration - 50 ms): ${blocking?.wall.toFixed(0)} ms from wall time, ${blocking?.cpu.toFixed(0)} ms from thread time (Lighthouse counts those between its simulated FCP and TTI)`)
