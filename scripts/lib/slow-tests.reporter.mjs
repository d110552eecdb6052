// A vitest reporter beside the default one: after a run, the tests that took over 30 s, slowest first,
// with their file and line, so that a slow test is seen in CI's log and its reason can be checked beside
// it (issue 31: no test slower than 30 s without a reason written beside it). It only prints: a loaded
// machine makes every test slower, so a time is never a failure.
import { relative } from 'node:path'

export const SLOW_TEST_MS = 30_000

/** The tests of `modules` slower than `limitMs`, slowest first: { ms, where, name }. */
export function slowTests(modules, limitMs = SLOW_TEST_MS, root = process.cwd()) {
  const found = []
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const ms = test.diagnostic()?.duration ?? 0
      if (ms <= limitMs) continue
      const line = test.location ? `:${test.location.line}` : ''
      found.push({ ms, where: `${relative(root, module.moduleId)}${line}`, name: test.fullName })
    }
  }
  return found.sort((a, b) => b.ms - a.ms)
}

export default class SlowTestsReporter {
  onTestRunEnd(modules) {
    const slow = slowTests(modules)
    if (slow.length === 0) return
    console.log(`\nTests over ${SLOW_TEST_MS / 1000} s (each needs its reason written beside it):`)
    for (const { ms, where, name } of slow) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${where}  ${name}`)
  }
}
