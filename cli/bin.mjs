#!/usr/bin/env node
// The `clinic` executable. Runs dist/cli/clinic.cjs: cli/main.ts bundled once with esbuild's JS API
// (esbuild reads tsconfig.json, so experimentalDecorators holds), rebuilt on the first run after a
// fresh clone and whenever a source file is newer than the bundle. No TypeScript is compiled on an
// ordinary run. The bundle is run through node:vm with a V8 code cache (dist/cli/clinic.cjs.cache,
// written after the first run) so even its JavaScript is not compiled again: `clinic locations
// --json` stays well under 400 ms.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'

const root = fileURLToPath(new URL('..', import.meta.url))
const bundle = join(root, 'dist', 'cli', 'clinic.cjs')
const codeCache = `${bundle}.cache`
const SOURCE_DIRS = ['cli', 'src']
const SKIP_DIRS = new Set(['node_modules', 'ui', 'dist'])
const SOURCE_FILE = /\.(ts|tsx|mjs|js|json)$/
const TEST_FILE = /\.test\.tsx?$/

function mtime(path) {
  try {
    return statSync(path).mtimeMs
  } catch {
    return 0
  }
}

/** Newest modification time of the sources the bundle is made of (tests and the web UI excluded). */
function newestSource() {
  let newest = Math.max(mtime(join(root, 'tsconfig.json')), mtime(join(root, 'package.json')), mtime(fileURLToPath(import.meta.url)))
  const walk = (dir) => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(path)
      } else if (SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name)) {
        newest = Math.max(newest, mtime(path))
      }
    }
  }
  for (const dir of SOURCE_DIRS) walk(join(root, dir))
  return newest
}

/** Writes a file so that a concurrent run sees the old or the new content, never half of it. */
function writeAtomically(path, content) {
  const temporary = `${path}.${process.pid}.tmp`
  try {
    writeFileSync(temporary, content)
    renameSync(temporary, path)
  } finally {
    rmSync(temporary, { force: true })
  }
}

/**
 * Two libraries do work at load time that `clinic` mostly never needs (~20 ms of a ~140 ms run):
 * axios sets up its fetch adapter (touching globalThis.Request loads node's undici; the CLI uses the
 * http adapter), and date-fns-tz formats a New York date to test hourCycle support (loading the ICU
 * time zone data even for commands that show no time). Both become lazy in the bundle: the same code,
 * run on first use. A library version whose text differs is bundled as it is.
 */
const LAZY_AT_LOAD = [
  {
    file: /[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/,
    patch: (text) => text.replace('const adapter = getFetch();', 'const adapter = undefined; // adapters.js calls getFetch on first use'),
  },
  {
    file: /[\\/]date-fns-tz[\\/]dist[\\/]esm[\\/]_lib[\\/]tzTokenizeDate[\\/]index\.js$/,
    patch: (text) =>
      text.includes('const hourCycleSupported =')
        ? text
            .replace('const testDateFormatted = new Intl', 'let hourCycleTested;\nconst testDateFormatted = () => new Intl')
            .replace(/const hourCycleSupported = testDateFormatted === ('[^']*') \|\|\s*testDateFormatted === ('[^']*');/, (_, a, b) =>
              `const hourCycleSupported = () => (hourCycleTested ??= [${a}, ${b}].includes(testDateFormatted()));`,
            )
            .replace('dtfCache[timeZone] = hourCycleSupported', 'dtfCache[timeZone] = hourCycleSupported()')
        : text,
  },
]

const lazyAtLoad = {
  name: 'lazy-at-load',
  setup(build) {
    for (const { file, patch } of LAZY_AT_LOAD) {
      build.onLoad({ filter: file }, (args) => ({ contents: patch(readFileSync(args.path, 'utf8')), loader: 'js' }))
    }
  },
}

async function build() {
  const esbuild = await import('esbuild')
  mkdirSync(dirname(bundle), { recursive: true })
  const result = await esbuild.build({
    entryPoints: [join(root, 'cli', 'main.ts')],
    write: false,
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    tsconfig: join(root, 'tsconfig.json'),
    minify: true,
    legalComments: 'none',
    logLevel: 'error',
    plugins: [lazyAtLoad],
  })
  writeAtomically(bundle, result.outputFiles[0].contents)
  rmSync(codeCache, { force: true })
}

if (mtime(bundle) < newestSource()) {
  try {
    await build()
  } catch (error) {
    process.stderr.write(`error: could not build the CLI bundle: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(3)
  }
}

// A reader that went away (`clinic locations | head -1`): the rest of the output is dropped and the
// command ends as it would have, quietly (no EPIPE stack trace), as Unix tools do. A stream that
// failed is destroyed, so later writes to it are dropped without another error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error
  })
}

let cachedData
try {
  cachedData = readFileSync(codeCache)
} catch {
  cachedData = undefined
}
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`, {
  filename: bundle,
  cachedData,
})
const module = { exports: {} }
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle))
const code = await module.exports.main(process.argv.slice(2))
if (!cachedData || script.cachedDataRejected) {
  try {
    writeAtomically(codeCache, script.createCachedData()) // after the run: holds the functions it compiled too
  } catch {
    // a read-only install runs without the cache
  }
}
// Exit at once (an idle keep-alive socket must not hold the process), once stdout and stderr have
// flushed (pipes are asynchronous on macOS: a large --json answer must not be cut short).
const flushed = (stream) => new Promise((resolve) => stream.write('', resolve))
await Promise.all([flushed(process.stdout), flushed(process.stderr)])
process.exit(code)
