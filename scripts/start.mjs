#!/usr/bin/env node
// `npm start`: the API first, then the web app.
// - The server runs from a bundle (dist/server/main.mjs and its chunks: scripts/lib/server-bundle.mjs)
//   that esbuild rebuilds in well under a second when server/ or src/ changed: starting it costs a
//   fraction of transpiling every file with tsx.
//   Should the bundle fail to build, the server runs with tsx as before.
// - Once the API accepts connections, and only then (so the first start is not slowed down by it),
//   `vite build` runs in the background if dist/web is missing or older than the UI sources; the
//   server serves it when it is done.
// SKIP_WEB_BUILD=1 skips the web build. Timings: BENCHMARKS.md ("Start time").
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { buildWebInBackground, webBuildState } from './lib/web-build.mjs'
import { ensureServerBundle, SERVER_NODE_ARGS } from './lib/server-bundle.mjs'
import { connect } from 'node:net'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const env = { ...process.env }
const BUNDLE = join(root, 'dist/server/main.mjs')

const server = spawn(process.execPath, (await ensureServerBundle(root, 'starting it with tsx')) ? [...SERVER_NODE_ARGS, BUNDLE] : ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: 'inherit' })

/** Resolves once the server accepts TCP connections (it listens after migrations and the seed). */
function listening() {
  const port = Number(env.PORT) || 3000
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST
  return new Promise((resolve) => {
    const attempt = () => {
      if (server.exitCode !== null) return
      const socket = connect({ port, host }, () => {
        socket.destroy()
        resolve()
      })
      socket.on('error', () => setTimeout(attempt, 100))
    }
    attempt()
    // Never wait for ever (a server bound elsewhere): build anyway after a minute.
    setTimeout(resolve, 60_000).unref()
  })
}

let build
let stopping = false
const web = webBuildState(root)
if (process.env.SKIP_WEB_BUILD !== '1' && existsSync(join(root, 'index.html')) && web.stale) {
  listening().then(() => {
    if (stopping || server.exitCode !== null) return
    console.log(web.exists ? 'The web app is older than its sources: rebuilding it in the background.' : 'Building the web app in the background (the API is already up).')
    build = buildWebInBackground(root)
    build.on('exit', (code) => {
      build = undefined
      if (!stopping) console.log(code === 0 ? 'Web app built: served from dist/web.' : `vite build failed (exit ${code}); the API keeps running.`)
    })
  })
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true
    build?.kill(signal)
    server.kill(signal)
  })
}
server.on('exit', (code, signal) => {
  stopping = true
  build?.kill('SIGTERM')
  process.exit(code ?? (signal ? 1 : 0))
})
