// The desk's week view (issue 29) in the browser on the demo tenant: the desk's admin opens the week
// view from the day view, blocks an hour of a practitioner's day, and the customer-side availability
// no longer offers it; then checks out a booking, the balance after the deposit split between cash and
// the card terminal (too much refused first). The
// week view fits a phone (no sideways scroll) and is axe clean. The day view (/staff) draws the same
// blocks in each practitioner's column, on a desktop and a phone, and removes one there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launch, release, open, PHONE } from './support/browser'
import { api } from './support/flows'
import { startServer, type ServerProcess } from './support/server-process'
import { DEMO, DEMO_CUSTOMER, DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'
import type { Checkout } from '../../src/contract/desk-calendar.routes'
import { londonToUtc } from '../../src/domain/time'

let server: ServerProcess
let browser: Browser

beforeAll(async () => {
  server = await startServer({})
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await release(browser)
  await server?.stop()
})

const londonDate = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant)
const londonTime = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))

/** Sarah's anti-wrinkle times of a London date as the booking wizard gets them: the valid starts, London HH:mm. */
async function customerTimes(date: string): Promise<string[]> {
  const slots = await api<{ startDate: string; valid: boolean }[]>(server.url, '/practitioners/time', {
    method: 'POST',
    body: JSON.stringify({ date, service: DEMO.sAntiWrinkle1, clinic: DEMO.clinicLondon, staff: DEMO.pSarah, withHolidays: true, onlineBooking: true }),
  })
  return slots.filter((s) => s.valid).map((s) => londonTime(s.startDate))
}

/** A date at least a month ahead when the customer side offers Sarah at 11:00. */
async function dayFreeAt11(): Promise<string> {
  for (let days = 35; days < 80; days++) {
    const date = londonDate(new Date(Date.now() + days * 86_400_000))
    if ((await customerTimes(date)).includes('11:00')) return date
  }
  throw new Error('no day with Sarah free at 11:00')
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/staff`)
  await page.getByLabel('Email').fill(DEMO_STAFF_ADMIN.email)
  await page.getByLabel('Password').fill(DEMO_STAFF_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Day bookings' }).waitFor()
}

async function signInAs(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${server.url}/staff`)
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Day bookings' }).waitFor()
}

/** A practitioner login for Sarah, made by the admin through the API (its one-time link then a password). */
async function sarahsLogin(): Promise<{ email: string; password: string; token: string }> {
  const staff = await api<{ token: string }>(server.url, '/staff/login', { method: 'POST', body: JSON.stringify(DEMO_STAFF_ADMIN) })
  const email = `sarah.${Date.now()}@demo.example.com`
  const created = await api<{ setPasswordUrl: string }>(server.url, '/admin/staff', {
    method: 'POST',
    headers: { authorization: `Bearer ${staff.token}` },
    body: JSON.stringify({ email, displayName: 'Sarah at the desk', role: 'practitioner', practitioner: DEMO.pSarah }),
  })
  const password = 'Practitioner1234'
  await api(server.url, '/staff/set-password', { method: 'POST', body: JSON.stringify({ token: created.setPasswordUrl.split('/').pop(), password }) })
  const login = await api<{ token: string }>(server.url, '/staff/login', { method: 'POST', body: JSON.stringify({ email, password }) })
  return { email, password, token: login.token }
}

async function weekOf(page: Page, date: string): Promise<void> {
  await page.goto(`${server.url}/staff/week?date=${date}&practitioner=${DEMO.pSarah}`)
  await page.getByRole('heading', { name: 'Week view: Dr Sarah Jones' }).waitFor()
  await page.getByText('Loading…').waitFor({ state: 'detached' })
}

describe('/staff/week', () => {
  // Over 30 s on 2 loaded cores: the week view, a block, the customer's wizard in a second browser, then a split checkout.
  it('blocks an hour that the customer side then no longer offers, and checks out a booking split between cash and the card terminal', async () => {
    const s = await open(browser, 'desk-calendar', DESKTOP)
    const { page } = s
    await signIn(page)
    await page.getByRole('link', { name: 'Week view' }).click()
    await page.getByRole('heading', { name: /^Week view/ }).waitFor()

    const day = await dayFreeAt11()
    await weekOf(page, day)
    // The day's column: Monday first.
    await page.getByRole('button', { name: /^Block time on / }).nth((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7).click()
    const dialog = page.getByRole('dialog', { name: 'Block time' })
    await dialog.getByLabel('From (HH:mm)').fill('11:00')
    await dialog.getByLabel('To (HH:mm)').fill('12:00')
    await dialog.getByLabel('Note (optional)').fill('Team meeting')
    await s.axe('block dialog')
    await dialog.getByRole('button', { name: 'Block time' }).click()
    await page.getByText('Time blocked 11:00–12:00.').waitFor()
    await page.getByRole('listitem', { name: 'Meeting / blocked 11:00–12:00, Team meeting' }).waitFor()
    const offered = await customerTimes(day)
    expect(offered).not.toContain('11:00')
    expect(offered).not.toContain('11:30')
    await s.shot('week with block')

    // The day view draws the same block in Sarah's column.
    await page.goto(`${server.url}/staff?date=${day}`)
    const column = page.getByRole('region', { name: 'Dr Sarah Jones' })
    await column.getByRole('listitem', { name: 'Meeting / blocked 11:00–12:00, Team meeting' }).waitFor()
    await s.axe('day with block')
    await s.shot('day with block')

    // The seeded booking of the demo customer: its balance after the deposit, taken in cash.
    const customer = await api<{ token: string; user: { id: string } }>(server.url, '/login?from=customer', { method: 'POST', body: JSON.stringify(DEMO_CUSTOMER) })
    const mine = await api<{ appointments: { id: string; event: { start: string }; service: { onlineName: string } }[] }>(server.url, `/appointments/customer/${customer.user.id}?pageSize=100&group=ALL`, { headers: { authorization: `Bearer ${customer.token}` } })
    const booking = mine.appointments.find((a) => a.id === DEMO.apptFuture)!
    await weekOf(page, londonDate(new Date(booking.event.start)))
    await page.getByRole('button', { name: new RegExp(`^Checkout Jane Doe at ${londonTime(booking.event.start)}`) }).click()
    const checkout = page.getByRole('dialog', { name: 'Checkout' })
    await checkout.getByText('Balance', { exact: true }).waitFor()
    await s.axe('checkout dialog')
    // A split bill: part cash, the rest on the terminal; too much is refused before anything is taken.
    const balance = Number(await checkout.getByLabel('Amount').inputValue())
    await checkout.getByLabel('Amount').fill('10')
    await checkout.getByRole('button', { name: 'Split: add a payment' }).click()
    await checkout.getByLabel('Payment 2 amount').waitFor()
    expect(await checkout.getByLabel('Payment 2 amount').inputValue()).toBe((balance - 10).toFixed(2))
    await checkout.getByText('The payments add up to the balance.').waitFor()
    await checkout.getByLabel('Payment 2 amount').fill((balance - 5).toFixed(2))
    await checkout.getByText('£5.00 more than the balance').waitFor()
    await checkout.getByRole('button', { name: 'Take payment' }).click()
    await checkout.getByRole('alert').getByText(`The payments add up to £${(balance + 5).toFixed(2)}: £5.00 more than the balance of £${balance.toFixed(2)}.`).waitFor()
    await checkout.getByLabel('Payment 2 amount').fill((balance - 10).toFixed(2))
    await checkout.getByRole('button', { name: /Payment 2 method/ }).click()
    await page.getByRole('option', { name: 'Card on the terminal' }).click()
    await s.axe('checkout split')
    await s.shot('checkout split')
    await checkout.getByRole('button', { name: 'Take payment' }).click()
    await checkout.getByText('Paid in full.').waitFor()
    await s.shot('checkout paid')

    const staff = await api<{ token: string }>(server.url, '/staff/login', { method: 'POST', body: JSON.stringify(DEMO_STAFF_ADMIN) })
    const after = await api<Checkout>(server.url, `/admin/appointments/${DEMO.apptFuture}/checkout`, { headers: { authorization: `Bearer ${staff.token}` } })
    expect(after.balance).toBe(0)
    expect(after.payments.slice(-2)).toMatchObject([{ type: 'Cash', amount: 10, status: 'paid' }, { type: 'Card Terminal', status: 'paid' }])
    expect(after.invoice?.paymentStatus).toBe('Paid')
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 90_000)

  it('fits a phone: one column, no sideways scroll, axe clean', async () => {
    const s = await open(browser, 'desk-calendar-phone', PHONE)
    await signIn(s.page)
    await weekOf(s.page, londonDate(new Date()))
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await s.axe('week on a phone')
    await s.shot('week on a phone')
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 60_000)

  it("draws a day's break in the day view on a phone, and removing it there gives the time back", async () => {
    const s = await open(browser, 'desk-day-blocks-phone', PHONE)
    const { page } = s
    const day = await dayFreeAt11()
    const staff = await api<{ token: string }>(server.url, '/staff/login', { method: 'POST', body: JSON.stringify(DEMO_STAFF_ADMIN) })
    const start = londonToUtc(day, '11:00')
    await api(server.url, '/admin/blocks', {
      method: 'POST',
      headers: { authorization: `Bearer ${staff.token}` },
      body: JSON.stringify({ practitioner: DEMO.pSarah, type: 'Break', start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), location: DEMO.clinicLondon }),
    })
    expect(await customerTimes(day)).not.toContain('11:00')

    await signIn(page)
    await page.goto(`${server.url}/staff?date=${day}`)
    const entry = page.getByRole('region', { name: 'Dr Sarah Jones' }).getByRole('listitem', { name: 'Break 11:00–12:00' })
    await entry.waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await s.axe('day with a break on a phone')
    await s.shot('day with a break on a phone')
    await entry.getByRole('button', { name: 'Remove Break 11:00–12:00' }).click()
    await page.getByText('Block removed: the time is bookable again.').waitFor()
    await entry.waitFor({ state: 'detached' })
    expect(await customerTimes(day)).toContain('11:00')
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 90_000)

  it("a practitioner's login: their own day with their blocks, check-in and no-show but no move, cancel, customer search, settings or reports", async () => {
    const s = await open(browser, 'desk-day-practitioner', DESKTOP)
    const { page } = s
    const sarah = await sarahsLogin()
    const day = await dayFreeAt11()
    const start = londonToUtc(day, '11:00')
    await api(server.url, '/admin/blocks', {
      method: 'POST',
      headers: { authorization: `Bearer ${sarah.token}` },
      body: JSON.stringify({ practitioner: DEMO.pSarah, type: 'Block', start: start.toISOString(), end: new Date(start.getTime() + 1_800_000).toISOString(), note: 'Training' }),
    })

    await signInAs(page, sarah)
    await page.goto(`${server.url}/staff?date=${day}`)
    await page.getByRole('region', { name: 'Dr Sarah Jones' }).getByRole('listitem', { name: 'Meeting / blocked 11:00–11:30, Training' }).waitFor()
    expect(await page.getByRole('region', { name: 'Emma Wilson' }).count()).toBe(0)
    for (const link of ['Settings', 'Reports', 'New booking']) expect(await page.getByRole('link', { name: link }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Find a customer' }).count()).toBe(0)

    // Her own booking: check-in and no-show in its menu, not move or cancel.
    const customer = await api<{ token: string; user: { id: string } }>(server.url, '/login?from=customer', { method: 'POST', body: JSON.stringify(DEMO_CUSTOMER) })
    const mine = await api<{ appointments: { id: string; event: { start: string } }[] }>(server.url, `/appointments/customer/${customer.user.id}?pageSize=100&group=ALL`, { headers: { authorization: `Bearer ${customer.token}` } })
    const booking = mine.appointments.find((a) => a.id === DEMO.apptFuture)!
    await page.goto(`${server.url}/staff?date=${londonDate(new Date(booking.event.start))}`)
    await page.getByRole('button', { name: new RegExp(`^Actions for Jane Doe at ${londonTime(booking.event.start)}`) }).click()
    const menu = page.getByRole('menu')
    await menu.getByRole('menuitem', { name: /^Check in/ }).waitFor()
    expect(await menu.getByRole('menuitem', { name: /^No-show/ }).count()).toBe(1)
    expect(await menu.getByRole('menuitem', { name: /Move|Cancel/ }).count()).toBe(0)
    await s.axe('practitioner day')
    await s.shot('practitioner day')
    await page.keyboard.press('Escape')
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 90_000)

  it('repeats a break every weekday from the week view: five blocks, drawn on each day; removed from one on, then the rest', async () => {
    const s = await open(browser, 'desk-repeat', DESKTOP)
    const { page } = s
    await signIn(page)
    const date = londonDate(new Date(Date.now() + 70 * 86_400_000))
    const monday = new Date(Date.parse(`${date}T12:00:00Z`) - ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10)
    const friday = new Date(Date.parse(`${monday}T12:00:00Z`) + 4 * 86_400_000).toISOString().slice(0, 10)
    await weekOf(page, monday)
    await page.getByRole('button', { name: /^Block time on / }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Block time' })
    await dialog.getByRole('button', { name: /Kind/ }).click()
    await page.getByRole('option', { name: 'Break' }).click()
    await dialog.getByLabel('From (HH:mm)').fill('16:00')
    await dialog.getByLabel('To (HH:mm)').fill('16:30')
    await dialog.getByRole('button', { name: /Repeat/ }).click()
    await page.getByRole('option', { name: 'Every weekday (Monday to Friday)' }).click()
    await dialog.getByRole('group', { name: 'Repeat until' }).waitFor()
    await s.axe('repeat in the block dialog')
    // The last date: Friday of the same week (the picker's segments take the date as typed, day first).
    const [y, m, d] = friday.split('-')
    await dialog.getByRole('group', { name: 'Repeat until' }).getByRole('spinbutton').first().click()
    await page.keyboard.type(`${d}${m}${y}`)
    await dialog.getByRole('button', { name: 'Block time' }).click()
    await page.getByText(`Break blocked 16:00–16:30, 5 times until ${friday}.`).waitFor()
    // The week is read again after the notice: wait for the fifth block, then count them.
    await page.getByRole('listitem', { name: 'Break 16:00–16:30' }).nth(4).waitFor()
    expect(await page.getByRole('listitem', { name: 'Break 16:00–16:30' }).count()).toBe(5)
    await s.shot('week with a repeating break')
    // Remove on one of them asks how much of the series goes: Wednesday's and the following.
    const breaks = page.getByRole('listitem', { name: 'Break 16:00–16:30' })
    await breaks.nth(2).getByRole('button', { name: /^Remove / }).click()
    const ask = page.getByRole('alertdialog', { name: 'Remove a repeating block' })
    await ask.waitFor()
    await s.axe('remove a repeating block')
    await ask.getByRole('button', { name: 'This and following' }).click()
    await page.getByText('3 blocks of the series have been removed. The time is bookable again.').waitFor()
    await expect.poll(() => breaks.count()).toBe(2)
    await breaks.first().getByRole('button', { name: /^Remove / }).click()
    await page.getByRole('alertdialog', { name: 'Remove a repeating block' }).getByRole('button', { name: 'The whole series' }).click()
    await page.getByText('2 blocks of the series have been removed. The time is bookable again.').waitFor()
    await expect.poll(() => breaks.count()).toBe(0)
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 90_000)
})
