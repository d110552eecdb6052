import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core'
import { expect, inject } from 'vitest'

const root = join(import.meta.dirname, '../../..')
export const SHOTS_DIR = join(root, 'test-results/e2e')
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * The thank-you page's map loads OpenStreetMap's tiles; this machine has no DNS for them, and each failed
 * tile was a console error in `problems` whenever the map had loaded before a scenario's last check (a
 * scenario ending there passed or failed by timing). A blank tile stands in for the tile server, as
 * stripe-stand-in.ts does for Stripe.
 */
const TILE_SERVER = /^https:\/\/tile\.openstreetmap\.org\//
const BLANK_TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')

export const DESKTOP = { width: 1280, height: 860 }
export const PHONE = { width: 375, height: 760 }
/** The small phone of issue 17's checks (iPhone SE / 8). */
export const SMALL_PHONE = { width: 375, height: 667 }

/** The demo server of this file's worker (global-setup.ts starts one per worker). */
export function sharedServerUrl(): string {
  const urls = inject('baseUrls')
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]
}

/** This worker's browser (the suite runs with isolate: false, so this module outlives a file). */
let workerBrowser: Promise<Browser> | undefined

/**
 * The browser of this file's worker: launched by the worker's first file, then shared by the files
 * that follow it there (each scenario has a context of its own, `open`). A launch and close a file cost
 * ~1.5-2.5 s on this 2-core machine. Playwright ends the browser with the worker's process; a file
 * gives back what it opened with `release`.
 */
export function launch(): Promise<Browser> {
  const launched = (workerBrowser ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  }))
  // A browser that went away (a crash) is launched again for the next file.
  void launched.then((b) => b.once('disconnected', () => (workerBrowser = workerBrowser === launched ? undefined : workerBrowser)), () => (workerBrowser = undefined))
  return launched
}

/** A file's end: closes the contexts it left open and keeps the worker's browser for the next file. */
export async function release(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return
  await Promise.all(browser.contexts().map((c) => c.close()))
}

export interface Session {
  context: BrowserContext
  page: Page
  /** page errors and failed same-origin requests seen so far */
  problems: string[]
  shot(name: string): Promise<void>
  /** Injects axe-core and fails on serious or critical WCAG 2.x A/AA violations. */
  axe(step: string): Promise<void>
}

/** A fresh browser context (empty localStorage) at the given viewport; `touch`: a phone's touch screen (taps, mobile viewport). */
export async function open(browser: Browser, scenario: string, viewport = DESKTOP, init?: Record<string, string>, options: { touch?: boolean } = {}): Promise<Session> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...(options.touch ? { hasTouch: true, isMobile: true } : {}) })
  await context.route(TILE_SERVER, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }))
  if (init) {
    await context.addInitScript((values) => {
      for (const [k, v] of Object.entries(values)) window.localStorage.setItem(k, v)
    }, init)
  }
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`)
  })
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().includes('/api/')) problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`)
  })
  mkdirSync(SHOTS_DIR, { recursive: true })
  let n = 0
  return {
    context,
    page,
    problems,
    async shot(name) {
      n += 1
      await page.waitForTimeout(150)
      await page.screenshot({ path: join(SHOTS_DIR, `${scenario}-${String(n).padStart(2, '0')}-${name}.png`), fullPage: true })
    },
    async axe(step) {
      expect(await axeViolations(page), `axe on ${scenario} / ${step}`).toEqual([])
    },
  }
}

/** Serious or critical WCAG 2.x A/AA violations of a page or of one frame's document (axe does not enter frames it was not injected into). */
export async function axeViolations(target: Page | Frame): Promise<string[]> {
  await target.evaluate(axeSource)
  const result = await target.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })
  })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
}

/** The card processor's page inside the payment iframe. */
export async function paymentFrame(page: Page, problems: string[] = []): Promise<Frame> {
  const handle = await page.waitForSelector('iframe[title="Card payment"]', { timeout: 30_000 }).catch(async (e: Error) => {
    const toasts = await page.locator('[aria-live="polite"]').allInnerTexts()
    // Where the page stood (a failure in a loaded CI run told nothing more than the time-out).
    const buttons = await page.locator('main button').evaluateAll((bs) => bs.map((b) => `${(b.textContent ?? '').trim().slice(0, 40)}${(b as HTMLButtonElement).disabled ? ' (disabled)' : ''}`))
    throw new Error(`${e.message}\ntoasts: ${toasts.join(' | ')}\nproblems: ${problems.join(' | ')}\nurl: ${page.url()}\nbuttons: ${buttons.join(' | ')}`)
  })
  const frame = await handle.contentFrame()
  if (!frame) throw new Error('payment iframe has no frame')
  await frame.waitForSelector('#cardNo', { timeout: 30_000 })
  return frame
}

/**
 * Fills the sandbox card page and pays: a tap on Pay, or `submitWith: 'enter'`, the Enter key in the
 * last field. A card page two frames deep in a page of another origin (the embed) is paid with Enter:
 * each fill scrolls the host page, and a synthetic tap that follows such a scroll within milliseconds
 * reaches the cross-origin frame at its old offset and misses Pay (about 1 run in 3 on this machine;
 * a person's tap comes after the scroll has been drawn).
 */
export async function payWithCard(frame: Frame, card: string, options: { expDate?: string; cvv?: string; postCode?: string; submitWith?: 'tap' | 'enter' } = {}): Promise<void> {
  await frame.fill('#cardNo', card)
  await frame.fill('#expDate', options.expDate ?? '12/34')
  await frame.fill('#cvv', options.cvv ?? '123')
  await frame.fill('#postCode', options.postCode ?? 'SW1A 1AA')
  if (options.submitWith === 'enter') {
    // Pay stays disabled until the page's submit listener exists: Enter before it would be lost the same way.
    await frame.waitForSelector('#submit:enabled')
    await frame.press('#postCode', 'Enter')
  } else await frame.click('#submit')
}
