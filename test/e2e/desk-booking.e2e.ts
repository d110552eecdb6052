// The front desk books (issue 29) in the browser on the demo tenant: the desk's admin opens 'New
// booking', creates a phone customer who takes texts and books them with a pay link (mailed and texted), which the customer opens from
// the mail and pays (the booking is then Scheduled); then, on a phone, books a walk-in found by the
// desk's search, paid at the clinic; then books her again at the same time with another
// practitioner, which the desk refuses naming her visit until 'Book anyway'; and, on a phone, switches a
// booking still waiting for its pay link to 'Pay at the clinic instead'. axe clean on each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { join } from 'node:path'
import { DESKTOP, launch, release, open, payWithCard, SHOTS_DIR, SMALL_PHONE, type Session } from './support/browser'
import { api, uniqueEmail } from './support/flows'
import { startServer, type ServerProcess } from './support/server-process'
import { DEMO, DEMO_CUSTOMER, DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'
import { clearDate, londonInstant } from '../../server/test-support/dates'
import type { CustomerRecord } from '../../src/contract/desk.routes'
import type { CustomerSummary } from '../../src/contract/admin.routes'
import { smsSegments } from '../../src/domain/policy/sms-segments'

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

const asStaff = <T>(path: string) => api<T>(server.url, path, { headers: { authorization: `Bearer ${staffToken}` } })

async function signInToNewBooking(s: Session, date: string): Promise<void> {
  const { page } = s
  await page.goto(`${server.url}/staff`)
  await page.getByLabel('Email').fill(DEMO_STAFF_ADMIN.email)
  await page.getByLabel('Password').fill(DEMO_STAFF_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Day bookings' }).waitFor()
  await page.goto(`${server.url}/staff/new-booking?location=${DEMO.clinicLondon}&date=${date}`)
  await page.getByRole('heading', { name: 'New booking' }).waitFor()
}

async function chooseServiceAndTime(page: Page, with_?: { practitioner: string; time: string }): Promise<void> {
  await page.getByRole('button', { name: /Service/ }).click()
  await page.getByRole('option', { name: /^Anti-wrinkle injections: 1 area/ }).click()
  await page.getByRole('listbox').waitFor({ state: 'detached' })
  if (with_) {
    await page.getByRole('button', { name: /Practitioner for/ }).click()
    await page.getByRole('option', { name: with_.practitioner }).click()
    await page.getByRole('listbox').waitFor({ state: 'detached' })
    await page.getByRole('list', { name: 'Free times' }).getByRole('button', { name: with_.time, exact: true }).click()
    return
  }
  await page.getByRole('list', { name: 'Free times' }).getByRole('button').first().click()
}

async function bookJaneAtTheClinic(page: Page, with_: { practitioner: string; time: string }): Promise<void> {
  await page.getByLabel('Name, email or phone').fill(DEMO_CUSTOMER.email)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await page.getByRole('button', { name: 'Book for Jane Doe' }).click()
  await chooseServiceAndTime(page, with_)
  await page.getByText('Pay at the clinic', { exact: true }).click()
  await page.getByRole('button', { name: 'Book', exact: true }).click()
}

describe('the front desk books', () => {
  it('a phone customer, created at the desk, with a pay link that the customer pays', async () => {
    const s = await open(browser, 'desk-booking-pay-link', DESKTOP)
    const { page } = s
    await signInToNewBooking(s, clearDate(9))
    const email = uniqueEmail('desk-phone')
    await page.getByLabel('Title').selectOption('Mr')
    await page.getByLabel('Gender').selectOption('male')
    await page.getByLabel('First name').fill('Phil')
    await page.getByLabel('Surname').fill('Caller')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Mobile').fill('07700 900777')
    await page.getByLabel('Date of birth').fill('03/04/1975')
    // He takes texts: the pay link goes to his mobile as well as by mail.
    await page.getByText('Text them too (SMS)').click()
    expect(await page.getByRole('checkbox', { name: /^Text them too \(SMS\)/ }).isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Create customer' }).click()
    await page.getByText(`Phil Caller · ${email}`).waitFor()
    await chooseServiceAndTime(page)
    await page.getByText('Send a pay link', { exact: true }).click()
    await s.axe('new-booking')
    await s.shot('new-booking-form')
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await page.getByRole('heading', { name: 'Booked for Phil Caller' }).waitFor()
    await page.getByText('The booking is held and the customer has been mailed a link to pay the deposit.').waitFor()
    await s.shot('pay-link-sent')
    // The customer lost it: the desk sends the same link again, on purpose.
    await page.getByRole('button', { name: 'Resend the pay link' }).click()
    await page.getByText('The link to pay the deposit has been sent to the customer again.').waitFor()

    const mails = await api<{ to: string; subject: string; text: string }[]>(server.url, `/dev/mailbox?to=${encodeURIComponent(email)}`)
    expect(mails.map((m) => m.subject)).toContain('Set your password')
    const payMails = mails.filter((m) => m.subject === 'Pay your deposit to confirm your appointment')
    expect(payMails).toHaveLength(2)
    expect(payMails[1].text).toBe(payMails[0].text)
    const payMail = payMails[0]
    const texted = await api<{ text: string }[]>(server.url, `/dev/mailbox?to=${encodeURIComponent('+447700900777')}`)
    const payTexts = texted.filter((m) => m.text.includes('/sandbox/pay/'))
    // Sent twice (Resend), each in one SMS segment.
    expect(payTexts).toHaveLength(2)
    expect(payTexts.map((m) => smsSegments(m.text))).toEqual([1, 1])
    const link = /(http\S+\/sandbox\/pay\/\S+)/.exec(payMail.text)![1]
    // The customer opens the link from the mail and pays.
    await page.goto(link)
    await payWithCard(page.mainFrame(), '4242 4242 4242 4242')
    const [customer] = await asStaff<CustomerSummary[]>(`/admin/customers?q=${encodeURIComponent(email)}`)
    let record = await asStaff<CustomerRecord>(`/admin/customers/${customer.id}`)
    for (let i = 0; i < 20 && record.upcoming[0]?.status !== 'Scheduled'; i++) {
      await new Promise((r) => setTimeout(r, 250))
      record = await asStaff<CustomerRecord>(`/admin/customers/${customer.id}`)
    }
    expect(record.upcoming[0]).toMatchObject({ status: 'Scheduled', depositPaid: 36 })
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 60_000)

  // Over 30 s on 2 loaded cores: two whole desk bookings in the browser (customer search, service, time, the clash question, Book anyway) and the cookie banner's place checked on a phone.
  it('a customer already booked then with another practitioner only once staff choose Book anyway, on a phone', async () => {
    const s = await open(browser, 'desk-booking-clash', SMALL_PHONE)
    const { page } = s
    // A day when Sarah and James both work at London (James: Tuesday to Saturday from 10:00).
    const day = clearDate(11, [2, 3, 4, 5])
    await signInToNewBooking(s, day)
    await bookJaneAtTheClinic(page, { practitioner: 'Dr Sarah Jones', time: '10:00' })
    await page.getByRole('heading', { name: 'Booked for Jane Doe' }).waitFor()
    await page.getByRole('button', { name: 'Book another' }).click()
    await bookJaneAtTheClinic(page, { practitioner: 'James Patel', time: '10:00' })
    const clash = page.getByRole('alert').filter({ hasText: 'This customer already has a booking at this time: Anti-wrinkle injections: 1 area with Dr Sarah Jones' })
    await clash.waitFor()
    expect(await clash.textContent()).toMatch(/10:00–10:30 \(appointment [0-9a-f]{24}\)\.$/)
    // The question and its answer stay on screen in the bottom bar, not below a day's times.
    const anyway = page.getByRole('button', { name: 'Book anyway' })
    const box = await anyway.boundingBox()
    expect(box && box.y >= 0 && box.y + box.height <= SMALL_PHONE.height).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width)
    // The cookie sheet (not yet answered) sits above the whole bar, taller with the question, not over its text or button.
    const cookies = page.getByRole('region', { name: 'Cookies' })
    const bar = page.locator('[data-bottom-bar]')
    await page.waitForFunction(() => {
      const sheet = document.querySelector('[data-cookie-sheet="cookies"]')?.getBoundingClientRect()
      const action = document.querySelector('[data-bottom-bar]')?.getBoundingClientRect()
      return sheet !== undefined && action !== undefined && sheet.bottom <= action.top
    })
    const [sheetBox, barBox] = [await cookies.boundingBox(), await bar.boundingBox()]
    expect(sheetBox && barBox && sheetBox.y >= 0 && sheetBox.y + sheetBox.height <= barBox.y).toBe(true)
    await page.screenshot({ path: join(SHOTS_DIR, 'desk-booking-clash-cookie-sheet-viewport.png') })
    await s.axe('customer-clash')
    await s.shot('customer-clash')
    // Another time puts Book back; back at the refused time, the question the server answered is there again.
    await page.getByRole('list', { name: 'Free times' }).getByRole('button', { name: '10:15', exact: true }).click()
    await page.getByRole('button', { name: 'Book', exact: true }).waitFor()
    expect(await anyway.count()).toBe(0)
    await page.getByRole('list', { name: 'Free times' }).getByRole('button', { name: '10:00', exact: true }).click()
    await anyway.click()
    await page.getByRole('heading', { name: 'Booked for Jane Doe' }).waitFor()
    const record = await asStaff<CustomerRecord>(`/admin/customers/${DEMO.customerDemo}`)
    const sameTime = record.upcoming.filter((v) => v.start === londonInstant(day, '10:00') && v.status === 'Scheduled')
    expect(sameTime.map((v) => v.practitioner).sort()).toEqual(['Dr Sarah Jones', 'James Patel'])
    // The clash's refusal, once: the question, not an error.
    expect(s.problems).toEqual(['409 POST /api/admin/desk/bookings', 'console: Failed to load resource: the server responded with a status of 409 (Conflict)'])
    await s.context.close()
  }, 60_000)

  it('a walk-in found by the search, paid at the clinic, on a phone', async () => {
    const s = await open(browser, 'desk-booking-walk-in', SMALL_PHONE)
    const { page } = s
    await signInToNewBooking(s, clearDate(10))
    await page.getByLabel('Name, email or phone').fill(DEMO_CUSTOMER.email)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByRole('button', { name: 'Book for Jane Doe' }).click()
    await chooseServiceAndTime(page)
    // Book stays on screen below a day's times (the action bar at the bottom), without scrolling.
    const book = await page.getByRole('button', { name: 'Book', exact: true }).boundingBox()
    expect(book && book.y >= 0 && book.y + book.height <= SMALL_PHONE.height).toBe(true)
    await page.getByRole('region', { name: 'Visit' }).getByText('Jane Doe, ').waitFor()
    await s.shot('walk-in-time-chosen')
    await page.getByText('Pay at the clinic', { exact: true }).click()
    expect(await page.getByRole('radio', { name: 'Pay at the clinic' }).isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await page.getByRole('heading', { name: 'Booked for Jane Doe' }).waitFor()
    await page.getByText('The booking is made; the customer pays at the clinic.').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width)
    await s.axe('walk-in-booked')
    await s.shot('walk-in-booked')
    const mails = await api<{ subject: string }[]>(server.url, `/dev/mailbox?to=${encodeURIComponent(DEMO_CUSTOMER.email)}`)
    expect(mails.some((m) => m.subject.startsWith('Booking confirmed'))).toBe(true)

    // Her record: the visit just booked, and a staff note added there.
    await page.goto(`${server.url}/staff/customers/${DEMO.customerDemo}`)
    await page.getByRole('heading', { name: /Jane Doe$/ }).waitFor()
    await page.getByRole('region', { name: 'Upcoming visits' }).getByText(/Anti-wrinkle injections: 1 area/).first().waitFor()
    await page.getByLabel('New note').fill('Walked in; prefers the window room.')
    await page.getByRole('button', { name: 'Add note' }).click()
    await page.getByRole('list', { name: 'Notes' }).getByText('Walked in; prefers the window room.').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width)
    await s.axe('customer-record')
    await s.shot('customer-record')
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 60_000)

  it('a pay link not paid yet, switched to pay at the clinic when the customer phones, on a phone: the link then takes nothing', async () => {
    const s = await open(browser, 'desk-booking-pay-at-clinic', SMALL_PHONE)
    const { page } = s
    await signInToNewBooking(s, clearDate(13))
    await page.getByLabel('Name, email or phone').fill(DEMO_CUSTOMER.email)
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByRole('button', { name: 'Book for Jane Doe' }).click()
    await chooseServiceAndTime(page)
    await page.getByText('Send a pay link', { exact: true }).click()
    await page.getByRole('button', { name: 'Book', exact: true }).click()
    await page.getByText('The booking is held and the customer has been mailed a link to pay the deposit.').waitFor()
    const link = (await page.getByRole('link', { name: /\/sandbox\/pay\// }).getAttribute('href'))!
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width)
    await s.shot('pay-link-waiting')
    await page.getByRole('button', { name: 'Pay at the clinic instead' }).click()
    await page.getByText('The customer pays at the clinic instead: the booking is confirmed, its pay link no longer works, and the customer has their confirmation.').waitFor()
    await page.getByText(/^Pay at the clinic: £\d+\.\d\d$/).waitFor()
    expect(await page.getByRole('button', { name: 'Pay at the clinic instead' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: /\/sandbox\/pay\// }).count()).toBe(0)
    expect(await page.getByRole('listitem').first().textContent()).toMatch(/· Scheduled$/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width)
    await s.axe('pay-at-clinic-instead')
    await s.shot('pay-at-clinic-instead')
    // The customer opens the link afterwards: told why, nothing to pay.
    await page.goto(link)
    await page.getByText('This payment link is no longer valid: your visit is paid at the clinic, and you have not been charged.').waitFor()
    await s.shot('pay-link-after-pay-at-clinic')
    expect(s.problems).toEqual([])
    await s.context.close()
  }, 60_000)
})
