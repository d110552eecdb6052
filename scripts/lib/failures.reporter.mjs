// A vitest reporter beside the default one: when TEST_FAILURES_FILE is set (scripts/test.mjs sets it for
// each suite), the failed tests, the errors of files that could not run, the unhandled errors and the
// tests that passed only on a retry are appended to that file, one JSON line each, so that `npm test`'s
// summary names them at the end of the log. CI shows only the log's tail: a failure printed minutes
// earlier in a 2,000-line suite was lost there (a PostgreSQL suite "failed" with no test named).
import { appendFileSync } from 'node:fs'
import { relative } from 'node:path'

/** The first lines of an error, short enough for a summary. */
export function brief(error, root = process.cwd()) {
  const text = String(error?.message ?? error ?? 'unknown error')
  const stackLine = String(error?.stack ?? '')
    .split('\n')
    .find((l) => l.includes(root) && !l.includes('node_modules'))
  const lines = text.split('\n').filter((l) => l.trim()).slice(0, 4)
  if (stackLine) lines.push(stackLine.trim().replace(root + '/', ''))
  return lines.join(' | ').slice(0, 600)
}

/** What went wrong in a run: { kind: 'failed' | 'file' | 'unhandled' | 'retried', where, name, error }. */
export function problems(modules, unhandledErrors = [], root = process.cwd()) {
  const found = []
  for (const module of modules) {
    const where = relative(root, module.moduleId)
    for (const error of module.errors?.() ?? []) found.push({ kind: 'file', where, name: '', error: brief(error, root) })
    for (const test of module.children.allTests()) {
      const result = test.result()
      const line = test.location ? `${where}:${test.location.line}` : where
      if (result?.state === 'failed') found.push({ kind: 'failed', where: line, name: test.fullName, error: brief(result.errors?.[0], root) })
      else if (result?.state === 'passed' && (test.diagnostic()?.retryCount ?? 0) > 0) {
        // vitest keeps the failed tries' errors on a test that passed on a retry: what the race looked like.
        const first = result.errors?.[0]
        found.push({ kind: 'retried', where: line, name: test.fullName, error: `passed on retry ${test.diagnostic().retryCount}${first ? `; the first try: ${brief(first, root)}` : ''}` })
      }
    }
  }
  for (const error of unhandledErrors) found.push({ kind: 'unhandled', where: '', name: '', error: brief(error, root) })
  return found
}

export default class FailuresReporter {
  onTestRunEnd(modules, unhandledErrors) {
    const file = process.env.TEST_FAILURES_FILE
    if (!file) return
    for (const p of problems(modules, unhandledErrors)) appendFileSync(file, JSON.stringify(p) + '\n')
  }
}
