import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { pgSuiteFiles } from '../../scripts/lib/pg-suite-files.mjs'

const root = resolve(import.meta.dirname, '..', '..')

describe('pgSuiteFiles: the server test files npm run test:pg runs', () => {
  const tree = mkdtempSync(join(tmpdir(), 'cispeed-pg-suite-'))
  afterAll(() => rmSync(tree, { recursive: true, force: true }))
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true })
    writeFileSync(join(tree, path), text)
  }
  write('server/test-support/db.ts', "export const url = process.env.TEST_DATABASE_URL\n")
  write('server/test-support/helper.ts', "export { url } from './db'\n")
  write('server/pure/math.ts', 'export const add = (a: number, b: number) => a + b\n')
  write('server/a/two-hops.test.ts', "import { url } from '../test-support/helper'\nimport { add } from '../pure/math'\n")
  write('server/a/dynamic.test.ts', "const m = await import('../test-support/db.ts')\n")
  write('server/a/type-only.test.ts', "import type { url } from '../test-support/helper.js'\n")
  write('server/b/spawns.test.ts', "import { spawn } from 'node:child_process'\n")
  write('server/b/own-env.test.ts', "// pg-suite: children without the database: env is PATH only\nimport { spawn } from 'node:child_process'\n")
  write('server/b/no-reason.test.ts', "// pg-suite: children without the database:\nimport { spawn } from 'node:child_process'\n")
  write('server/b/own-env-database.test.ts', "// pg-suite: children without the database: env is PATH only\nimport { spawn } from 'node:child_process'\nimport { url } from '../test-support/helper'\n")
  write('server/test-support/spawner.ts', "import { spawn } from 'node:child_process'\n")
  write('server/b/own-env-helper.test.ts', "// pg-suite: children without the database: env is PATH only\nimport '../test-support/spawner'\n")
  write('server/test-support/quiet-spawner.ts', "// pg-suite: children without the database: env is PATH only\nimport { spawn } from 'node:child_process'\n")
  write('server/b/quiet-helper.test.ts', "import '../test-support/quiet-spawner'\n")
  write('server/test-support/quiet-spawner-database.ts', "// pg-suite: children without the database: env is PATH only\nimport { spawn } from 'node:child_process'\nexport const url = process.env.TEST_DATABASE_URL\n")
  write('server/b/quiet-helper-database.test.ts', "import { url } from '../test-support/quiet-spawner-database'\n")
  write('server/b/own-variable.test.ts', "const url = process.env.TEST_DATABASE_URL\n")
  write('server/b/pure.test.ts', "import { add } from '../pure/math'\nimport { describe } from 'vitest'\n")
  write('server/b/index-import.test.ts', "import { add } from '../pure'\n")
  write('server/pure/index.ts', "export * from './math'\n")
  write('server/node_modules/x/skip.test.ts', 'process.env.TEST_DATABASE_URL\n')

  it('keeps a file that reaches TEST_DATABASE_URL through any import or starts a child process, and leaves out the rest', () => {
    expect(pgSuiteFiles(tree)).toEqual({
      database: [
        'server/a/dynamic.test.ts',
        'server/a/two-hops.test.ts',
        'server/a/type-only.test.ts',
        'server/b/no-reason.test.ts',
        'server/b/own-env-database.test.ts',
        'server/b/own-env-helper.test.ts',
        'server/b/own-variable.test.ts',
        'server/b/quiet-helper-database.test.ts',
        'server/b/spawns.test.ts',
      ],
      // own-env: its own children, said with a reason; quiet-helper: a helper's children, said with a reason in
      // the helper. A helper's children without one, or a database import, still count.
      identical: ['server/b/index-import.test.ts', 'server/b/own-env.test.ts', 'server/b/pure.test.ts', 'server/b/quiet-helper.test.ts'],
    })
  })

  it('in this repository: every server test file in one list, the database helpers in the PostgreSQL one', () => {
    const { database, identical } = pgSuiteFiles(root)
    const all = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? all(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
      )
    expect([...database, ...identical].sort()).toEqual(all('server').sort())
    expect(database).toContain('server/main.process.test.ts')
    expect(database).toContain('server/booking/appointments.routes.test.ts')
    expect(identical).toContain('server/notifications/backoff.test.ts')
    expect(identical).toContain('server/image.process.test.ts')
    // Servers on throwaway databases or PGlite data directories: the same in both runs (server-process.ts).
    expect(identical).toContain('server/scale-out.process.test.ts')
    // vitest takes each path as a filter (a substring): none may also pick a file left out.
    for (const left of identical) for (const kept of database) expect(left.includes(kept)).toBe(false)
  })

  it('no module a test starts as a child reads the PostgreSQL run\'s variable: only the tests and their supports name it', () => {
    // What server-process.ts's children (the server, the admin commands, the scripts) are built from.
    const sources = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? (e.name === 'node_modules' || e.name === 'test-support' ? [] : sources(join(dir, e.name))) : /\.(ts|tsx|mts|mjs|js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
      )
    const naming = ['server', 'src', 'cli', 'scripts'].flatMap(sources).filter((f) => readFileSync(join(root, f), 'utf8').includes('TEST_DATABASE_URL'))
    // test-pg.mjs sets it for the vitest run; pg-suite-files.mjs looks for it.
    expect(naming.sort()).toEqual(['scripts/lib/pg-suite-files.mjs', 'scripts/test-pg.mjs'])
  })
})
