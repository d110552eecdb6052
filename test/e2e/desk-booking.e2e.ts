// The front desk books (issue 29) in the browser on the demo tenant: the desk's admin opens 'New
// booking', creates a phone customer and books them with a pay link, which the customer opens from
// the mail and pays (the booking is then Scheduled); then, on a phone, books a walk-in found by the
// desk's search, paid at the clinic. axe clean on both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launch, release, open, payWithCard, SMALL_PHONE, type Session } from './support/browser'
import { api, uniqueEmail } from './support/flows'
import { startServer, type ServerProcess } from './support/server-process'
import { DEMO, DEMO_CUSTOMER, DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'
import { clearDate } from '../../server/test-support/dates'
import type { CustomerRecord } from '../../src/contract/desk.routes'
import type { CustomerSummary } from '../../src/contract/admin.routes'

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

async function chooseServiceAndTime(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Service/ }).click()
  await page.getByRole('option', { name: /^Anti-wrinkle injections: 1 area/ }).click()
  await page.getByRole('listbox').waitFor({ state: 'detached' })
  await page.getByRole('list', { name: 'Free times' }).getByRole('button').first().click()
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
})
