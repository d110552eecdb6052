#!/usr/bin/env node
// Bytes a first-time visitor's browser fetches before a page can be used, counted by the browser:
// - `/`: everything requested before the location list is interactive (its first clinic's item is
//   on screen and React's handlers are on it: a link, a button before issue 28). Target: <= 150 KB gzip.
// - `/lead`: everything requested before the lead form's Submit button shows (with React's handlers).
//   Target: <= 120 KB gzip.
// Chromium (playwright-core, CHROMIUM_PATH or /usr/bin/chromium) in a fresh context per page (empty
// HTTP cache and storage, no cookie consent), a phone's viewport, against `npm start`
// (bench/lib/bench-server.mjs startNpmStart). Every request the page starts before that moment is
// counted, whatever its kind (HTML, CSS, JavaScript, API answers, images), once it has finished: its
// gzip size (the body as decoded, gzip level 6: the target's unit) and the bytes the server sent (brotli
// where the browser asked for it). Requests to other origins are answered empty and listed apart.
// Every file counted is printed. Runs `vite build` first unless BENCH_NO_BUILD=1 or BUNDLE_URL. Never fails.
import { buildWebSync } from '../scripts/lib/web-build.mjs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { startNpmStart } from './lib/bench-server.mjs'
import { recordFigure } from './lib/figures.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const PAGES = [
  {
    id: 'bundle.first-view',
    name: '/ (first visit): bytes before the location list is interactive',
    path: '/',
    target: 150,
    // The first clinic's item: a link since the clinics are links (issue 28), a button in builds before.
    ready: 'section[aria-labelledby="locations-title"] ul li :is(a, button)',
  },
  { id: 'bundle.lead', name: '/lead (first visit): bytes before the Submit button shows', path: '/lead', target: 120, ready: 'form button[type="submit"]' },
]

if (process.env.BENCH_NO_BUILD !== '1' && !process.env.BUNDLE_URL) {
  // The pages and the server's render of the first view (scripts/lib/web-build.mjs), as npm run build.
  if (!buildWebSync(root)) throw new Error('vite build failed')
}

const kb = (n) => (n / 1024).toFixed(1)

/** Every request `path` starts before `ready` is on screen and interactive, with its sizes. */
async function measure(browser, base, page) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
  const external = []
  await context.route((url) => !url.href.startsWith(base), (route) => {
    external.push(route.request().url())
    return route.fulfill({ status: 200, body: '' })
  })
  const tab = await context.newPage()
  let ready = false
  const counted = []
  tab.on('request', (request) => {
    if (!ready && request.url().startsWith(base)) counted.push({ request, done: new Promise((resolve) => { request.__done = resolve }) })
  })
  const finish = (request) => request.__done?.()
  tab.on('requestfinished', finish)
  tab.on('requestfailed', finish)
  const started = Date.now()
  await tab.goto(`${base}${page.path}`, { waitUntil: 'commit' })
  // Interactive: the element is there and React has put its props (handlers) on it, whoever rendered it.
  await tab.waitForFunction((selector) => {
    const el = document.querySelector(selector)
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'))
  }, page.ready, { timeout: 60_000, polling: 'raf' })
  ready = true
  const readyMs = Date.now() - started
  await Promise.all(counted.map((c) => c.done))
  const files = []
  for (const { request } of counted) {
    const response = await request.response()
    if (!response) continue
    const body = await response.body().catch(() => Buffer.alloc(0))
    const sizes = await request.sizes()
    files.push({
      path: new URL(request.url()).pathname + new URL(request.url()).search,
      kind: request.resourceType(),
      sent: sizes.responseBodySize,
      encoding: response.headers()['content-encoding'] ?? 'none',
      gzip: gzipSync(body).length,
    })
  }
  await context.close()
  return { files, external, readyMs }
}

// BUNDLE_URL=<base URL>: a server already running there (e.g. another build side by side, WEB_DIR=... npm start).
const app = process.env.BUNDLE_URL ? { url: process.env.BUNDLE_URL.replace(/\/$/, ''), stop: () => undefined } : await startNpmStart()
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => { app.stop(); process.exit(130) })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
const summary = []
try {
  for (const page of PAGES) {
    const { files, external, readyMs } = await measure(browser, app.url, page)
    files.sort((a, b) => b.gzip - a.gzip)
    const total = files.reduce((s, f) => s + f.gzip, 0)
    const sent = files.reduce((s, f) => s + f.sent, 0)
    const met = total <= page.target * 1024
    const figure = recordFigure({ id: page.id, name: page.name, measured: `${kb(total)} KB gzip in ${files.length} files`, target: `<= ${page.target} KB`, met })
    console.log(`\n${page.name} (ready after ${readyMs} ms):`)
    for (const f of files) console.log(`  ${f.path.padEnd(56)} ${f.kind.padEnd(10)} ${kb(f.gzip).padStart(7)} KB gzip ${kb(f.sent).padStart(7)} KB sent (${f.encoding})`)
    if (external.length) console.log(`  other origins, answered empty, not counted: ${external.join(', ')}`)
    console.log(`  total: ${kb(total)} KB gzip in ${files.length} files (${kb(sent)} KB sent); target <= ${page.target} KB ${met ? 'ok' : 'OVER'}; previous ${figure.previous}`)
    summary.push(`${page.path} ${kb(total)} KB gzip (target ${page.target}, previous ${figure.previous})`)
  }
} finally {
  await browser.close()
  app.stop()
}
console.log(`\nSummary: ${summary.join('; ')}`)
