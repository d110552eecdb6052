// A real clinic takes bookings (issue 13 'Done when'), in the browser: a server of its own from an
// empty database (SEED_DEMO=false, OPERATOR_KEY, the new tenant as the default one so the browser at
// 127.0.0.1 reaches it), the real `clinic` executable for the operator's steps. The operator creates
// the tenant, its admin applies docs/examples/clinic.yaml; a customer books and pays in the browser;
// the booking is on /staff (phone and desktop, axe) and in `clinic admin bookings`; the desk does not
// offer a no-show before the start nor a check-in before the day (the server and CLI refuse them),
// checks in and marks a no-show once the bookings are moved to a past day, and cancels (after confirming). A staff member who forgot the password gets a
// set-password link by mail from the sign-in page and signs in with the new one.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launch, release, open, PHONE, paymentFrame, payWithCard, SMALL_PHONE, type Session } from './support/browser'
import { agreeToTerms, answer, api, chooseFirstLocation, chooseFirstTime, choosePractitioner, chooseService, logIn, verifiedCustomer, waitForThankYou } from './support/flows'
import { startServer, type ServerProcess } from './support/server-process'
import { runBin } from '../../cli/testing/run-bin'

const TENANT = 'riverside'
const OPERATOR_KEY = 'e2e-operator-key-0123456789'
const ADMIN = { email: `owner@${TENANT}.example.com`, password: 'Owner1234' }

let server: ServerProcess
let baseUrl: string
let home: string
let browser: Browser

const clinic = (args: string[], env: Record<string, string> = {}, stdin?: string) =>
  runBin(['--base-url', baseUrl, '--tenant', TENANT, ...args], { env: { XDG_CONFIG_HOME: home, ...env }, timeoutMs: 60_000, stdin })

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'clinic-staff-desk-'))
  server = await startServer({ SEED_DEMO: 'false', DEFAULT_TENANT: TENANT, OPERATOR_KEY, LOG_LEVEL: 'info' }, { readyPath: '/api/health' })
  baseUrl = server.url
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await release(browser)
  await server?.stop()
  rmSync(home, { recursive: true, force: true })
})

interface CustomerAppointment { id: string; status: string; event: { start: string } }

/** The clinic's calendar day (Europe/London) of an instant. */
const londonDate = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso))

async function customerAppointments(email: string, password: string): Promise<CustomerAppointment[]> {
  const who = await api<{ token: string; user: { id: string } }>(baseUrl, '/login?from=customer', { method: 'POST', body: JSON.stringify({ email, password }) })
  const list = await api<{ appointments: CustomerAppointment[] }>(baseUrl, `/appointments/customer/${who.user.id}?pageSize=100&group=ALL`, { headers: { authorization: `Bearer ${who.token}` } })
  return list.appointments
}

/** The desk signed in as the tenant's admin, on one location's day (the day from the address). */
async function desk(s: Session, date: string, location: string): Promise<void> {
  const { page } = s
  await page.goto(`${baseUrl}/staff?date=${date}`)
  await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor()
  await s.axe('sign-in')
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Day bookings' }).waitFor()
  await chooseLocation(page, location)
  await page.getByText('Loading…').waitFor({ state: 'detached' })
}

/** The react-aria select: its button, then the option in the popover list. */
async function chooseLocation(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: /Location/ }).click()
  await page.getByRole('option', { name }).click()
  await page.getByRole('listbox').waitFor({ state: 'detached' })
}

async function act(page: Page, booking: string, action: 'Check in' | 'No-show' | 'Move…' | 'Cancel…'): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${booking}` }).click()
  await page.getByRole('menuitem', { name: action }).click()
}

const NO_SHOW_LATER = 'A no-show can be marked only once the appointment has started.'
const CHECK_IN_LATER = 'A customer can be checked in only on the day of the appointment.'

/** Whether the open action menu's item is disabled (react-aria: aria-disabled). */
const menuItemDisabled = async (page: Page, name: string) =>
  (await page.getByRole('menu').getByRole('menuitem', { name: new RegExp(`^${name}`) }).getAttribute('aria-disabled')) === 'true'

/** The id of the first object named `name` anywhere in a JSON answer (the CLI's services list nests them in categories). */
function idOfNamed(value: unknown, name: string): string | undefined {
  if (Array.isArray(value)) return value.map((v) => idOfNamed(v, name)).find(Boolean)
  if (!value || typeof value !== 'object') return undefined
  const record = value as Record<string, unknown>
  if (record.name === name && typeof record.id === 'string') return record.id
  return Object.values(record).map((v) => idOfNamed(v, name)).find(Boolean)
}

/** No horizontal scrolling: the page is as wide as the viewport. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

/** The set-password link of 'Forgot password?' mailed to `email` (the dev mailbox; not the new login's invitation). */
async function mailedSetPasswordLink(email: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const mails = await api<{ subject: string; text: string }[]>(baseUrl, `/dev/mailbox?to=${encodeURIComponent(email)}`)
    const link = mails.filter((m) => m.subject === 'Reset your password').map((m) => m.text.match(/https?:\/\/\S*\/staff\/set-password\/[\w-]+/)?.[0]).find(Boolean)
    if (link) return link
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`no set-password mail for ${email}`)
}

describe('a new clinic, set up from the example file, takes a booking seen on /staff', { timeout: 600_000 }, () => {
  let date = ''
  let booked: CustomerAppointment

  it('creates the tenant and applies docs/examples/clinic.yaml with the CLI', async () => {
    const created = await clinic(['--json', 'admin', 'tenant', 'create', TENANT, '--name', 'Riverside Skin Clinic', '--admin-email', ADMIN.email], { OPERATOR_KEY })
    expect(created.code, created.stderr).toBe(0)
    const link = created.json<{ setPasswordUrl: string }>().setPasswordUrl
    const set = await clinic(['admin', 'set-password', link, '--password', ADMIN.password])
    expect(set.code, set.stderr).toBe(0)
    const login = await clinic(['admin', 'login', '--email', ADMIN.email, '--password', ADMIN.password])
    expect(login.code, login.stderr).toBe(0)
    const applied = await clinic(['admin', 'apply', '-f', 'docs/examples/clinic.yaml', '--yes'])
    expect(applied.code, applied.stderr).toBe(0)
  })

  it('a customer books HydraFacial in Bristol and pays the deposit in the browser', async () => {
    const customer = await verifiedCustomer(baseUrl, 'riverside')
    const s = await open(browser, 'riverside-booking', DESKTOP, { cookiesAccepted: 'true' })
    const { page } = s
    await page.goto(`${baseUrl}/`)
    await page.waitForSelector('h1:has-text("Choose a location")')
    await page.locator('ul li a', { hasText: 'Bristol' }).first().click()
    await page.waitForSelector('h1:has-text("Choose a service")')
    await chooseService(s, 'HydraFacial')
    await choosePractitioner(s, 'first')
    await answer(s, 'Do you want to book another service?', 'No')
    // A Wednesday after today: Maya (HydraFacial, Monday to Friday) and Ravi (the peel in Bristol:
    // Wednesday, Thursday, Saturday) both work it, with the whole day's times still to come, and both
    // work the day after it, where the desk moves a booking. The first free day would be today on a
    // Monday or a Friday (no peel at all) or late in the day, or a month's first on its last days.
    const today = londonDate(new Date().toISOString())
    await chooseFirstTime(s, (day) => day > today && new Date(`${day}T12:00:00Z`).getUTCDay() === 3)
    await page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
    await logIn(s, customer.email, customer.password)
    await page.waitForURL(/\/confirm/)
    await agreeToTerms(s)
    const frame = await paymentFrame(page, s.problems)
    await payWithCard(frame, '4242 4242 4242 4242')
    await waitForThankYou(s, /\/location\?serviceBooking=true/)
    await s.context.close()

    const appointments = await customerAppointments(customer.email, customer.password)
    expect(appointments).toHaveLength(1)
    booked = appointments[0]!
    expect(booked.status).toBe('Scheduled')
    date = londonDate(booked.event.start)

    // Two more of the same customer's bookings that day (the CLI books and pays) for the desk's actions.
    const cliLogin = await clinic(['login', '--email', customer.email, '--password-stdin'], {}, `${customer.password}\n`)
    expect(cliLogin.code, cliLogin.stderr).toBe(0)
    const listed = await clinic(['--json', 'locations'])
    expect(listed.code, listed.stderr).toBe(0)
    const bristol = listed.json<{ id: string; accountName: string }[]>().find((l) => l.accountName.endsWith('Bristol'))!.id
    const catalogue = await clinic(['--json', 'services', '--location', bristol])
    expect(catalogue.code, catalogue.stderr).toBe(0)
    const peel = idOfNamed(catalogue.json<unknown>(), 'Glycolic peel')
    expect(peel, catalogue.stdout).toBeTruthy()
    const times = await clinic(['--json', 'slots', '--location', bristol, '--service', peel!, '--date', date])
    expect(times.code, times.stderr).toBe(0)
    const slots = times.json<{ value: string }[]>()
    expect(slots.length, `no ${date} times for the peel`).toBeGreaterThan(1)
    for (const slot of [slots[0], slots[slots.length - 1]]) {
      const run = await clinic(['--json', 'book', '--location', bristol, '--service', peel!, '--date', date, '--time', slot!.value, '--card', '4242424242424242'])
      expect(run.code, run.stderr).toBe(0)
    }
  })

  it('the booking is in `clinic admin bookings`', async () => {
    const day = await clinic(['--json', 'admin', 'bookings', '--date', date, '--location', 'bristol'])
    expect(day.code, day.stderr).toBe(0)
    const rows = day.json<{ id: string; customer: string; service: string; status: string }[]>()
    expect(rows.find((b) => b.id === booked.id)).toMatchObject({ customer: 'Jo Tester', service: 'HydraFacial', status: 'Scheduled' })
    expect(rows).toHaveLength(3)
  })

  it('phone (375 px): the day on /staff fits the screen, with the customer, phone and status; it stays signed in on a reload', async () => {
    const s = await open(browser, 'staff-desk-phone', PHONE)
    const { page } = s
    await desk(s, date, 'Bristol')
    const card = page.getByRole('listitem', { name: /^Jo Tester at / }).first()
    await card.waitFor()
    expect(await card.textContent()).toMatch(/\+447700900123/)
    expect(await card.textContent()).toMatch(/Scheduled/)
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width)
    await s.shot('day')
    await s.axe('day')
    await page.getByRole('button', { name: /^Actions for / }).first().click()
    await page.getByRole('menu').waitFor()
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width)
    await s.shot('actions-menu')
    await s.axe('actions menu')
    await page.keyboard.press('Escape')

    await page.reload()
    await page.getByText(/^Signed in as .* \(admin\)$/).waitFor()
    await card.waitFor()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor()
    await page.reload()
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor()
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  // Over 30 s on 2 loaded cores: a clinic set up from the example file, a customer's booking, then each of the desk's actions on /staff.
  it('desktop: a column per practitioner; no check-in or no-show before their time; move, cancel (confirmed); check in and no-show in the past; customer search', async () => {
    const s = await open(browser, 'staff-desk-desktop', DESKTOP)
    const { page } = s
    await desk(s, date, 'Bristol')
    const cards = page.getByRole('listitem', { name: /^Jo Tester at / })
    await expect.poll(() => cards.count()).toBe(3)
    const columns = page.locator('section[aria-label]', { has: page.getByRole('heading', { level: 2 }) })
    expect(await columns.count()).toBeGreaterThanOrEqual(1)
    await s.shot('day')
    await s.axe('day')

    const labels = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))
    const third = labels[2]!
    // 'Jo Tester at 09:00, HydraFacial' -> the notice names 'Jo Tester at 09:00'
    const who = (label: string) => label.replace(/, [^,]*$/, '')

    // Move the third a day on (same time, same practitioner), then cancel it there.
    await act(page, third, 'Move…')
    const move = page.getByRole('dialog', { name: 'Move this booking' })
    await move.waitFor()
    await s.shot('move-dialog')
    await s.axe('move dialog')
    const next = new Date(`${date}T12:00:00Z`)
    next.setUTCDate(next.getUTCDate() + 1)
    const nextDate = next.toISOString().slice(0, 10)
    await move.locator('[data-type="day"]').click()
    await page.keyboard.type(nextDate.slice(8, 10))
    await move.locator('[data-type="month"]').click()
    await page.keyboard.type(nextDate.slice(5, 7))
    await move.locator('[data-type="year"]').click()
    await page.keyboard.type(nextDate.slice(0, 4))
    await move.getByRole('button', { name: 'Move booking' }).click()
    await page.getByRole('status').filter({ hasText: new RegExp(`^Moved: Jo Tester to ${nextDate.split('-').reverse().join('/')} at `) }).waitFor()
    await expect.poll(() => cards.count()).toBe(2)
    await page.getByRole('button', { name: 'Next day' }).click()
    await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(nextDate)
    const moved = page.getByRole('listitem', { name: /^Jo Tester at / })
    await expect.poll(() => moved.count()).toBe(1)
    const movedLabel = (await moved.getAttribute('aria-label'))!
    // The day after a day that still had times when booked: hours ahead whatever the time of day, so
    // neither check-in nor no-show is offered yet, and the menu says why.
    await page.getByRole('button', { name: `Actions for ${movedLabel}` }).click()
    await expect.poll(() => menuItemDisabled(page, 'Check in')).toBe(true)
    await expect.poll(() => menuItemDisabled(page, 'No-show')).toBe(true)
    await page.getByRole('menu').getByText(CHECK_IN_LATER).waitFor()
    await page.getByRole('menu').getByText(NO_SHOW_LATER).waitFor()
    await s.shot('not-yet')
    await s.axe('actions menu, not yet')
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    // The server refuses them too, and the CLI says why (exit 1); nothing changes.
    const movedId = (await clinic(['--json', 'admin', 'bookings', '--date', nextDate, '--location', 'bristol'])).json<{ id: string }[]>()[0]!.id
    for (const [command, text] of [['no-show', NO_SHOW_LATER], ['check-in', CHECK_IN_LATER]] as const) {
      const early = await clinic(['admin', command, movedId])
      expect(early.code, early.stderr).toBe(1)
      expect(early.stderr).toContain(text)
    }
    await act(page, movedLabel, 'Cancel…')
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this booking?' })
    await confirm.waitFor()
    await s.shot('cancel-dialog')
    await s.axe('cancel dialog')
    await confirm.getByRole('button', { name: 'Cancel booking' }).click()
    await page.getByRole('status').filter({ hasText: `Cancelled: ${who(movedLabel)}.` }).waitFor()
    await s.shot('after-actions')
    await s.axe('after actions')

    await page.getByLabel('Name, email or phone').fill('Tester')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByRole('list', { name: 'Matching customers' }).getByText('Jo Tester').waitFor()
    await s.shot('customer-search')
    await s.axe('customer search')

    const tomorrow = (await clinic(['--json', 'admin', 'bookings', '--date', nextDate, '--location', 'bristol'])).json<{ status: string }[]>()
    expect(tomorrow.map((r) => r.status)).toEqual(['Cancelled'])

    const pending = (await clinic(['--json', 'admin', 'bookings', '--date', date, '--location', 'bristol'])).json<{ id: string; status: string; checkedIn: boolean }[]>()
    expect(pending.map((r) => [r.status, r.checkedIn])).toEqual([['Scheduled', false], ['Scheduled', false]])

    // A past day has started whatever the time now: the desk moves both there, then checks one in and
    // marks the other a no-show. A desk move keeps to the practitioner's working day: the last
    // Wednesday or Thursday, when Maya and Ravi both work in Bristol, at times inside both their hours.
    const pastDay = [1, 2, 3, 4, 5, 6, 7]
      .map((back) => londonDate(new Date(Date.now() - back * 86_400_000).toISOString()))
      .find((day) => [3, 4].includes(new Date(`${day}T12:00:00Z`).getUTCDay()))!
    for (const [booking, time] of [[pending[0]!, '12:00'], [pending[1]!, '14:30']] as const) {
      const run = await clinic(['admin', 'move', booking.id, '--start', `${pastDay} ${time}`])
      expect(run.code, run.stderr).toBe(0)
    }
    await page.goto(`${baseUrl}/staff?date=${pastDay}`)
    await page.getByRole('heading', { name: 'Day bookings' }).waitFor()
    await chooseLocation(page, 'Bristol')
    await page.getByText('Loading…').waitFor({ state: 'detached' })
    const past = page.getByRole('listitem', { name: /^Jo Tester at / })
    await expect.poll(() => past.count()).toBe(2)
    const [arrived, missed] = (await past.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))) as [string, string]
    await act(page, arrived, 'Check in')
    await page.getByRole('status').filter({ hasText: `Checked in: ${who(arrived)}.` }).waitFor()
    // The checked-in appointment's checkout opens from the day view (its own checkout), no switch of
    // view; the balance taken there is the day view's notice. The card says what is due before.
    expect(await page.getByRole('listitem', { name: arrived }).textContent()).toMatch(/ · Balance £\d+\.\d\d/)
    await page.getByRole('button', { name: `Checkout ${arrived}` }).click()
    const checkout = page.getByRole('dialog', { name: 'Checkout' })
    await checkout.getByText('Balance', { exact: true }).waitFor()
    await checkout.getByRole('button', { name: 'Take payment' }).click()
    await checkout.getByText('Paid in full.').waitFor()
    await checkout.getByText('Close', { exact: true }).click()
    await checkout.waitFor({ state: 'detached' })
    await page.getByRole('status').filter({ hasText: /^Paid in full: / }).waitFor()
    // Paid in full now: the card says so, and offers no second checkout that would charge nothing.
    await page.getByRole('listitem', { name: arrived }).getByText('Paid', { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: `Checkout ${arrived}` }).count()).toBe(0)
    expect(await page.getByRole('listitem', { name: arrived }).textContent()).not.toMatch(/Balance/)
    await act(page, missed, 'No-show')
    await page.getByRole('status').filter({ hasText: `Marked as no-show: ${who(missed)}.` }).waitFor()
    await s.shot('past-marked')
    const marked = (await clinic(['--json', 'admin', 'bookings', '--date', pastDay, '--location', 'bristol'])).json<{ status: string; checkedIn: boolean }[]>()
    expect(marked.filter((r) => r.checkedIn)).toHaveLength(1)
    expect(marked.filter((r) => /no.?show/i.test(r.status))).toHaveLength(1)
    expect(s.problems).toEqual([])
    await s.context.close()
  })

  it('a booking paid in full online shows Paid and no Checkout; one with a balance offers Checkout with the amount due (375x667 and desktop, and the CLI)', async () => {
    const bristol = (await clinic(['--json', 'locations'])).json<{ id: string; accountName: string }[]>().find((l) => l.accountName.endsWith('Bristol'))!.id
    const peel = idOfNamed((await clinic(['--json', 'services', '--location', bristol])).json<unknown>(), 'Glycolic peel')!
    const slots = (await clinic(['--json', 'slots', '--location', bristol, '--service', peel, '--date', date])).json<{ value: string }[]>()
    expect(slots.length, `no ${date} times for the peel`).toBeGreaterThan(1)
    const book = async (time: string) => {
      const run = await clinic(['--json', 'book', '--location', bristol, '--service', peel, '--date', date, '--time', time, '--card', '4242424242424242'])
      expect(run.code, run.stderr).toBe(0)
    }
    // The first with the clinic's 20% deposit (£19 of £95); then the peel asks a deposit of 100%: the
    // second is paid in full online. The example file applies back as it was after.
    await book(slots[0]!.value)
    const example = readFileSync('docs/examples/clinic.yaml', 'utf8')
    const inFull = example.replace(/(  - slug: glycolic-peel\n(?:    .*\n)*?    tax: 20\n)/, '$1    deposit: { type: percentage, amount: 100 }\n')
    expect(inFull).not.toBe(example)
    const file = join(home, 'clinic-peel-in-full.yaml')
    writeFileSync(file, inFull)
    expect((await clinic(['admin', 'apply', '-f', file, '--yes'])).code).toBe(0)
    await book(slots[slots.length - 1]!.value)
    const restored = await clinic(['admin', 'apply', '-f', 'docs/examples/clinic.yaml', '--yes'])
    expect(restored.code, restored.stderr).toBe(0)

    const listed = (await clinic(['--json', 'admin', 'bookings', '--date', date, '--location', 'bristol'])).json<{ status: string; due: number; paid: { amount: number }[] }[]>()
    // (by practitioner, then time: the two may be with either peel practitioner)
    expect(listed.map((b) => [b.status, b.due, b.paid.reduce((sum, p) => sum + p.amount, 0)]).sort((a, b) => Number(a[2]) - Number(b[2]))).toEqual([['Scheduled', 76, 19], ['Scheduled', 0, 95]])
    const human = await clinic(['admin', 'bookings', '--date', date, '--location', 'bristol'])
    expect(human.stdout).toMatch(/Glycolic peel +Bristol +Scheduled +£19\.00 \(Online\) +£76\.00 /)
    expect(human.stdout).toMatch(/Glycolic peel +Bristol +Scheduled +£95\.00 \(Online\) +Paid /)

    for (const [name, viewport] of [['paid-phone', SMALL_PHONE], ['paid-desktop', DESKTOP]] as const) {
      const s = await open(browser, `staff-desk-${name}`, viewport)
      const { page } = s
      await desk(s, date, 'Bristol')
      const cards = page.getByRole('listitem', { name: /^Jo Tester at .*, Glycolic peel$/ })
      await expect.poll(() => cards.count()).toBe(2)
      // Told apart by what each paid online (the columns go by practitioner, then time).
      const dueCard = cards.filter({ hasText: '£19.00' })
      const paidCard = cards.filter({ hasText: '£95.00' })
      const due = (await dueCard.getAttribute('aria-label'))!
      expect(await dueCard.textContent()).toContain('Scheduled · Paid £19.00 (Online) · Balance £76.00')
      await dueCard.getByRole('button', { name: `Checkout ${due}` }).waitFor()
      expect(await dueCard.getByText('Paid', { exact: true }).count()).toBe(0)
      await paidCard.getByText('Paid', { exact: true }).waitFor()
      expect(await paidCard.getByRole('button', { name: /^Checkout / }).count()).toBe(0)
      expect(await paidCard.textContent()).toContain('Scheduled · Paid £95.00 (Online)')
      expect(await paidCard.textContent()).not.toMatch(/Balance/)
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width)
      await s.shot('day')
      await s.axe('day, paid and due')
      // Its payments stay a tap away: the checkout's dialog, nothing to take.
      await paidCard.getByRole('button', { name: /^Payments of / }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText('Paid in full.').waitFor()
      expect(await dialog.getByRole('button', { name: 'Take payment' }).count()).toBe(0)
      await s.shot('paid-payments')
      expect(s.problems).toEqual([])
      await s.context.close()
    }
  })

  it("phone: 'Forgot password?' mails a set-password link; the new password signs in, the old one and the used link stop working", async () => {
    // An address of this attempt's own (the suite retries a failed scenario once).
    const desk = { email: `desk-${Date.now()}@${TENANT}.example.com`, name: 'Front Desk', old: 'Forgotten1', renewed: 'Renewed123' }
    const added = await clinic(['--json', 'admin', 'staff', 'add', '--email', desk.email, '--name', desk.name, '--role', 'admin'])
    expect(added.code, added.stderr).toBe(0)
    const set = await clinic(['admin', 'set-password', added.json<{ setPasswordUrl: string }>().setPasswordUrl, '--password', desk.old])
    expect(set.code, set.stderr).toBe(0)

    const s = await open(browser, 'staff-forgot-password', PHONE)
    const { page } = s
    await page.goto(`${baseUrl}/staff`)
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor()
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await page.getByRole('heading', { name: 'Reset your staff password' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/staff/forgot-password')
    await page.getByRole('button', { name: 'Email me a link' }).click()
    await page.getByText('You must enter an email address.').waitFor()
    await s.shot('email-required')
    await s.axe('forgot password, email required')
    await page.getByLabel('Email').fill(desk.email.toUpperCase())
    await page.getByRole('button', { name: 'Email me a link' }).click()
    await page.getByRole('status').filter({ hasText: 'If this email exists on our system, you will receive a password link - please also check your junk folder.' }).waitFor()
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width)
    await s.shot('link-sent')
    await s.axe('forgot password, link sent')

    // The mailed link is built from PUBLIC_URL (the server's address here) and opens the set-password page.
    const link = await mailedSetPasswordLink(desk.email)
    expect(link.startsWith(`${baseUrl}/staff/set-password/`)).toBe(true)
    await page.goto(link)
    await page.getByRole('heading', { name: 'Set your staff password' }).waitFor()
    await page.getByLabel('New password').fill(desk.renewed)
    await page.getByRole('button', { name: 'Save password' }).click()
    await page.getByText('Your password is set.').waitFor()
    await s.shot('password-set')
    await s.axe('password set')
    await page.getByRole('link', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor()

    await page.getByLabel('Email').fill(desk.email)
    await page.getByLabel('Password').fill(desk.old)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }).waitFor()
    await page.getByLabel('Password').fill(desk.renewed)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Day bookings' }).waitFor()
    await page.getByText(`Signed in as ${desk.name} (admin)`).waitFor()
    await s.shot('signed-in')

    // The link worked once.
    await page.goto(link)
    await page.getByLabel('New password').fill('Again12345')
    await page.getByRole('button', { name: 'Save password' }).click()
    await page.getByRole('alert').filter({ hasText: 'This set-password link is invalid or has expired.' }).waitFor()
    // Only the two refusals asked for (the browser logs each failed request too).
    expect([...s.problems].sort()).toEqual([
      '400 POST /api/staff/set-password',
      '401 POST /api/staff/login',
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      'console: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
    ])
    await s.context.close()
  })
})
