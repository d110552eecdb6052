#!/usr/bin/env node
// Bundle sizes of the production build's JavaScript (gzip), per page the browser opens first:
// - the web app's first view (location list): the entry script of dist/web/index.html and every module
//   it loads before the location list is interactive (the location list is part of the entry; later
//   steps, dialogs, react-aria, leaflet, signature_pad and libphonenumber live in lazy chunks).
//   Target: <= 150 KB.
// - the embeddable lead form (/lead, served from dist/web/lead.html with its own small composition):
//   everything its page loads before the form is on screen (the lead form is its entry). The form's
//   checks (libphonenumber's metadata, date parsing) load after the first paint, DOMPurify only when
//   the query carries HTML: both reported beside. Target: <= 120 KB.
// Runs `vite build` first unless BENCH_NO_BUILD=1. Prints figures; never fails a test run.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { recordFigure } from './lib/figures.mjs'

const root = new URL('..', import.meta.url).pathname
const dist = join(root, 'dist/web')
const FIRST_VIEW_TARGET_KB = 150
const LEAD_TARGET_KB = 120

if (process.env.BENCH_NO_BUILD !== '1') {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}

const STATIC_IMPORT = /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g
const DYNAMIC_IMPORT = /import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g

/** These files with every chunk they import statically (those load before they run). */
function withStaticImports(start) {
  const files = new Set(start)
  const queue = [...files]
  while (queue.length) {
    const code = readFileSync(join(dist, queue.pop()), 'utf8')
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const dep = `/assets/${m[1]}`
      if (!files.has(dep)) {
        files.add(dep)
        queue.push(dep)
      }
    }
  }
  return files
}

/** The scripts a page's HTML loads, with every chunk they import statically (they load before the entry runs). */
function pageScripts(htmlFile) {
  const html = readFileSync(join(dist, htmlFile), 'utf8')
  const files = new Set()
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1])
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1])
  return withStaticImports(files)
}

/** Chunks the page may import later (dynamic imports of its scripts), not yet counted. */
function dynamicChunks(files) {
  const lazy = new Set()
  for (const file of files) {
    for (const m of readFileSync(join(dist, file), 'utf8').matchAll(DYNAMIC_IMPORT)) {
      const dep = `/assets/${m[1]}`
      if (!files.has(dep)) lazy.add(dep)
    }
  }
  return lazy
}

const gz = (file) => gzipSync(readFileSync(join(dist, file))).length
const kb = (n) => (n / 1024).toFixed(1)

function report(title, files, target, word) {
  const rows = [...files].map((file) => ({ file, raw: statSync(join(dist, file)).size, gzip: gz(file) })).sort((a, b) => b.gzip - a.gzip)
  const total = rows.reduce((s, r) => s + r.gzip, 0)
  console.log(`\n${title}`)
  for (const r of rows) console.log(`  ${r.file.padEnd(48)} ${kb(r.raw).padStart(8)} KB raw ${kb(r.gzip).padStart(7)} KB gzip`)
  console.log(`  total: ${kb(total)} KB gzip (${word} <= ${target} KB) ${total <= target * 1024 ? 'OK' : 'OVER'}`)
  return total
}

const firstView = pageScripts('index.html')
const firstViewTotal = report('Web app first view (location list): JavaScript loaded before it is interactive', firstView, FIRST_VIEW_TARGET_KB, 'target')

let leadTotal
let leadFiles = new Set()
if (existsSync(join(dist, 'lead.html'))) {
  leadFiles = pageScripts('lead.html')
  leadTotal = report('Lead form (/lead, lead.html): JavaScript the embedded page loads', leadFiles, LEAD_TARGET_KB, 'target')
  // What the page imports later, each with the chunks it brings that the page has not loaded yet.
  for (const chunk of dynamicChunks(leadFiles)) {
    const extra = [...withStaticImports([chunk])].filter((f) => !leadFiles.has(f))
    const code = extra.map((f) => readFileSync(join(dist, f), 'utf8')).join('\n')
    const what = /DOMPurify|purify/i.test(code) ? 'DOMPurify, only when the query carries HTML to sanitise' : /libphonenumber|countryCallingCodes|country_calling_codes/.test(code) || code.length > 50_000 ? "the form's checks (phone numbers, dates), after the first paint" : 'later'
    console.log(`  + ${kb(extra.reduce((s, f) => s + gz(f), 0))} KB gzip: ${what} (${extra.join(', ')})`)
    for (const f of extra) leadFiles.add(f)
  }
} else console.log('\nLead form: dist/web/lead.html is missing (the lead page is not built on its own)')

const allJs = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `/assets/${f}`)
const lazy = allJs.filter((f) => !firstView.has(f) && !leadFiles.has(f))
console.log(`\n  lazy chunks of the app (later steps, dialogs, map, forms): ${kb(lazy.reduce((s, f) => s + gz(f), 0))} KB gzip in ${lazy.length} files`)
recordFigure({ id: 'bundle.first-view', name: 'web app first view: JavaScript before the location list is interactive', measured: `${kb(firstViewTotal)} KB gzip`, target: `<= ${FIRST_VIEW_TARGET_KB} KB`, met: firstViewTotal <= FIRST_VIEW_TARGET_KB * 1024 })
if (leadTotal !== undefined) recordFigure({ id: 'bundle.lead', name: '/lead: JavaScript before the form shows', measured: `${kb(leadTotal)} KB gzip`, target: `<= ${LEAD_TARGET_KB} KB`, met: leadTotal <= LEAD_TARGET_KB * 1024 })
console.log(`\nSummary: first view ${kb(firstViewTotal)} KB gzip (target ${FIRST_VIEW_TARGET_KB}), /lead ${leadTotal === undefined ? 'n/a' : `${kb(leadTotal)} KB gzip`} (target ${LEAD_TARGET_KB})`)
