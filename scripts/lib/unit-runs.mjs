// `npm test`'s unit phase as two vitest runs (scripts/test.mjs). Coverage and its threshold
// (vite.config.ts: 95% of the lines of src/domain) are taken only in the first: the domain's own tests
// (pure) and the view models' (which reach the rest of the domain's lines: 94.6% from pure alone,
// 99.6% with them). V8's precise coverage in the other projects' workers cost ~24% of their CPU for
// lines outside src/domain (BENCHMARKS.md, "CI time, coverage of the domain only").
// Every project is in exactly one of the two (test/cispeed/unit-runs.test.ts).

/** Projects of the run with coverage (and the threshold). */
export const COVERAGE_PROJECTS = ['pure', 'view-models']

/** Projects of the run without coverage. */
export const OTHER_PROJECTS = ['node', 'node-nock', 'server', 'server-isolated', 'ui', 'ui-isolated']

/** vitest's arguments of each run, with a label for the run's printed time. */
export const UNIT_RUNS = [
  { label: 'domain, contract, architecture and view-model suites (with coverage of src/domain)', args: ['run', ...COVERAGE_PROJECTS.flatMap((p) => ['--project', p]), '--coverage'] },
  { label: 'unit, CLI, server (PGlite) and ui suites', args: ['run', ...OTHER_PROJECTS.flatMap((p) => ['--project', p])] },
]
