#!/usr/bin/env node
// `npm run dev`: the API (tsx watch, restarts on server changes) plus the vite dev server, which proxies
// /api and /sandbox to it (vite.config.ts). Ctrl-C stops both.
import { spawn } from 'node:child_process'

const root = new URL('..', import.meta.url).pathname
// Mailed links (built from PUBLIC_URL only) open the hot-reloading app on vite's port, which proxies the API.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' }
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn(process.execPath, [`${root}node_modules/vite/bin/vite.js`], { cwd: root, env, stdio: 'inherit' }),
]
const stop = (signal) => children.forEach((c) => c.kill(signal))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal))
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exitCode = code ?? 0 })
