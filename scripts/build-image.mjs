#!/usr/bin/env node
// The production image's contents, built and started the way the Dockerfile does it (no container
// engine runs on the development machines; keep the two to the same steps):
//   1. assemble: the web app (vite build, when dist/web is older than its sources), the server bundle
//      (scripts/lib/server-bundle.mjs: dist/server/main.mjs and admin-cli.mjs), package.json and
//      package-lock.json, copied into the image folder. Dockerfile: the `build` stage.
//   2. dependencies: `npm ci --omit=dev --ignore-scripts` in the image folder: production packages
//      only, no vite, no tsx, no esbuild. Dockerfile: the `deps` stage.
//      --link-deps instead links every production package of package-lock.json from this checkout's
//      node_modules (the same versions, no registry): what the test does, in seconds.
//   3. check: from the image folder, as the image runs (NODE_ENV=production), on PGlite (a new
//      DATA_DIR) and on PostgreSQL (a throwaway database on 127.0.0.1:5432, when one answers):
//      `node dist/server/admin-cli.mjs migrate`, then the Dockerfile's CMD (SERVER_NODE_ARGS); /api/health must
//      answer 200 and / the web app's page. Dockerfile: the HEALTHCHECK and CMD.
// Usage: node scripts/build-image.mjs [--link-deps] [--keep] [folder]   (default: a temporary folder)
//        node scripts/build-image.mjs --assemble-only <folder>         (step 1 alone: the Dockerfile)
// Prints the folder's size (BENCHMARKS.md, "Image").
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { findPostgres, withThrowawayDatabase } from './lib/environment.mjs'
import { bundleServer, SERVER_NODE_ARGS } from './lib/server-bundle.mjs'
import { buildWebSync, webBuildState } from './lib/web-build.mjs'

const root = new URL('..', import.meta.url).pathname
const args = process.argv.slice(2)
const linkDeps = args.includes('--link-deps')
const folderArg = args.find((a) => !a.startsWith('--'))
const folder = folderArg ? resolve(folderArg) : mkdtempSync(join(tmpdir(), 'clinic-image-'))
const keep = args.includes('--keep') || folderArg !== undefined
const assembleOnly = args.includes('--assemble-only')
/** Packages the image must not hold: the build and development tools. */
const BUILD_ONLY = ['vite', 'tsx', 'esbuild', '@vitejs/plugin-react', 'vitest', 'rolldown']

const step = (text) => console.log(`\n== ${text}`)

/** The Dockerfile's CMD, as the node arguments it starts the server with: SERVER_NODE_ARGS, as npm start. */
function imageCommand() {
  const cmd = readFileSync(join(root, 'Dockerfile'), 'utf8').match(/^CMD (\[.*\])$/m)
  const expected = ['node', ...SERVER_NODE_ARGS, 'dist/server/main.mjs']
  if (!cmd || JSON.stringify(JSON.parse(cmd[1])) !== JSON.stringify(expected)) throw new Error(`the Dockerfile's CMD should be ${JSON.stringify(expected)} (scripts/lib/server-bundle.mjs, SERVER_NODE_ARGS)`)
  return expected.slice(1)
}

function assemble() {
  step(`assemble into ${folder}`)
  if (webBuildState(root).stale && !buildWebSync(root)) throw new Error('vite build failed')
  mkdirSync(folder, { recursive: true })
  for (const path of ['dist/server', 'dist/web', 'dist/ssr', 'node_modules']) rmSync(join(folder, path), { recursive: true, force: true })
  cpSync(join(root, 'dist/web'), join(folder, 'dist/web'), { recursive: true })
  cpSync(join(root, 'dist/ssr'), join(folder, 'dist/ssr'), { recursive: true })
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(root, file), join(folder, file))
  return bundleServer(root, join(folder, 'dist/server'))
}

/** `npm ci --omit=dev`, or the same packages linked from this checkout (--link-deps). */
function dependencies() {
  if (!linkDeps) {
    step('npm ci --omit=dev --ignore-scripts')
    execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' })
    return
  }
  step('production packages of package-lock.json, linked from node_modules')
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
  // Top-level entries only: a package's own nested node_modules comes with its folder. As npm's
  // --omit=dev: `dev` ones are left out; `devOptional` ones (typescript, an optional peer of
  // cosmiconfig) are not, and optional ones come when this platform has them.
  const production = Object.entries(lock.packages).filter(([path, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) && !entry.dev)
  for (const [path] of production) {
    const source = join(root, path)
    if (!existsSync(source)) continue
    mkdirSync(dirname(join(folder, path)), { recursive: true })
    symlinkSync(source, join(folder, path), 'dir')
  }
}

function checkContents() {
  const present = BUILD_ONLY.filter((name) => existsSync(join(folder, 'node_modules', name)))
  if (present.length) throw new Error(`the image holds build tools: ${present.join(', ')}`)
}

async function answers(url, child) {
  const started = Date.now()
  while (Date.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      const response = await fetch(url)
      if (response.ok) return response
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not answer within 120 s`)
}

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })

/** As the image runs: production settings, migrate, start, /api/health and the web app. */
async function check(label, database) {
  step(`check on ${label}`)
  const port = await freePort()
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET: 'image-check-secret-image-check-secret-0123',
    SMTP_URL: 'smtp://127.0.0.1:9',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    LOG_LEVEL: 'warn',
    ...database,
  }
  const migrate = spawnSync(process.execPath, ['dist/server/admin-cli.mjs', 'migrate'], { cwd: folder, env, stdio: 'inherit' })
  if (migrate.status !== 0) throw new Error(`migrate exited with code ${migrate.status}`)
  const started = Date.now()
  const child = spawn(process.execPath, imageCommand(), { cwd: folder, env, stdio: ['ignore', 'inherit', 'inherit'] })
  const exited = new Promise((done) => child.once('exit', done))
  try {
    const health = await answers(`http://127.0.0.1:${port}/api/health`, child)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    const page = await (await answers(`http://127.0.0.1:${port}/`, child)).text()
    if (!/<script[^>]+type="module"/.test(page)) throw new Error('/ is not the web app')
    console.log(`  /api/health ${health.status} after ${seconds} s; / is the web app (${page.length} bytes)`)
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

const sizeOf = (path) => execFileSync('du', ['-sh', '--dereference-args', ...(linkDeps ? ['-L'] : []), path], { encoding: 'utf8' }).split('\t')[0]

if (assembleOnly) {
  await assemble()
  process.exit(0)
}
try {
  await assemble()
  dependencies()
  checkContents()
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-image-data-'))
  try {
    await check('PGlite', { DATA_DIR: dataDir })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  const adminUrl = await findPostgres()
  if (!adminUrl) console.log('\nPostgreSQL: no server answered at 127.0.0.1:5432 (or DATABASE_URL); skipped.')
  else {
    await withThrowawayDatabase(adminUrl, 'clinic_image', (url) => check('PostgreSQL', { DATABASE_URL: url }))
  }
  step('size')
  console.log(`  image folder ${sizeOf(folder)}: node_modules ${sizeOf(join(folder, 'node_modules'))}, dist/web ${sizeOf(join(folder, 'dist/web'))}, dist/server ${sizeOf(join(folder, 'dist/server'))}`)
  console.log('\nThe image folder starts on production packages alone.')
} finally {
  if (!keep) rmSync(folder, { recursive: true, force: true })
}
