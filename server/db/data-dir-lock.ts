/**
 * lockDataDir(dir): one process per PGlite data directory, like PostgreSQL's postmaster.pid. The lock
 * file holds the owner's pid; a second server refuses to start (two PGlite instances on the same
 * files overwrite each other's data). A lock left by a process that is gone is taken over. The lock
 * is released by close, and by the process's exit whatever the way.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const LOCK_FILE = 'clinic-server.pid'

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`the data directory ${dataDir} is in use by another server (pid ${pid}). Stop that server first, or set DATA_DIR to another directory.`)
    this.name = 'DataDirInUseError'
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function ownerOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0], 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

export interface DataDirLock {
  release(): void
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, LOCK_FILE)
  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx': created only if absent, atomically; the first of two racing servers wins.
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const owner = ownerOf(file)
    if (owner !== undefined && owner !== process.pid && alive(owner)) throw new DataDirInUseError(dataDir, owner)
    if (attempt >= 3) throw new DataDirInUseError(dataDir, owner ?? 0)
    // Stale (its process is gone, or the file is unreadable): move it aside (atomic, so of two
    // servers taking over the same stale lock only one removes it) and try again.
    const aside = `${file}.stale-${process.pid}`
    try {
      renameSync(file, aside)
      rmSync(aside, { force: true })
    } catch {
      // another process moved it first
    }
  }
  let released = false
  const release = () => {
    if (released) return
    released = true
    process.off('exit', release)
    // Only our own lock: never one another process took over.
    if (ownerOf(file) === process.pid) rmSync(file, { force: true })
  }
  process.on('exit', release)
  return { release }
}
