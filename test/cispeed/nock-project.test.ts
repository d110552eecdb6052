import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import config from '../../vite.config'

type Project = { test?: { name?: string; include?: string[] } }

function project(name: string): Project | undefined {
  const resolved = typeof config === 'function' ? config({ command: 'serve', mode: 'test', isSsrBuild: false }) : config
  return ((resolved as { test?: { projects?: Project[] } }).test?.projects ?? []).find((p) => p.test?.name === name)
}

/** The include patterns here use `*` and `**` only. */
const matcher = (glob: string) => new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '(?:.*/)?').replace(/\*/g, '[^/]*')}$`)

function testFiles(dir: string, root: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return []
    const path = join(dir, e.name)
    return e.isDirectory() ? testFiles(path, root) : /\.test\.tsx?$/.test(e.name) ? [relative(root, path)] : []
  })
}

describe('the node-nock project (vite.config.ts)', () => {
  it("holds every node test file that uses nock: nock's disableNetConnect, never undone, would refuse another file's real sockets in a shared graph", () => {
    const root = process.cwd()
    const include = (project('node-nock')?.test?.include ?? []).map(matcher)
    expect(include.length).toBeGreaterThan(0)
    const withNock = ['cli', 'src', 'scripts', 'test']
      .flatMap((dir) => testFiles(join(root, dir), root))
      .filter((file) => /^import [^\n]*from 'nock'|\(await import\('nock'\)\)/m.test(readFileSync(join(root, file), 'utf8')))
    expect(withNock.length).toBeGreaterThan(0)
    expect(withNock.filter((file) => !include.some((re) => re.test(file)))).toEqual([])
  })
})
