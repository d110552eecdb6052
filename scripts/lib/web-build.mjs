// When the web app must be (re)built, and the build itself: shared by npm start, the postinstall
// prebuild and the browser tests, so all three agree on what "out of date" means.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

/** Both pages of the build (the app and the embeddable lead form) must exist and be newer than their sources. */
export function webBuildState(root) {
  const pages = ['index.html', 'lead.html'].map((page) => newestMtime(join(root, 'dist/web', page)))
  const builtAt = Math.min(...pages)
  const sourcesAt = Math.max(...['index.html', 'lead.html', 'src', 'public', 'vite.config.ts', 'package-lock.json'].map((p) => newestMtime(join(root, p))))
  return { exists: builtAt > 0, stale: builtAt < sourcesAt }
}

const viteArgs = (root) => [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']
// Always a production build (inside vitest NODE_ENV is 'test', and React's development build would ship).
const buildEnv = () => ({ ...process.env, NODE_ENV: 'production' })

export function buildWebSync(root) {
  return spawnSync(process.execPath, viteArgs(root), { cwd: root, stdio: 'inherit', env: buildEnv() }).status === 0
}

export function buildWebInBackground(root) {
  return spawn(process.execPath, viteArgs(root), { cwd: root, stdio: 'inherit', env: buildEnv() })
}
