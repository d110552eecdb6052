import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { privateDir } from './private-dir'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8)

describe('privateDir', () => {
  it('creates a data directory 0700, and makes one that others could read 0700', () => {
    const parent = mkdtempSync(join(tmpdir(), 'clinic-private-'))
    dirs.push(parent)
    privateDir(join(parent, 'new', 'data'))
    expect(mode(join(parent, 'new', 'data'))).toBe('700')
    const open = join(parent, 'open')
    mkdirSync(open)
    chmodSync(open, 0o755)
    privateDir(open)
    expect(mode(open)).toBe('700')
  })
})
