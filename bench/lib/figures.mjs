// One figure of a benchmark, printed where it is measured and collected by `npm run bench`
// (scripts/bench.mjs), which prints every figure of the run beside its target and the figure before
// issue 18's work (bench/previous.json) in one table at the end.
import { appendFileSync, readFileSync } from 'node:fs'

const previousFigures = JSON.parse(readFileSync(new URL('../previous.json', import.meta.url), 'utf8'))

/**
 * @param {{ id: string, name: string, measured: string, target: string, met?: boolean, note?: string }} figure
 *   id: stable key in bench/previous.json; measured and target as shown ("6,120 req/s", ">= 5,000 req/s").
 */
export function recordFigure(figure) {
  const previous = previousFigures[figure.id]
  const row = { ...figure, previous: previous ?? '-' }
  const file = process.env.BENCH_FIGURES_FILE
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`)
  return row
}

/** The figures recorded in a file by recordFigure, in order. */
export function readFigures(file) {
  let text = ''
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return []
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
}

/** The summary table of a run: figure, measured, target, met, before issue 18. */
export function summaryTable(figures) {
  const lines = ['| figure | measured | target | met | before (issue 18) |', '|---|---:|---:|:---:|---:|']
  for (const f of figures) {
    const met = f.met === undefined ? '-' : f.met ? 'yes' : '**no**'
    lines.push(`| ${f.name} | ${f.measured} | ${f.target} | ${met} | ${f.previous} |`)
  }
  return lines.join('\n')
}
