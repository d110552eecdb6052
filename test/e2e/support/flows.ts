import type { Locator, Page } from 'playwright-core'
import type { Session } from './browser'

export const PASSWORD = 'Secret123'

/** A unique email per run (the in-memory database lives as long as the suite). */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
}

export async function api<T>(baseUrl: string, path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init?.headers ?? {}) } })
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** A customer's mails as (text, html), newest first: the dev mailbox by default; a server with SMTP_URL has none. */
export type MailReader = (email: string) => Promise<{ text: string; html?: string }[]>

export const devMailbox = (baseUrl: string): MailReader => (email) => api(baseUrl, `/dev/mailbox?to=${encodeURIComponent(email)}`)

/** Registers a customer through the API and follows the verification link of their mail (the dev mailbox unless `mails`). */
export async function verifiedCustomer(baseUrl: string, tag: string, mails: MailReader = devMailbox(baseUrl)): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(tag)
  await api(baseUrl, '/user/customer/register', {
    method: 'POST',
    body: JSON.stringify({ title: 'Ms', name: 'Jo', surname: 'Tester', dob: '1990-02-01T12:00:00.000Z', gender: 'female', email, mobile: '+447700900123', password: PASSWORD }),
  })
  await followVerificationLink(baseUrl, email, mails)
  return { email, password: PASSWORD }
}

export async function verificationLink(baseUrl: string, email: string, mails: MailReader = devMailbox(baseUrl)): Promise<string> {
  for (let i = 0; i < 40; i++) {
    for (const mail of await mails(email)) {
      const link = `${mail.text} ${mail.html ?? ''}`.match(/https?:\/\/[^\s"'<>]*verif[^\s"'<>]*/i)?.[0]
      if (link) return link.replace(/&amp;/g, '&')
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`no verification mail for ${email}`)
}

export async function followVerificationLink(baseUrl: string, email: string, mails: MailReader = devMailbox(baseUrl)): Promise<void> {
  const link = new URL(await verificationLink(baseUrl, email, mails))
  const response = await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' })
  if (response.status >= 400) throw new Error(`verification link answered ${response.status}`)
}

export async function clickText(page: Page, text: string | RegExp, role: 'button' | 'link' = 'button'): Promise<void> {
  await page.getByRole(role, { name: text }).first().click()
}

/** From '/' to the service list of the first clinic. */
export async function chooseFirstLocation(s: Session): Promise<void> {
  await s.page.waitForSelector('section[aria-labelledby="locations-title"] ul li a')
  await s.page.locator('section[aria-labelledby="locations-title"] ul li a').first().click()
  await s.page.waitForSelector('h1:has-text("Choose a service")')
}

/** Picks a service by visible name (first match). */
export async function chooseService(s: Session, name?: string): Promise<void> {
  const rows = s.page.locator('section ul li button:not([aria-label])')
  await rows.first().waitFor()
  if (name) {
    const row = s.page.locator('section ul li button', { hasText: name }).first()
    // Infinite scroll: scroll to the end until the service has loaded.
    for (let i = 0; i < 10 && (await row.count()) === 0; i++) {
      await s.page.mouse.wheel(0, 4000)
      await s.page.waitForTimeout(400)
    }
    await row.click()
  }
  else await rows.first().click()
  await s.page.waitForSelector('h1:has-text("Choose a practitioner")')
}

export async function answer(s: Session, question: string, reply: 'Yes' | 'No'): Promise<void> {
  const dialog = s.page.getByRole('dialog', { name: question })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: reply, exact: true }).click()
}

/** The days of the shown month that a customer can pick (not past, closed, unavailable or of another month). */
export function freeDays(page: Page): Locator {
  return page.locator('[role="gridcell"] > :not([data-unavailable]):not([data-disabled]):not([data-outside-month])')
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** 'yyyy-MM-dd' of a calendar day from its label ('Monday, 30 November 2026', 'Today, …', '… selected'). */
export function dayOfLabel(label: string): string {
  const match = label.match(new RegExp(`(\\d{1,2}) (${MONTHS.join('|')}) (\\d{4})`))
  if (!match) throw new Error(`no date in the calendar label '${label}'`)
  return `${match[3]}-${String(MONTHS.indexOf(match[2]!) + 1).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`
}

/**
 * Waits for the calendar's month to load and returns its free days. A month with no day left to book
 * (a month's last days, when today and the few days after it are all that is left of it; the Christmas
 * closure) says 'No availability': Ok, then the next month, up to `months` months. With `accept`, only
 * the days it accepts ('yyyy-MM-dd') count, and a month without one is passed over the same way.
 */
export async function monthWithFreeDay(s: Session, accept: (date: string) => boolean = () => true, months = 4): Promise<Locator[]> {
  const none = s.page.getByRole('dialog', { name: 'No availability' })
  await s.page.getByRole('grid').waitFor()
  for (let month = 0; month < months; month++) {
    // Loaded: a free day shows, or the dialog says there is none (both come with the same answer).
    await freeDays(s.page).first().or(none).first().waitFor({ timeout: 30_000 })
    if (await none.isVisible()) {
      await none.getByRole('button', { name: 'Ok' }).click()
      await none.waitFor({ state: 'detached' })
    } else {
      const days = []
      for (const day of await freeDays(s.page).all()) if (accept(dayOfLabel((await day.getAttribute('aria-label')) ?? ''))) days.push(day)
      if (days.length) return days
    }
    await s.page.getByRole('button', { name: 'Next month' }).click()
  }
  throw new Error(`no free day in ${months} months`)
}

/** Picks the first free day (that `accept`s, 'yyyy-MM-dd') and the first valid time; returns the day. */
export async function chooseFirstTime(s: Session, accept?: (date: string) => boolean): Promise<string> {
  await s.page.waitForSelector('h1:has-text("Choose a date and time")')
  const [day] = await monthWithFreeDay(s, accept)
  const date = dayOfLabel((await day!.getAttribute('aria-label')) ?? '')
  await day!.click()
  const chip = s.page.locator('ul li button[aria-pressed]:not([disabled])').first()
  await chip.waitFor({ timeout: 30_000 })
  await chip.click()
  return date
}

export async function logIn(s: Session, email: string, password: string): Promise<void> {
  const dialog = s.page.getByRole('dialog', { name: 'Log in to continue' })
  await dialog.waitFor()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await dialog.waitFor({ state: 'detached' })
}

/** Scrolls the terms to the end and agrees. */
export async function agreeToTerms(s: Session): Promise<void> {
  const terms = s.page.getByRole('region', { name: 'Important Information' })
  await terms.waitFor()
  await terms.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  const agree = s.page.getByRole('button', { name: 'I understand and agree to these terms' })
  await agree.waitFor()
  await s.page.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'I understand and agree to these terms')
    return b !== undefined && !b.disabled
  })
  await agree.click()
}

/**
 * Chooses 'Any practitioner' or the first named practitioner. A service with one practitioner
 * auto-selects them and asks the another-service question at once.
 */
export async function choosePractitioner(s: Session, which: 'any' | 'first'): Promise<void> {
  const question = s.page.getByRole('dialog', { name: 'Do you want to book another service?' })
  const list = s.page.getByRole('list', { name: 'Practitioners' })
  await list.locator('li button').first().or(question).first().waitFor()
  // The one practitioner is chosen as the list arrives (same render): the question follows once its
  // dialog's code is in, later on a loaded machine; a tap meanwhile would land on an inert page.
  if ((await question.isVisible()) || (await list.locator('li > button[data-selected="true"]').count())) {
    await question.waitFor()
    return
  }
  const rows = list.locator('li > button:not([aria-label])')
  if (which === 'any') await list.locator('li > button', { hasText: 'Any practitioner' }).click()
  else {
    const named = list.locator('li > button:not([aria-label])', { hasNotText: 'Any practitioner' })
    await (await named.count() ? named.first() : rows.first()).click()
  }
  await question.waitFor()
}

/** Waits for the thank-you page; on a timeout saves a screenshot and reports what the page said. */
export async function waitForThankYou(s: Session, query: RegExp): Promise<void> {
  try {
    await s.page.waitForURL(query, { timeout: 30_000 })
  } catch (e) {
    await s.shot('timeout')
    const toasts = await s.page.locator('[aria-live="polite"]').allInnerTexts()
    throw new Error(`${(e as Error).message}\nurl: ${s.page.url()}\ntoasts: ${toasts.join(' | ')}\nproblems: ${s.problems.join(' | ')}`)
  }
}

/**
 * From the location list to the confirm page: the first location, `service`, its first practitioner,
 * no other service, the first time, signed in as `customer` when asked.
 */
export async function bookToConfirm(s: Session, baseUrl: string, service: string, customer: { email: string; password: string }): Promise<void> {
  await s.page.goto(`${baseUrl}/`)
  await chooseFirstLocation(s)
  await chooseService(s, service)
  await choosePractitioner(s, 'first')
  await answer(s, 'Do you want to book another service?', 'No')
  await chooseFirstTime(s)
  await s.page.getByRole('button', { name: 'Book appointment' }).filter({ visible: true }).first().click()
  await logIn(s, customer.email, customer.password)
  await s.page.waitForURL(/\/confirm/)
}

export interface SignedIn {
  token: string
  user: { id: string }
}

/** The customer's sign-in through the API, to check what the browser did. */
export const signIn = (baseUrl: string, email: string, password: string) =>
  api<SignedIn>(baseUrl, '/login?from=customer', { method: 'POST', body: JSON.stringify({ email, password }) })

/** Every appointment of the signed-in customer, through the API. */
export const appointmentsOf = async (baseUrl: string, who: SignedIn) =>
  (await api<{ appointments: { id: string; status: string }[] }>(baseUrl, `/appointments/customer/${who.user.id}?pageSize=100&group=ALL`, { headers: { authorization: `Bearer ${who.token}` } })).appointments

/** /app's 'Personal details' tab, where the customer's cards are (the session is signed in). */
export async function openPersonalDetails(s: Session, baseUrl: string): Promise<void> {
  await s.page.goto(`${baseUrl}/app`)
  await s.page.getByRole('heading', { name: 'My account' }).waitFor()
  await s.page.getByRole('tab', { name: 'Personal details' }).click()
}
