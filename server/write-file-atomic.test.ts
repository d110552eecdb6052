import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { writeFileAtomic } from './write-file-atomic'

const dir = mkdtempSync(join(tmpdir(), 'write-file-atomic-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('writeFileAtomic', () => {
  it('writes a Blob, bytes or text, making the folder, and leaves no file of its own beside it', async () => {
    const folder = join(dir, 'a', 'b')
    await writeFileAtomic(join(folder, 'blob.tar'), new Blob([new Uint8Array([1, 2, 3])]))
    await writeFileAtomic(join(folder, 'bytes.bin'), new Uint8Array([4, 5]))
    await writeFileAtomic(join(folder, 'text.txt'), 'hello')
    expect([...readFileSync(join(folder, 'blob.tar'))]).toEqual([1, 2, 3])
    expect([...readFileSync(join(folder, 'bytes.bin'))]).toEqual([4, 5])
    expect(readFileSync(join(folder, 'text.txt'), 'utf8')).toBe('hello')
    expect(readdirSync(folder).sort()).toEqual(['blob.tar', 'bytes.bin', 'text.txt'])
  })

  it('replaces a file already there whole', async () => {
    const file = join(dir, 'replaced.txt')
    writeFileSync(file, 'an older and longer content')
    await writeFileAtomic(file, 'new')
    expect(readFileSync(file, 'utf8')).toBe('new')
  })
})
