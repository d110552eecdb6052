import { describe, expect, it } from 'vitest'
import config from '../../vite.config'
import { COVERAGE_PROJECTS, OTHER_PROJECTS, UNIT_RUNS } from '../../scripts/lib/unit-runs.mjs'

/** The projects vite.config.ts defines, by name. */
function projectNames(): string[] {
  const resolved = typeof config === 'function' ? config({ command: 'serve', mode: 'test', isSsrBuild: false }) : config
  const projects = (resolved as { test?: { projects?: Array<{ test?: { name?: string } }> } }).test?.projects ?? []
  return projects.map((p) => p.test?.name ?? '')
}

describe("npm test's unit phase (scripts/lib/unit-runs.mjs)", () => {
  it('runs every project of vite.config.ts in exactly one of its two runs: a new project is never left out of CI', () => {
    const names = projectNames()
    expect(names.length).toBeGreaterThan(0)
    expect([...COVERAGE_PROJECTS, ...OTHER_PROJECTS].sort()).toEqual([...names].sort())
  })

  it('takes coverage (and its threshold) in the run of the domain tests only', () => {
    expect(COVERAGE_PROJECTS).toContain('pure')
    expect(UNIT_RUNS.map((r) => r.args.includes('--coverage'))).toEqual([true, false])
    expect(UNIT_RUNS.map((r) => r.args.filter((a, i) => r.args[i - 1] === '--project'))).toEqual([COVERAGE_PROJECTS, OTHER_PROJECTS])
  })
})
