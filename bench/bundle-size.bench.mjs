#!/usr/bin/env node
// Bundle size of the web app's first view: the production build's JavaScript (gzip) that the browser
// loads before the location list is interactive, i.e. the entry script of dist/web/index.html and
// every module it preloads (the location list is part of the entry; later steps, dialogs,
// react-aria, leaflet, signature_pad and libphonenumber live in lazy chunks). Target: <= 150 KB.
// Runs `vite build` first unless BENCH_NO_BUILD=1. Prints figures; never fails a test run.
import { execFileSync } from 'node:child_process'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const root = new URL('..', import.meta.url).pathname
const dist = join(root, 'dist/web')
const TARGET_KB = 150

if (process.env.BENCH_NO_BUILD !== '1') {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}

const html = readFileSync(join(dist, 'index.html'), 'utf8')
const firstView = new Set()
for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) firstView.add(m[1])
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) firstView.add(m[1])

// Static imports of those chunks (a chunk imported without a preload hint still loads before the entry runs).
const queue = [...firstView]
while (queue.length) {
  const file = queue.pop()
  const code = readFileSync(join(dist, file), 'utf8')
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    const dep = `/assets/${m[1]}`
    if (!firstView.has(dep)) {
      firstView.add(dep)
      queue.push(dep)
    }
  }
}

const gz = (file) => gzipSync(readFileSync(join(dist, file))).length
const rows = [...firstView].map((file) => ({ file, raw: statSync(join(dist, file)).size, gzip: gz(file) })).sort((a, b) => b.gzip - a.gzip)
const total = rows.reduce((s, r) => s + r.gzip, 0)
const allJs = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'))
const lazyTotal = allJs.filter((f) => !firstView.has(`/assets/${f}`)).reduce((s, f) => s + gz(`/assets/${f}`), 0)

const kb = (n) => (n / 1024).toFixed(1)
console.log('\nWeb app first view (location list): JavaScript loaded before it is interactive')
for (const r of rows) console.log(`  ${r.file.padEnd(48)} ${kb(r.raw).padStart(8)} KB raw ${kb(r.gzip).padStart(7)} KB gzip`)
console.log(`  total first view: ${kb(total)} KB gzip (target <= ${TARGET_KB} KB) ${total <= TARGET_KB * 1024 ? 'OK' : 'OVER TARGET'}`)
console.log(`  lazy chunks (later steps, dialogs, map, forms): ${kb(lazyTotal)} KB gzip in ${allJs.length - rows.length} files`)
