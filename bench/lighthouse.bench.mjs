#!/usr/bin/env node
// Lighthouse mobile (the `lighthouse` package, its default mobile settings: simulated slow 4G and a
// 4x slower CPU, moto-class screen) with Debian's chromium against the built app served as `npm start`
// serves it (scripts/start.mjs: the server bundle and dist/web, on a free port, the demo tenant in
// memory). Pages: /, /step/{London}, /app (signed in as the demo customer: the token is put in
// localStorage by a first load of the page, and Lighthouse keeps the storage) and /lead.
// Each page is audited LIGHTHOUSE_RUNS times (default 3); the median of each figure is printed beside
// its target (performance >= 95, LCP <= 1.5 s, CLS <= 0.02, TBT <= 100 ms) and the previous measurement's
// figure (PREVIOUS), with the load average.
// Runs `vite build` first unless BENCH_NO_BUILD=1. CHROME_PATH overrides /usr/bin/chromium. Never fails.
// For a profile: LIGHTHOUSE_PAGES=app (pages whose name contains it) and LIGHTHOUSE_SAVE=<dir> (each
// run's report as JSON there, its 'long-tasks', 'bootup-time' and 'mainthread-work-breakdown' audits, and
// the trace Lighthouse recorded, for bench/lib/trace-tasks.mjs). LIGHTHOUSE_URL=<base URL> audits a
// server already running there (e.g. two builds side by side, WEB_DIR=... npm start) instead of starting one.
// Each run's line also gives its blocking time counted on the tasks' thread (CPU) time
// (bench/lib/trace-blocking.mjs): under load Lighthouse's TBT measures the wait for the cores, this does not.
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { blockingAfterFcp } from './lib/trace-blocking.mjs'
import { freePort } from './lib/bench-server.mjs'
import { recordFigure } from './lib/figures.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3)
const LONDON = 'c10000000000000000000001'
const DEMO_CUSTOMER = { email: 'demo@example.com', password: 'Demo1234' }
const TARGETS = { performance: 95, lcp: 1500, cls: 0.02, tbt: 100 }
/** The measurement before this one (BENCHMARKS.md), printed beside each figure: update it with the table. */
const PREVIOUS = {
  at: '2026-11-24 23:58 UTC, quiet machine, after issue 18\'s second session (/app transitions and tabs)',
  pages: {
    '/': { performance: 99, lcp: 1110, cls: 0.003, tbt: 38 },
    '/step/{clinic}': { performance: 98, lcp: 1440, cls: 0.003, tbt: 170 },
    '/app (signed in)': { performance: 99, lcp: 1400, cls: 0, tbt: 130 },
    '/lead': { performance: 100, lcp: 960, cls: 0, tbt: 63 },
  },
}
const PAGES = [
  { id: 'home', name: '/', path: '/' },
  { id: 'step', name: '/step/{clinic}', path: `/step/${LONDON}` },
  { id: 'app', name: '/app (signed in)', path: '/app', signedIn: true },
  { id: 'lead', name: '/lead', path: '/lead' },
].filter((p) => !process.env.LIGHTHOUSE_PAGES || p.name.includes(process.env.LIGHTHOUSE_PAGES))
const SAVE = process.env.LIGHTHOUSE_SAVE
process.env.CHROME_PATH ||= '/usr/bin/chromium'

const load = () => loadavg().map((n) => n.toFixed(1)).join(' ')

if (process.env.BENCH_NO_BUILD !== '1' && !process.env.LIGHTHOUSE_URL) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}

/** `npm start` (scripts/start.mjs) on a free port, in its own process group so that it stops whole. */
async function startApp() {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', SKIP_WEB_BUILD: '1', SWEEP_INTERVAL_MS: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`)
    if (Date.now() - started > 180_000) throw new Error('npm start did not answer within 180 s')
    try {
      if ((await fetch(`${url}/api/public/organisations`)).ok && (await fetch(`${url}/`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return { url, stop: () => { try { process.kill(-child.pid, 'SIGTERM') } catch { /* already gone */ } } }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

async function audit(browserPort, page, url, saveAs) {
  // Default mobile settings; the storage is kept so that a signed-in page stays signed in.
  const result = await lighthouse(url, { port: browserPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true }, undefined, page)
  const lhr = result.lhr
  if (SAVE) {
    mkdirSync(SAVE, { recursive: true })
    writeFileSync(`${SAVE}/${saveAs}.json`, JSON.stringify(lhr))
    writeFileSync(`${SAVE}/${saveAs}.trace.json`, JSON.stringify(result.artifacts.Trace))
  }
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
  const a = lhr.audits
  // A signed-in page that fell back to the start (token refused) would measure the wrong page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`ended on ${lhr.finalDisplayedUrl}, not ${url}`)
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: a['largest-contentful-paint'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    fcp: a['first-contentful-paint'].numericValue,
    // TBT counted on the tasks' thread time: barely moved by other processes wanting the cores.
    cpuTbt: blockingAfterFcp(result.artifacts.Trace.traceEvents)?.cpu,
    shifts: (a['layout-shifts']?.details?.items ?? []).map((i) => `${i.node?.selector ?? i.node?.snippet ?? '?'} ${i.score?.toFixed?.(3)}`).slice(0, 3),
    lcpElement: a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
  }
}

const app = process.env.LIGHTHOUSE_URL ? { url: process.env.LIGHTHOUSE_URL.replace(/\/$/, ''), stop: () => undefined } : await startApp()
// A bench stopped from outside (Ctrl-C, timeout) stops its server too.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => { app.stop(); process.exit(130) })
console.log(`npm start answers at ${app.url}; launching ${process.env.CHROME_PATH}`)
const chrome = await chromeLauncher.launch({ chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'] })
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
const rows = []
try {
  const login = await fetch(`${app.url}/api/login?from=customer`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_CUSTOMER) })
  const { token } = await login.json()
  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults, ${RUNS} runs per page, against ${app.url} (npm start); load average at start ${load()}`)
  for (const p of PAGES) {
    const runs = []
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage()
      // The app's own keys (src/adapters/storage/local-storage.adapter.ts): the cookie banner answered
      // on every page (a returning visitor), the token on the signed-in one.
      await page.goto(`${app.url}/favicon.svg`)
      await page.evaluate((token) => {
        localStorage.clear()
        localStorage.setItem('cookiesAccepted', 'true')
        if (token) localStorage.setItem('token', token)
      }, p.signedIn ? token : null)
      try {
        runs.push(await audit(chrome.port, page, `${app.url}${p.path}`, `${p.path.split('/')[1] || 'root'}-${i + 1}`))
      } catch (error) {
        console.log(`  ${p.name}: run ${i + 1} failed: ${error.message}`)
      } finally {
        await page.close()
      }
    }
    if (!runs.length) continue
    const m = (k) => median(runs.map((r) => r[k]))
    const row = { page: p.name, performance: m('performance'), lcp: m('lcp'), cls: m('cls'), tbt: m('tbt'), fcp: m('fcp'), runs }
    rows.push(row)
    console.log(`  ${p.name}: performance ${runs.map((r) => r.performance).join('/')}, LCP ${runs.map((r) => Math.round(r.lcp)).join('/')} ms, CLS ${runs.map((r) => r.cls.toFixed(3)).join('/')}, TBT ${runs.map((r) => Math.round(r.tbt)).join('/')} ms (from thread time ~${runs.map((r) => (r.cpuTbt === undefined ? '?' : Math.round(r.cpuTbt))).join('/')}); LCP element ${runs[0].lcpElement ?? '-'}${runs[0].shifts.length ? `; shifts ${runs[0].shifts.join(', ')}` : ''} (load ${load()})`)
  }
} finally {
  await browser.disconnect().catch(() => undefined)
  chrome.kill()
  app.stop()
}

const ok = (v, t, lower) => (lower ? v <= t : v >= t) ? 'ok' : 'OVER'
const fmt = {
  performance: (v) => String(v),
  lcp: (v) => `${(v / 1000).toFixed(2)} s`,
  cls: (v) => v.toFixed(3),
  tbt: (v) => `${Math.round(v)} ms`,
}
/** The figure, a mark when it misses its target, and the previous measurement's figure beside it. */
const cell = (r, key, lower) => {
  const miss = ok(r[key], TARGETS[key], lower) === 'ok' ? '' : key === 'performance' ? ' (below)' : ' (over)'
  const before = PREVIOUS.pages[r.page]?.[key]
  return `${fmt[key](r[key])}${miss} | ${before === undefined ? '-' : fmt[key](before)}`
}
console.log(`\nLighthouse mobile, median of ${RUNS} (load average now ${load()}); previous: ${PREVIOUS.at}:`)
console.log('| page | performance (>= 95) | previous | LCP (<= 1.5 s) | previous | CLS (<= 0.02) | previous | TBT (<= 100 ms) | previous | FCP |')
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const r of rows) {
  const met = ['performance', 'lcp', 'cls', 'tbt'].every((key) => ok(r[key], TARGETS[key], key !== 'performance') === 'ok')
  recordFigure({
    id: `lighthouse.${PAGES.find((p) => p.name === r.page)?.id}`,
    name: `Lighthouse mobile ${r.page}, median of ${RUNS}`,
    measured: `performance ${r.performance}, LCP ${fmt.lcp(r.lcp)}, CLS ${fmt.cls(r.cls)}, TBT ${fmt.tbt(r.tbt)}`,
    target: `>= ${TARGETS.performance}, <= 1.5 s, <= ${TARGETS.cls}, <= ${TARGETS.tbt} ms`,
    met,
  })
  console.log(`| ${r.page} | ${cell(r, 'performance', false)} | ${cell(r, 'lcp', true)} | ${cell(r, 'cls', true)} | ${cell(r, 'tbt', true)} | ${(r.fcp / 1000).toFixed(2)} s |`)
}
