/**
 * POST /staff/forgot-password through a real SMTP server (smtp-server): the same answer whatever the
 * address, a mail only to a staff login of the tenant, its link from PUBLIC_URL (never the request's
 * headers) to the existing set-password page; the newest link alone works, once, for an hour; the new
 * password replaces the old one and ends older sessions. Rate limited like the customers' one.
 */
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORGOT_PASSWORD_RESULT } from '../../src/domain/validation/forgot-password'
import { OPERATOR_KEY, STAFF_PASSWORD, tenantWithAdmin } from '../admin/admin-test-support'
import { SmtpInbox } from '../test-support/smtp-inbox'
import { buildTestServer, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { DEMO_STAFF_ADMIN } from '../seed/demo.seed'
import { tokenHash } from '../accounts/session.service'
import { findStaffByEmail, insertSetPasswordToken, insertStaff } from './staff.repository'
import { setPasswordLink } from './staff.service'
import { operatorDb } from './staff.tables'

const inbox = new SmtpInbox()
const logLines: string[] = []
let t: TestServer
let offsetMs = 0

const DESK = { email: 'desk@demo.example.com', displayName: 'Front Desk' }
const HOSTILE = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' }

beforeAll(async () => {
  await inbox.start()
  t = await buildTestServer({
    smtpUrl: inbox.url,
    operatorKey: OPERATOR_KEY,
    publicUrl: 'https://{tenant}.clinics.example.co.uk',
    clock: () => new Date(Date.now() + offsetMs),
    logLevel: 'info',
    logStream: { write: (line: string) => void logLines.push(line) },
  })
  const db = operatorDb(t.db)
  const row = await insertStaff(db, { tenant: 'demo', email: DESK.email, displayName: DESK.displayName, role: 'practitioner', practitionerId: null })
  const token = (await setPasswordLink(db, 'demo', row.id, 'http://x', new Date())).split('/').pop()!
  const set = await setPassword(token, STAFF_PASSWORD)
  expect(set.statusCode, set.body).toBe(200)
})
afterAll(async () => {
  await t.close()
  await inbox.stop()
})

const forgot = (email: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/staff/forgot-password', headers, payload: { email } })
const setPassword = (token: string, password: string, tenant = 'demo') =>
  t.app.inject({ method: 'POST', url: '/api/staff/set-password', headers: { 'x-tenant': tenant }, payload: { token, password } })
const login = (password: string, email = DESK.email, tenant = 'demo') =>
  t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-tenant': tenant }, payload: { email, password } })

const mailsTo = (address: string): ParsedMail[] => inbox.mails.filter((m) => m.to && 'text' in m.to && m.to.text.toLowerCase() === address.toLowerCase())
const linkIn = (mail: ParsedMail) => mail.text?.match(/\S*\/staff\/set-password\/[\w-]+/)?.[0] ?? ''
const tokenOf = (link: string) => link.split('/').pop()!

const deskId = async () => (await findStaffByEmail(operatorDb(t.db), 'demo', DESK.email))!.id

/** Tokens written straight to the table, as links issued before a new one spent the older ones left them. */
async function outstandingLinks(count: number): Promise<string[]> {
  const id = await deskId()
  const tokens = Array.from({ length: count }, (_, i) => `outstanding-${Date.now()}-${i}-${Math.random().toString(36).slice(2)}`)
  for (const token of tokens) await insertSetPasswordToken(operatorDb(t.db), 'demo', id, tokenHash(token), new Date(Date.now() + 3_600_000))
  return tokens
}

/** Asks for a link and returns the one mailed (after the reply: the mail is queued, then sent). */
async function mailedLink(email = DESK.email, headers: Record<string, string> = {}): Promise<string> {
  const before = mailsTo(email).length
  expect((await forgot(email, headers)).statusCode).toBe(200)
  await t.app.deps.mail.flush()
  const mails = mailsTo(email)
  expect(mails).toHaveLength(before + 1)
  return linkIn(mails[mails.length - 1]!)
}

describe('staff forgot-password', () => {
  it('answers the same whatever the address, and mails only a staff login of this tenant', async () => {
    const answers = await Promise.all([DESK.email, 'DESK@Demo.Example.com ', 'nobody@demo.example.com', DEMO_CUSTOMER.email, 'not an address', 'owner@elsewhere.example.com'].map((e) => forgot(e)))
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ message: FORGOT_PASSWORD_RESULT })
    }
    await t.app.deps.mail.flush()
    // The two spellings of the desk's address: two links (the second spends the first).
    expect(mailsTo(DESK.email)).toHaveLength(2)
    for (const other of ['nobody@demo.example.com', DEMO_CUSTOMER.email, 'owner@elsewhere.example.com']) expect(mailsTo(other)).toHaveLength(0)
    expect(inbox.mails.every((m) => m.to && 'text' in m.to && m.to.text === DESK.email)).toBe(true)

    // Another tenant's staff login is unknown here, and gets its own tenant's link there.
    await tenantWithAdmin(t, 'elsewhere')
    await t.app.deps.mail.flush()
    // Its admin was mailed the invitation when the tenant was made; the forgot-password here adds nothing.
    const invited = mailsTo('owner@elsewhere.example.com').map((m) => m.subject)
    expect(invited).toEqual(['Your staff login'])
    expect((await forgot('owner@elsewhere.example.com')).json()).toEqual({ message: FORGOT_PASSWORD_RESULT })
    await t.app.deps.mail.flush()
    expect(mailsTo('owner@elsewhere.example.com').map((m) => m.subject)).toEqual(invited)
    expect(await mailedLink('owner@elsewhere.example.com', { 'x-tenant': 'elsewhere' })).toMatch(/^https:\/\/elsewhere\.clinics\.example\.co\.uk\/staff\/set-password\/[\w-]{40,}$/)
  })

  it('needs an email (400)', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/staff/forgot-password', payload: { email: ' ' } })
    expect(empty.statusCode).toBe(400)
    const none = await t.app.inject({ method: 'POST', url: '/api/staff/forgot-password', payload: {} })
    expect(none.statusCode).toBe(400)
  })

  it('mails the existing reset mail with a link from PUBLIC_URL, whatever Host / X-Forwarded-Host say', async () => {
    const link = await mailedLink(DESK.email, HOSTILE)
    expect(link).toMatch(/^https:\/\/demo\.clinics\.example\.co\.uk\/staff\/set-password\/[\w-]{40,}$/)
    const mail = mailsTo(DESK.email).at(-1)!
    expect(mail.subject).toBe('Reset your password')
    expect(mail.text).toContain(`Hello ${DESK.displayName},`)
    expect(mail.text).toContain('The link is valid for 60 minutes and can be used once.')
    expect(`${mail.text} ${mail.html || ''}`).not.toContain('evil')
  })

  it('sets a new password with the mailed link: the new one signs in, the old one and older sessions stop, the link works once', async () => {
    const before = await login(STAFF_PASSWORD)
    expect(before.statusCode).toBe(200)
    const oldSession = { 'x-tenant': 'demo', authorization: `Bearer ${before.json().token as string}` }

    const token = tokenOf(await mailedLink())
    expect((await setPassword(token, 'weak')).statusCode).toBe(400)
    const set = await setPassword(token, 'Renewed123')
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json()).toEqual({ message: 'Your password is set. You can now log in.' })

    expect((await login('Renewed123')).statusCode).toBe(200)
    const old = await login(STAFF_PASSWORD)
    expect(old.statusCode).toBe(401)
    expect(old.json().message).toBe('The email or password is incorrect.')
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: oldSession })).statusCode).toBe(401)

    const reused = await setPassword(token, 'Hijacked123')
    expect(reused.statusCode).toBe(400)
    expect(reused.json().message).toBe("This set-password link is invalid or has expired. Please ask for a new one with 'Forgot password?' on the staff sign-in page.")
    expect((await login('Renewed123')).statusCode).toBe(200)
  })

  it('a new link spends the older ones, mailed or from an admin', async () => {
    const fromAdmin = tokenOf(await setPasswordLink(operatorDb(t.db), 'demo', await deskId(), 'http://x', new Date()))
    const first = tokenOf(await mailedLink())
    const second = tokenOf(await mailedLink())
    for (const spent of [fromAdmin, first]) expect((await setPassword(spent, 'Hijacked123')).statusCode).toBe(400)
    expect((await setPassword(second, 'Second123')).statusCode).toBe(200)
    expect((await login('Second123')).statusCode).toBe(200)
    expect((await login('Hijacked123')).statusCode).toBe(401)
  })

  it('a password set spends every link still outstanding (two issued before links spent older ones)', async () => {
    const [one, two] = await outstandingLinks(2)
    expect((await setPassword(one, 'Outstanding1')).statusCode).toBe(200)
    expect((await setPassword(two, 'Outstanding2')).statusCode).toBe(400)
    expect((await login('Outstanding1')).statusCode).toBe(200)
  })

  it('two outstanding links used at once: one wins, the other is refused', async () => {
    const [one, two] = await outstandingLinks(2)
    const [a, b] = await Promise.all([setPassword(one, 'RaceOne123'), setPassword(two, 'RaceTwo123')])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400])
    expect((await login(a.statusCode === 200 ? 'RaceOne123' : 'RaceTwo123')).statusCode).toBe(200)
    expect((await login(a.statusCode === 200 ? 'RaceTwo123' : 'RaceOne123')).statusCode).toBe(401)
  })

  it('a mailed link expires after an hour', async () => {
    const token = tokenOf(await mailedLink())
    offsetMs = 61 * 60_000
    try {
      const late = await setPassword(token, 'TooLate123')
      expect(late.statusCode).toBe(400)
      expect((await login('TooLate123')).statusCode).toBe(401)
    } finally {
      offsetMs = 0
    }
  })

  it('logs no link or token, the link opened or not: the mail by its outbox id only', async () => {
    const link = await mailedLink()
    const token = tokenOf(link)
    // The mailed link opened in a browser reaches this server with the token in its path (the web app's page).
    await t.app.inject({ method: 'GET', url: new URL(link).pathname })
    const log = logLines.join('')
    expect(log).not.toContain(token)
    expect(log).not.toContain('/staff/set-password/')
    expect(log).not.toContain('To choose a new password')
    const sent = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'mail sent')
    expect(sent).toContainEqual(expect.objectContaining({ mailId: expect.any(String) }))
    expect(sent.filter((l) => 'to' in l || 'subject' in l)).toEqual([])
    expect(log).not.toContain('Reset your password')
  })
})

describe('staff forgot-password rate limit', () => {
  it('limits the requests per client as the customer forgot-password does', async () => {
    const limited = await buildTestServer({ rateLimitMax: 3 })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) statuses.push((await limited.app.inject({ method: 'POST', url: '/api/staff/forgot-password', payload: { email: 'a@example.com' } })).statusCode)
      expect(statuses).toEqual([200, 200, 200, 429])
      const last = await limited.app.inject({ method: 'POST', url: '/api/staff/forgot-password', payload: { email: 'a@example.com' } })
      expect(last.json()).toEqual({ statusCode: 429, message: expect.stringMatching(/^Too many requests/) })
      // Another client has its own allowance.
      expect((await limited.app.inject({ method: 'POST', url: '/api/staff/forgot-password', payload: { email: 'a@example.com' }, remoteAddress: '198.51.100.9' })).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('a new staff login', () => {
  it('is mailed its set-password link, the same one the admin is shown; the link sets the password once', async () => {
    const adminLogin = await t.app.inject({ method: 'POST', url: '/api/staff/login', headers: { 'x-tenant': 'demo' }, payload: DEMO_STAFF_ADMIN })
    expect(adminLogin.statusCode, adminLogin.body).toBe(200)
    const email = 'new.nurse@demo.example.com'
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: { 'x-tenant': 'demo', ...t.auth(adminLogin.json().token as string) },
      payload: { email, displayName: 'New Nurse', role: 'practitioner' },
    })
    expect(added.statusCode, added.body).toBe(201)
    await t.app.deps.mail.flush()
    const mails = mailsTo(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Your staff login')
    expect(mails[0]!.text).toContain('Hello New Nurse,')
    expect(mails[0]!.text).toContain('The link is valid for 7 days and can be used once.')
    const link = linkIn(mails[0]!)
    expect(link).toBe(added.json().setPasswordUrl)
    expect(link).toMatch(/^https:\/\/demo\.clinics\.example\.co\.uk\/staff\/set-password\//)
    expect((await setPassword(tokenOf(link), 'Nurse12345')).statusCode).toBe(200)
    expect((await login('Nurse12345', email)).statusCode).toBe(200)
    expect((await setPassword(tokenOf(link), 'Again12345')).statusCode).toBe(400)
    // A refused login (a taken email) mails nobody.
    await t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: { 'x-tenant': 'demo', ...t.auth(adminLogin.json().token as string) }, payload: { email, displayName: 'Again', role: 'practitioner' } })
    await t.app.deps.mail.flush()
    expect(mailsTo(email)).toHaveLength(1)
  })
})

describe("a new tenant's first admin", () => {
  it('is mailed the set-password link the operator is shown, in the new clinic\'s name', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tenants',
      headers: { 'x-operator-key': OPERATOR_KEY },
      payload: { shortName: 'newclinic', name: 'New Clinic', adminEmail: 'Owner@NewClinic.example.com' },
    })
    expect(created.statusCode, created.body).toBe(201)
    await t.app.deps.mail.flush()
    const mails = mailsTo('owner@newclinic.example.com')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Your staff login')
    expect(mails[0]!.text).toContain('New Clinic')
    expect(linkIn(mails[0]!)).toBe(created.json().setPasswordUrl)
    expect(linkIn(mails[0]!)).toMatch(/^https:\/\/newclinic\.clinics\.example\.co\.uk\/staff\/set-password\//)
    // A refused creation (the name is taken) mails nobody.
    await t.app.inject({ method: 'POST', url: '/api/admin/tenants', headers: { 'x-operator-key': OPERATOR_KEY }, payload: { shortName: 'newclinic', name: 'Again', adminEmail: 'owner@newclinic.example.com' } })
    await t.app.deps.mail.flush()
    expect(mailsTo('owner@newclinic.example.com')).toHaveLength(1)
  })
})
