import { describe, expect, it } from 'vitest'
import { slowTests } from '../../scripts/lib/slow-tests.reporter.mjs'

/** The little of vitest's TestModule the reporter reads. */
const module = (moduleId: string, tests: Array<{ name: string; ms?: number; line?: number }>) => ({
  moduleId,
  children: {
    *allTests() {
      for (const t of tests)
        yield {
          fullName: t.name,
          location: t.line === undefined ? undefined : { line: t.line, column: 1 },
          diagnostic: () => (t.ms === undefined ? undefined : { duration: t.ms }),
        }
    },
  },
})

describe('slowTests: the tests a run prints as over 30 s', () => {
  it('lists those over the limit, slowest first, with their file (and line when known)', () => {
    const modules = [
      module('/repo/server/a.test.ts', [{ name: 'a > quick', ms: 1_000 }, { name: 'a > slow', ms: 45_000, line: 12 }]),
      module('/repo/server/b.test.ts', [{ name: 'b > slower', ms: 90_000 }, { name: 'b > skipped' }, { name: 'b > at the limit', ms: 30_000 }]),
    ]
    expect(slowTests(modules, 30_000, '/repo')).toEqual([
      { ms: 90_000, where: 'server/b.test.ts', name: 'b > slower' },
      { ms: 45_000, where: 'server/a.test.ts:12', name: 'a > slow' },
    ])
  })
})
