#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.* file, one after the other, and prints their figures.
// .mjs/.js run with node, .ts with node --import tsx, files importing 'vitest' with `vitest bench`.
// Optional filter: `npm run bench -- availability` runs the files whose name contains it.
// Benchmarks print figures; a failing bench is reported here but never fails a test run.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { readFigures, summaryTable } from '../bench/lib/figures.mjs'

const root = new URL('..', import.meta.url).pathname
const filter = process.argv[2]
const files = readdirSync(join(root, 'bench'))
  .filter((f) => /\.bench\.(mjs|js|ts|mts)$/.test(f))
  .filter((f) => !filter || f.includes(filter))
  .sort()
if (files.length === 0) console.log('No bench/*.bench.* files found.')
const failed = []
// Every bench appends its figures here (bench/lib/figures.mjs): printed together at the end.
const figuresDir = mkdtempSync(join(tmpdir(), 'clinic-bench-'))
const figuresFile = join(figuresDir, 'figures.jsonl')
const started = new Date()
for (const file of files) {
  const path = join('bench', file)
  console.log(`\n=== ${path} ===`)
  const usesVitest = /from ['"]vitest['"]/.test(readFileSync(join(root, path), 'utf8'))
  const [command, args] = usesVitest
    ? [process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'bench', '--run', path]]
    : file.endsWith('.ts') || file.endsWith('.mts')
      ? [process.execPath, ['--import', 'tsx', path]]
      : [process.execPath, [path]]
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_FIGURES_FILE: figuresFile } })
  if (result.status !== 0) failed.push(file)
}
if (failed.length) console.log(`\nBenchmarks that did not finish: ${failed.join(', ')}`)
const figures = readFigures(figuresFile)
rmSync(figuresDir, { recursive: true, force: true })
if (figures.length) {
  console.log(`\n=== Every figure of this run (${started.toISOString().slice(0, 16)} UTC, load average now ${loadavg().map((l) => l.toFixed(1)).join(' ')}) ===`)
  console.log('"before (issue 18)": the figure before the speed work, from bench/previous.json (BENCHMARKS.md says where each came from).\n')
  console.log(summaryTable(figures))
}
