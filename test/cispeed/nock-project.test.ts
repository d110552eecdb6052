import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import config from '../../vite.config'

type Project = { test?: { name?: string; include?: string[]; exclude?: string[] } }

function project(name: string): Project | undefined {
  const resolved = typeof config === 'function' ? config({ command: 'serve', mode: 'test', isSsrBuild: false }) : config
  return ((resolved as { test?: { projects?: Project[] } }).test?.projects ?? []).find((p) => p.test?.name === name)
}

/** The patterns here use `*` and `**` only. */
const matcher = (glob: string) =>
  new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '\u0000').replace(/\*\*/g, '.*').replace(/\*/g, '[^/]*').replace(/\u0000/g, '(?:.*/)?')}$`)

/** Whether `project` runs `file`: one of its include patterns and none of its excludes. */
function runs(name: string, file: string): boolean {
  const test = project(name)?.test
  expect(test?.include?.length, name).toBeGreaterThan(0)
  return (test?.include ?? []).some((g) => matcher(g).test(file)) && !(test?.exclude ?? []).some((g) => matcher(g).test(file))
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file)

function sourceFiles(dir: string, root: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return []
    const path = join(dir, e.name)
    return e.isDirectory() ? sourceFiles(path, root) : /\.tsx?$/.test(e.name) ? [relative(root, path)] : []
  })
}

describe('the node-nock project (vite.config.ts)', () => {
  it("holds every test file of the node project's kind that uses nock, itself or through a test helper: nock's disableNetConnect, never undone, would refuse another file's real sockets in the shared node graph", () => {
    const root = process.cwd()
    const files = ['cli', 'src', 'scripts', 'test'].flatMap((dir) => sourceFiles(join(root, dir), root))
    const usesNock = (text: string) => /^import [^\n]*from 'nock'|\(await import\('nock'\)\)/m.test(text)
    // A test helper that imports nock (src/adapters/http/test-support.ts turns the network off for its file).
    const helpers = files.filter((f) => !isTest(f) && usesNock(readFileSync(join(root, f), 'utf8'))).map((h) => h.replace(/\.tsx?$/, ''))
    const importsHelper = (file: string, text: string) =>
      [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].some(([, spec]) => helpers.includes(join(dirname(file), spec!).replace(/\.tsx?$/, '')))
    const withNock = files.filter((file) => isTest(file) && ((text) => usesNock(text) || importsHelper(file, text))(readFileSync(join(root, file), 'utf8')))
    expect(helpers.length).toBeGreaterThan(0)
    expect(withNock.filter((file) => runs('node-nock', file)).length).toBeGreaterThan(0)
    expect(withNock.filter((file) => runs('node', file))).toEqual([])
  })
})
