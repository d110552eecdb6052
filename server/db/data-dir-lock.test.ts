import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// pg-suite: children without the database: its one child runs `node -e ''`, for the pid of a process that is gone.
import { spawnSync } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirInUseError, lockDataDir, LOCK_FILE } from './data-dir-lock'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function dir(): string {
  const d = mkdtempSync(join(tmpdir(), 'clinic-lock-unit-'))
  dirs.push(d)
  return d
}

describe('lockDataDir', () => {
  it('writes the pid and removes the file on release', () => {
    const d = dir()
    const lock = lockDataDir(d)
    expect(readFileSync(join(d, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`)
    lock.release()
    expect(existsSync(join(d, LOCK_FILE))).toBe(false)
  })

  it('refuses a directory locked by a live process, naming it', () => {
    const d = dir()
    // The test runner's parent: alive, and not this process.
    writeFileSync(join(d, LOCK_FILE), `${process.ppid}\n`)
    expect(() => lockDataDir(d)).toThrow(DataDirInUseError)
    expect(() => lockDataDir(d)).toThrow(`the data directory ${d} is in use by another server (pid ${process.ppid}).`)
    expect(readFileSync(join(d, LOCK_FILE), 'utf8')).toBe(`${process.ppid}\n`)
  })

  it('takes over a lock whose process is gone, or that cannot be read', () => {
    const d = dir()
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    writeFileSync(join(d, LOCK_FILE), `${gone}\n`)
    lockDataDir(d).release()
    writeFileSync(join(d, LOCK_FILE), 'garbage')
    const lock = lockDataDir(d)
    expect(readFileSync(join(d, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`)
    lock.release()
  })

  it('release leaves a lock another process took over', () => {
    const d = dir()
    const lock = lockDataDir(d)
    writeFileSync(join(d, LOCK_FILE), `${process.ppid}\n`)
    lock.release()
    expect(readFileSync(join(d, LOCK_FILE), 'utf8')).toBe(`${process.ppid}\n`)
  })
})
