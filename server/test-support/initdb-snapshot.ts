/**
 * Where the test servers and the test database template keep PGlite's initdb output (see openPGlite's
 * initdbSnapshot): one file per PGlite version, beside the template, written by the first start.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..', '..')

export function initdbSnapshotPath(): string {
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }
  return join(root, 'node_modules', '.cache', 'clinic-server-tests', `initdb-pglite-${version}.tar`)
}
