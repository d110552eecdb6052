#!/usr/bin/env node
// `npm start`: the API at once (tsx, no build step), then the web app: if dist/web is missing or older
// than the UI sources, `vite build` runs in the background and the server serves it when it is done.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const env = { ...process.env }

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: 'inherit' })

function newestMtime(path) {
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

let build
const builtAt = newestMtime(join(root, 'dist/web/index.html'))
const sourcesAt = Math.max(...['index.html', 'src', 'public', 'vite.config.ts'].map((p) => newestMtime(join(root, p))))
if (process.env.SKIP_WEB_BUILD !== '1' && existsSync(join(root, 'index.html')) && builtAt < sourcesAt) {
  console.log(builtAt ? 'The web app is older than its sources: rebuilding it in the background.' : 'Building the web app in the background (the API is already up).')
  build = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, env, stdio: 'inherit' })
  build.on('exit', (code) => {
    build = undefined
    console.log(code === 0 ? 'Web app built: served from dist/web.' : `vite build failed (exit ${code}); the API keeps running.`)
  })
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    build?.kill(signal)
    server.kill(signal)
  })
}
server.on('exit', (code, signal) => {
  build?.kill('SIGTERM')
  process.exit(code ?? (signal ? 1 : 0))
})
