/**
 * writeFileAtomic(file, data): a whole file or none under the name, for files that processes started
 * together may each write and read at once (the test servers' PGlite snapshots, the test database
 * template). Each writer writes a file of its own beside it and renames it over the name: a rename
 * within one folder replaces the name in one step, so a reader never opens a half-written file.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export async function writeFileAtomic(file: string, data: Blob | Uint8Array | string): Promise<void> {
  const bytes = data instanceof Blob ? Buffer.from(await data.arrayBuffer()) : data
  mkdirSync(dirname(file), { recursive: true })
  // The process id keeps two writers apart; one process writes synchronously, never two at once.
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, bytes)
  renameSync(tmp, file)
}
