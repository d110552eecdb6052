import { describe, expect, it } from 'vitest'
import { problems } from '../../scripts/lib/failures.reporter.mjs'

type Fake = { name: string; state: 'passed' | 'failed' | 'skipped'; error?: Error; retries?: number; line?: number }

/** The little of vitest's TestModule the reporter reads. */
const module = (moduleId: string, tests: Fake[], errors: Error[] = []) => ({
  moduleId,
  errors: () => errors,
  children: {
    *allTests() {
      for (const t of tests)
        yield {
          fullName: t.name,
          location: t.line === undefined ? undefined : { line: t.line, column: 1 },
          result: () => ({ state: t.state, errors: t.error ? [t.error] : undefined }),
          diagnostic: () => ({ retryCount: t.retries ?? 0 }),
        }
    },
  },
})

const error = (message: string, stack = '') => Object.assign(new Error(message), { stack })

describe('problems: what npm test names again in its summary', () => {
  it('lists failed tests with their error, files that could not run, retried passes and unhandled errors', () => {
    const modules = [
      module('/repo/server/a.test.ts', [
        { name: 'a > fine', state: 'passed' },
        { name: 'a > broken', state: 'failed', line: 7, error: error('expected 409 to be 200\nmore\n\n', 'Error\n    at /repo/node_modules/x.js:1\n    at /repo/server/a.test.ts:9:3') },
        { name: 'a > flaky', state: 'passed', retries: 1, error: error('timed out waiting for /confirm') },
        { name: 'a > retried, no error kept', state: 'passed', retries: 2 },
        { name: 'a > skipped', state: 'skipped' },
      ]),
      module('/repo/server/b.test.ts', [], [error('Cannot find module x')]),
    ]
    expect(problems(modules, [error('socket hang up')], '/repo')).toEqual([
      { kind: 'failed', where: 'server/a.test.ts:7', name: 'a > broken', error: 'expected 409 to be 200 | more | at server/a.test.ts:9:3' },
      { kind: 'retried', where: 'server/a.test.ts', name: 'a > flaky', error: 'passed on retry 1; the first try: timed out waiting for /confirm' },
      { kind: 'retried', where: 'server/a.test.ts', name: 'a > retried, no error kept', error: 'passed on retry 2' },
      { kind: 'file', where: 'server/b.test.ts', name: '', error: 'Cannot find module x' },
      { kind: 'unhandled', where: '', name: '', error: 'socket hang up' },
    ])
  })

  it('finds nothing in a run that passed', () => {
    expect(problems([module('/repo/a.test.ts', [{ name: 'ok', state: 'passed' }])], [], '/repo')).toEqual([])
  })
})
