#!/usr/bin/env node
// A CPU profile of one page's first load in chromium at Lighthouse's 4x CPU slowdown: the long tasks
// (PerformanceObserver) and the functions with the most self time, by script. For finding what a
// page's first render spends its main thread on (the Lighthouse bench gives only the totals).
// Usage: node bench/lib/profile-page.mjs <base-url> <path> [--signed-in] [--warm] [--lh-trace] [--out profile.cpuprofile]
// CPU_RATE=1 profiles without the 4x slowdown.
// The server must run (e.g. `WEB_DIR=$PWD/dist/web-prof PORT=3999 DATA_DIR=memory:// npm start` with an
// unminified `npx vite build --minify false --outDir dist/web-prof` for readable names). Besides the
// totals it prints each busy stretch of the main thread (samples with no idle between them, roughly a
// task) of >= 40 ms with its functions by self and by total time.
import { writeFileSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import puppeteer from 'puppeteer-core'

const [base, path = '/'] = process.argv.slice(2)
const signedIn = process.argv.includes('--signed-in')
const outAt = process.argv.indexOf('--out')
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'] })
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
try {
  const page = await browser.newPage()
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true })
  let token = null
  if (signedIn) {
    const login = await fetch(`${base}/api/login?from=customer`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@example.com', password: 'Demo1234' }) })
    token = (await login.json()).token
  }
  await page.goto(`${base}/favicon.svg`)
  await page.evaluate((t) => { localStorage.clear(); localStorage.setItem('cookiesAccepted', 'true'); if (t) localStorage.setItem('token', t) }, token)
  // --warm: a first visit fills the HTTP and code caches, as the bench's second and third runs find them.
  if (process.argv.includes('--warm')) {
    await page.goto(`${base}${path}`, { waitUntil: 'load' })
    await new Promise((r) => setTimeout(r, 3000))
    await page.goto(`${base}/favicon.svg`)
  }
  await page.evaluateOnNewDocument(() => {
    window.__long = []
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]) }).observe({ type: 'longtask', buffered: true })
  })
  const cdp = await page.createCDPSession()
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU_RATE || 4) })
  // --lh-trace: Lighthouse's trace categories on meanwhile (their stacks cost the page time too).
  if (process.argv.includes('--lh-trace')) await page.tracing.start({ categories: ['-*', 'disabled-by-default-lighthouse', 'loading', 'v8', 'v8.execute', 'blink.user_timing', 'blink.console', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.screenshot', 'disabled-by-default-devtools.timeline.stack', 'disabled-by-default-devtools.timeline.frame', 'latencyInfo'] })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await page.goto(`${base}${path}`, { waitUntil: 'load' })
  await new Promise((r) => setTimeout(r, 6000))
  const { profile } = await cdp.send('Profiler.stop')
  if (process.argv.includes('--lh-trace')) await page.tracing.stop()
  console.log('long tasks (start, ms at 4x):', JSON.stringify(await page.evaluate(() => window.__long)))
  if (outAt > 0) writeFileSync(process.argv[outAt + 1], JSON.stringify(profile))
  // Self time per function.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map()
  const dt = profile.timeDeltas
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i])
    const f = n.callFrame
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/.*\//, '')}:${f.lineNumber + 1}`
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000)
  }
  const top = [...self].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 40)
  for (const [k, ms] of top) console.log(`${ms.toFixed(1).padStart(7)} ms  ${k}`)
  const byUrl = new Map()
  for (let i = 0; i < profile.samples.length; i++) {
    const u = byId.get(profile.samples[i]).callFrame.url.replace(/.*\//, '') || byId.get(profile.samples[i]).callFrame.functionName
    byUrl.set(u, (byUrl.get(u) ?? 0) + (dt[i] ?? 0) / 1000)
  }
  printBusyStretches(profile, 40)
  console.log('by script:', [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([u, ms]) => `${u} ${ms.toFixed(0)}`).join(', '))
} finally {
  await browser.disconnect().catch(() => undefined)
  chrome.kill()
}

/** Busy stretches of the profile (no idle sample inside) of at least `minMs`, each with its heaviest functions. */
function printBusyStretches(profile, minMs) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const name = (id) => {
    const f = byId.get(id).callFrame
    return `${f.functionName || '(anon)'} ${f.url.replace(/.*\//, '')}${f.url ? `:${f.lineNumber + 1}` : ''}`
  }
  const stretches = [[]]
  let t = profile.startTime
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i]
    const sample = { id, t, ms: (profile.timeDeltas[i + 1] ?? 0) / 1000 }
    if (byId.get(id).callFrame.functionName === '(idle)') stretches.push([])
    else stretches.at(-1).push(sample)
  })
  for (const stretch of stretches) {
    const ms = stretch.reduce((a, s) => a + s.ms, 0)
    if (ms < minMs) continue
    const self = new Map()
    const total = new Map()
    for (const s of stretch) {
      self.set(name(s.id), (self.get(name(s.id)) ?? 0) + s.ms)
      const seen = new Set()
      for (let p = s.id; p !== undefined; p = parent.get(p)) {
        const k = name(p)
        if (!seen.has(k)) total.set(k, (total.get(k) ?? 0) + s.ms)
        seen.add(k)
      }
    }
    const list = (m, n) => [...m].filter(([k]) => !/^\((root|program|idle)\)/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' | ')
    console.log(`\nbusy at ${((stretch[0].t - profile.startTime) / 1000).toFixed(0)} ms for ${ms.toFixed(0)} ms (native, e.g. style and layout: ${(self.get('(program) ') ?? 0).toFixed(0)} ms)`)
    console.log(`  self: ${list(self, 6)}`)
    console.log(`  total: ${list(total, 14)}`)
  }
  console.log('')
}
