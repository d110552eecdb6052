/**
 * privateDir(dir): the embedded database's data directory, created if missing, readable by its owner
 * only (0700), as PostgreSQL keeps its own: it holds every customer's details, forms and signatures,
 * and PGlite writes its files world-readable (0666). A directory this process does not own (a volume
 * someone else created) is left as it is: its owner chose.
 */
import { chmodSync, mkdirSync } from 'node:fs'

export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  try {
    chmodSync(dir, 0o700)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error
  }
}
