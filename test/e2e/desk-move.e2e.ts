// The front desk moves a booking in the browser on the demo tenant: onto a time the customer already
// has a visit with another practitioner, the desk names that visit and moves only once staff choose
// 'Move anyway' (as its booking asks 'Book anyway'). axe clean with the question open. A move to a time
// already past is a question too: warned, it moves only with 'Move into the past' (desktop and 375x667).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { DESKTOP, launch, release, open, SMALL_PHONE } from './support/browser'
import { api } from './support/flows'
import { startServer, type ServerProcess } from './support/server-process'
import { DEMO, DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'
import { clearDate, londonInstant } from '../../server/test-support/dates'
import type { DayBooking } from '../../src/contract/admin.routes'

let server: ServerProcess
let browser: Browser
let staffToken: string

beforeAll(async () => {
  server = await startServer({})
  browser = await launch()
  staffToken = (await api<{ token: string }>(server.url, '/staff/login', { method: 'POST', body: JSON.stringify(DEMO_STAFF_ADMIN) })).token
}, 180_000)

afterAll(async () => {
  await release(browser)
  await server?.stop()
})

const asStaff = <T>(path: string, init: RequestInit = {}) => api<T>(server.url, path, { ...init, headers: { authorization: `Bearer ${staffToken}` } })

describe('the front desk moves', () => {
  it("a booking onto the customer's other visit only once staff choose Move anyway", async () => {
    // A day when Sarah and James both work at London (James: Tuesday to Saturday from 10:00).
    const day = clearDate(13, [2, 3, 4, 5])
    const book = (time: string, practitioner: string) =>
      asStaff<{ appointments: { id: string }[] }>('/admin/desk/bookings', {
        method: 'POST',
        body: JSON.stringify({ customer: DEMO.customerDemo, location: DEMO.clinicLondon, start: londonInstant(day, time), services: [{ service: DEMO.sAntiWrinkle1, practitioner }], payment: 'clinic' }),
      })
    await book('10:00', DEMO.pSarah)
    const [james] = (await book('15:00', DEMO.pJames)).appointments

    const s = await open(browser, 'desk-move-clash', DESKTOP)
    const { page } = s
    await page.goto(`${server.url}/staff?date=${day}`)
    await page.getByLabel('Email').fill(DEMO_STAFF_ADMIN.email)
    await page.getByLabel('Password').fill(DEMO_STAFF_ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Day bookings' }).waitFor()
    await page.getByRole('button', { name: /^Actions for Jane Doe at 15:00/ }).click()
    await page.getByRole('menuitem', { name: 'Move…' }).click()
    const move = page.getByRole('dialog', { name: 'Move this booking' })
    await move.getByLabel('New time (HH:mm)').fill('10:15')
    await move.getByRole('button', { name: 'Move booking' }).click()
    const clash = move.getByRole('alert').filter({ hasText: 'This customer already has a booking at this time: Anti-wrinkle injections: 1 area with Dr Sarah Jones' })
    await clash.waitFor()
    expect(await clash.textContent()).toMatch(/10:00–10:30 \(appointment [0-9a-f]{24}\)\.$/)
    await s.axe('move-clash')
    await s.shot('move-clash')
    // Another time is another question: Move booking is back; the refused time asks again.
    await move.getByLabel('New time (HH:mm)').fill('10:20')
    await move.getByRole('button', { name: 'Move booking' }).waitFor()
    expect(await clash.count()).toBe(0)
    await move.getByLabel('New time (HH:mm)').fill('10:15')
    await move.getByRole('button', { name: 'Move booking' }).click()
    await move.getByRole('button', { name: 'Move anyway' }).click()
    await page.getByRole('status').filter({ hasText: /^Moved: Jane Doe to \d\d\/\d\d\/\d{4} at 10:15 with James Patel\./ }).waitFor()
    const moved = (await asStaff<DayBooking[]>(`/admin/bookings?date=${day}`)).find((b) => b.id === james!.id)
    expect(moved).toMatchObject({ start: londonInstant(day, '10:15'), practitioner: 'James Patel' })
    // The clash's refusals, the question's, not errors.
    expect(s.problems.filter((p) => !/409/.test(p))).toEqual([])
    await s.context.close()
  }, 60_000)

  it.each([
    ['desktop', DESKTOP, '14:00'],
    ['a 375x667 phone', SMALL_PHONE, '16:00'],
  ])('a booking into the past only once staff confirm the warning, on %s', async (name, viewport, time) => {
    // A clear day ahead and the same weekday three weeks earlier, both within Sarah's London hours.
    const day = clearDate(13, [2, 3, 4, 5])
    const past = new Date(`${day}T12:00:00Z`)
    past.setUTCDate(past.getUTCDate() - 21)
    const pastDate = past.toISOString().slice(0, 10)
    const [booked] = (
      await asStaff<{ appointments: { id: string }[] }>('/admin/desk/bookings', {
        method: 'POST',
        body: JSON.stringify({ customer: DEMO.customerDemo, location: DEMO.clinicLondon, start: londonInstant(day, time), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'clinic' }),
      })
    ).appointments

    const s = await open(browser, `desk-move-past-${viewport.width}`, viewport)
    const { page } = s
    await page.goto(`${server.url}/staff?date=${day}`)
    await page.getByLabel('Email').fill(DEMO_STAFF_ADMIN.email)
    await page.getByLabel('Password').fill(DEMO_STAFF_ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Day bookings' }).waitFor()
    await page.getByRole('button', { name: new RegExp(`^Actions for Jane Doe at ${time}`) }).click()
    await page.getByRole('menuitem', { name: 'Move…' }).click()
    const move = page.getByRole('dialog', { name: 'Move this booking' })
    await move.locator('[data-type="day"]').click()
    await page.keyboard.type(pastDate.slice(8, 10))
    await move.locator('[data-type="month"]').click()
    await page.keyboard.type(pastDate.slice(5, 7))
    await move.locator('[data-type="year"]').click()
    await page.keyboard.type(pastDate.slice(0, 4))
    await move.getByRole('button', { name: 'Move booking' }).click()
    const shown = pastDate.split('-').reverse().join('/')
    await move
      .getByRole('alert')
      .filter({ hasText: `${shown} ${time} has already passed: the customer is not sent a 'Booking moved' notice.` })
      .waitFor()
    // Nothing moved yet: the warning is a question.
    expect((await asStaff<DayBooking[]>(`/admin/bookings?date=${day}`)).find((b) => b.id === booked!.id)?.start).toBe(londonInstant(day, time))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
    await s.axe(`move-into-past-${name}`)
    await s.shot('move-into-past')
    await move.getByRole('button', { name: 'Move into the past' }).click()
    await page.getByRole('status').filter({ hasText: `Moved: Jane Doe to ${shown} at ${time} with Dr Sarah Jones.` }).waitFor()
    const moved = (await asStaff<DayBooking[]>(`/admin/bookings?date=${pastDate}`)).find((b) => b.id === booked!.id)
    expect(moved).toMatchObject({ start: londonInstant(pastDate, time), practitioner: 'Dr Sarah Jones' })
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 60_000)
})
