import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
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
        'server/b/spawns.test.ts',
      ],
      // own-env: its own children, said with a reason; a helper's children or a database import still count.
      identical: ['server/b/index-import.test.ts', 'server/b/own-env.test.ts', 'server/b/pure.test.ts'],
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
    // vitest takes each path as a filter (a substring): none may also pick a file left out.
    for (const left of identical) for (const kept of database) expect(left.includes(kept)).toBe(false)
  })
})
