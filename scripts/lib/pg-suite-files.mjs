// The server test files whose result can depend on the database server: those `npm run test:pg` runs.
// The PostgreSQL run differs from the PGlite run of `vitest run` by one variable, TEST_DATABASE_URL
// (scripts/test-pg.mjs). A test file none of whose modules reads it (test-database.ts, server-process.ts
// and the files naming it themselves) runs the same code on the same inputs in both runs: running it
// again on PostgreSQL checks nothing more and costs its imports (~1.5 s of CPU a file). A file that
// starts a child process is kept too, whatever it imports: the child inherits the variable. Unless the
// module that starts it says, with a reason, that its children never see it (`pg-suite: children without
// the database: <why>`, for a child given an environment without it, or one that reads no database): the
// test file of its own children, a helper (server/test-support/server-process.ts) of the children it
// starts. A module without that line that reaches TEST_DATABASE_URL or starts a child still keeps the file.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const MARKERS = [/TEST_DATABASE_URL/, /child_process/]
const CHILDREN_WITHOUT_DATABASE = /pg-suite: children without the database: \S/
// Relative module specifiers: `import … from './x'`, `export … from './x'`, `import './x'`, `import('./x')`.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx']

function resolveModule(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier)
  for (const extension of EXTENSIONS) {
    const candidate = base + extension
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  // `./x.js` written for `./x.ts`
  const stripped = base.replace(/\.m?js$/, '')
  for (const extension of ['.ts', '.tsx', '.mts']) if (existsSync(stripped + extension)) return stripped + extension
  return undefined
}

function testFiles(dir) {
  const found = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') found.push(...testFiles(full))
    } else if (entry.name.endsWith('.test.ts')) found.push(full)
  }
  return found
}

/** Whether the module or one it imports (relative imports, followed through the tree) names a marker. */
function reachesMarker(start, memo) {
  const seen = new Set()
  const stack = [start]
  while (stack.length) {
    const file = stack.pop()
    if (seen.has(file)) continue
    seen.add(file)
    if (file !== start && memo.has(file)) {
      if (memo.get(file)) return true
      continue
    }
    const text = readFileSync(file, 'utf8')
    const markers = CHILDREN_WITHOUT_DATABASE.test(text) ? MARKERS.slice(0, 1) : MARKERS
    if (markers.some((marker) => marker.test(text))) {
      memo.set(file, true)
      return true
    }
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveModule(file, match[1])
      if (target) stack.push(target)
    }
  }
  return false
}

/**
 * The server test files (paths relative to `root`, sorted) to run on PostgreSQL, and those left out
 * because they run identically in the PGlite run.
 */
export function pgSuiteFiles(root) {
  const memo = new Map()
  const database = []
  const identical = []
  for (const file of testFiles(join(root, 'server')).sort()) {
    ;(reachesMarker(file, memo) ? database : identical).push(relative(root, file))
  }
  return { database, identical }
}
