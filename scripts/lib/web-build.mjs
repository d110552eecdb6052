// When the web app must be (re)built, and the build itself: shared by npm start, the postinstall
// prebuild and the browser tests, so all three agree on what "out of date" means.
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { newestMtime } from './newest-mtime.mjs'

export { newestMtime }

/** The server's render of the app's first view (issue 28; src/composition/first-view.ssr.tsx), built after the pages. */
export const SSR_ENTRY = 'src/composition/first-view.ssr.tsx'
export const SSR_FILE = 'dist/ssr/first-view.ssr.js'
/** The server's render of the lead form /lead (src/composition/lead.ssr.tsx), built after the first view's into the same folder. */
export const LEAD_SSR_ENTRY = 'src/composition/lead.ssr.tsx'
export const LEAD_SSR_FILE = 'dist/ssr/lead.ssr.js'

/**
 * Both pages of the build (the app and the embeddable lead form) and the server's render of the first
 * view must exist and be newer than their sources.
 */
export function webBuildState(root) {
  const pages = ['dist/web/index.html', 'dist/web/lead.html', SSR_FILE, LEAD_SSR_FILE].map((file) => newestMtime(join(root, file)))
  const builtAt = Math.min(...pages)
  const sourcesAt = Math.max(...['index.html', 'lead.html', 'src', 'public', 'vite.config.ts', 'package-lock.json'].map((p) => newestMtime(join(root, p))))
  return { exists: builtAt > 0, stale: builtAt < sourcesAt }
}

const vite = (root) => join(root, 'node_modules/vite/bin/vite.js')
// The pages first, then the render (the server renders only with a render no older than the page:
// the CSS modules' class names of one build).
const viteSteps = (root) => [
  [vite(root), 'build', '--logLevel', 'warn'],
  [vite(root), 'build', '--ssr', SSR_ENTRY, '--outDir', 'dist/ssr', '--logLevel', 'warn'],
  [vite(root), 'build', '--ssr', LEAD_SSR_ENTRY, '--outDir', 'dist/ssr', '--emptyOutDir', 'false', '--logLevel', 'warn'],
]
// Always a production build (inside vitest NODE_ENV is 'test', and React's development build would ship).
const buildEnv = () => ({ ...process.env, NODE_ENV: 'production' })

export function buildWebSync(root) {
  return viteSteps(root).every((args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: buildEnv() }).status === 0)
}

/** Both steps in one child process (its exit code is the build's), so that callers can wait for it or kill it. */
export function buildWebInBackground(root) {
  const script = `const { buildWebSync } = await import(${JSON.stringify(new URL(import.meta.url).href)}); process.exit(buildWebSync(${JSON.stringify(root)}) ? 0 : 1)`
  return spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: 'inherit', env: buildEnv() })
}
