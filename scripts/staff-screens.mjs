#!/usr/bin/env node
// Regenerates the staff guide's screenshots (docs/images/*.png, docs/staff-guide.md): the demo tenant's
// desk (day and week view), reports and settings as the demo admin sees them, in headless Chromium at
// 1280 × 800 (desktop) and 375 × 667 (phone), each PNG then cut to a 128-colour palette (ImageMagick's
// `convert`, when installed) so that each stays well under 150 KB.
// Usage: node scripts/staff-screens.mjs   (builds the web app when it is out of date; CHROMIUM_PATH to override)
import { spawnSync } from 'node:child_process'
import { mkdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fromZonedTime } from 'date-fns-tz'
import { startScreensDemo } from './lib/screens-demo.mjs'

const root = join(import.meta.dirname, '..')
const out = join(root, 'docs/images')
const ADMIN = { email: 'admin@example.com', password: 'Admin1234' }
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 375, height: 667 }

const api = async (path, init = {}) => {
  const response = await fetch(`${apiBase}/api${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } })
  return { status: response.status, body: await response.json().catch(() => undefined) }
}

/**
 * The weekday of the next three weeks with the most demo bookings at London (the desk's screenshot),
 * and a repeating 'Team meeting' for Dr Sarah Jones on the weekdays from it (the week view's blocks).
 */
async function demoDay() {
  const login = await api('/staff/login', { method: 'POST', body: JSON.stringify(ADMIN) })
  const auth = { authorization: `Bearer ${login.body.token}` }
  let best = { date: '', count: -1 }
  for (let i = 1; i <= 21; i++) {
    const date = new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10)
    if ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) continue
    const day = await api(`/admin/bookings?date=${date}&location=london`, { headers: auth })
    if (Array.isArray(day.body) && day.body.length > best.count) best = { date, count: day.body.length }
  }
  const friday = new Date(`${best.date}T12:00:00Z`)
  while (friday.getUTCDay() !== 5) friday.setUTCDate(friday.getUTCDate() + 1)
  // From the Monday of that week (or tomorrow, when that Monday is past).
  const monday = new Date(friday.getTime() - 4 * 86_400_000)
  const first = monday.getTime() > Date.now() ? monday.toISOString().slice(0, 10) : new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  for (const [from, to] of [['16:30', '17:00'], ['09:00', '09:30']]) {
    const at = (time) => fromZonedTime(`${first}T${time}:00`, 'Europe/London').toISOString()
    const body = { practitioner: 'Dr Sarah Jones', type: 'Block', start: at(from), end: at(to), every: 'weekday', until: friday.toISOString().slice(0, 10), note: 'Team meeting' }
    if ((await api('/admin/blocks/series', { method: 'POST', headers: auth, body: JSON.stringify(body) })).status === 201) break
  }
  return best.date
}

const hasConvert = spawnSync('convert', ['-version']).status === 0

const { base, apiBase, browser, close } = await startScreensDemo(root)
try {
  const date = await demoDay()
  mkdirSync(out, { recursive: true })
  for (const [suffix, viewport] of [['', DESKTOP], ['-phone', PHONE]]) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' })
    const page = await context.newPage()
    const shot = async (name) => {
      await page.waitForTimeout(400)
      const path = join(out, `${name}${suffix}.png`)
      await page.screenshot({ path })
      if (hasConvert) spawnSync('convert', [path, '-strip', '+dither', '-colors', '128', '-define', 'png:compression-level=9', path], { stdio: 'inherit' })
      console.log(`docs/images/${name}${suffix}.png ${Math.round(statSync(path).size / 1024)} KB`)
    }
    await page.goto(`${base}/staff?date=${date}`)
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('link', { name: 'Week view' }).waitFor()
    await page.waitForLoadState('networkidle')
    await shot('staff-desk')

    if (!suffix) {
      await page.goto(`${base}/staff/week?date=${date}&practitioner=b10000000000000000000001`)
      await page.getByRole('heading', { name: 'Week view: Dr Sarah Jones' }).waitFor()
      await page.waitForLoadState('networkidle')
      await shot('staff-week')
    }

    await page.goto(`${base}/staff/reports`)
    await page.getByRole('table', { name: 'Bookings by clinic' }).waitFor()
    await shot('staff-reports')

    await page.goto(`${base}/staff/settings`)
    await page.getByRole('heading', { name: /Settings/ }).first().waitFor()
    await page.waitForLoadState('networkidle')
    await shot('staff-settings')
    // The tabs added since the first settings page: categories, courses, a practitioner's profile and
    // services, and the staff logins (desktop; the phone shows the same forms in one column).
    if (!suffix) {
      for (const [tab, name, ready] of [
        ['Categories', 'staff-settings-categories', 'Category'],
        ['Courses', 'staff-settings-courses', 'Course'],
        ['Practitioners', 'staff-settings-practitioner', 'Practitioner'],
        ['Staff logins', 'staff-settings-staff', 'New staff login'],
      ]) {
        await page.getByRole('tab', { name: tab }).click()
        await page.getByRole('form', { name: ready, exact: true }).waitFor()
        await shot(name)
      }
      await page.goto(`${base}/staff/new-booking?date=${date}`)
      await page.getByRole('heading', { name: 'New booking' }).waitFor()
      await page.waitForLoadState('networkidle')
      await shot('staff-new-booking')
    }
    await context.close()
  }
} finally {
  await close()
}
