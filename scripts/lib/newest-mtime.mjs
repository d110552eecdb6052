// The newest modification time under a path (tests and node_modules left out): what "older than its
// sources" means for the web build and the server bundle. A module of its own so that the server
// bundle's staleness check starts no child process (scripts/lib/pg-suite-files.mjs follows imports).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}
