/**
 * The production profile's security defaults at the HTTP edge (docs/production.md): links in mail
 * come only from PUBLIC_URL, no proxy is believed unless TRUST_PROXY says so, token answers are never
 * cached, and no mail body, token or reset link reaches the log.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import { type SmtpInbox, startSmtpInbox } from './test-support/smtp-inbox'
import { buildTestServer, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from './test-support/test-server'

const servers: TestServer[] = []
async function server(overrides: Parameters<typeof buildTestServer>[0] = {}): Promise<TestServer> {
  const t = await buildTestServer(overrides)
  servers.push(t)
  return t
}
afterAll(async () => {
  for (const t of servers) await t.close()
})

const HOSTILE = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example;proto=https' }

/** The newest outbox row to an address (its text holds the link). */
async function lastMail(t: TestServer, to: string, tenant = 'demo') {
  await t.app.deps.mail.flush()
  return t.db
    .selectFrom('outbox')
    .select(['id', 'subject', 'text', 'html'])
    .where('tenant_id', '=', tenant)
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
}

const linkIn = (text: string, path: string) => text.match(new RegExp(`\\S*/${path}/[^\\s"<]+`))?.[0] ?? ''
const tokenOf = (link: string) => link.split('/').pop() ?? ''

const newCustomer = (email: string) => ({
  title: 'Ms',
  name: 'Ada',
  surname: 'Lovelace',
  dob: '1990-05-01T12:00:00.000Z',
  gender: 'female',
  email,
  mobile: '07700 900456',
  password: 'Secret123',
})

describe('links in mail are built from PUBLIC_URL only', () => {
  it('a forgot-password request with a hostile Host / X-Forwarded-Host mails a link to the configured origin (default http://localhost:PORT)', async () => {
    const t = await server()
    const response = await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${DEMO_CUSTOMER.email}`, headers: HOSTILE })
    expect(response.statusCode).toBe(200)
    const mail = await lastMail(t, DEMO_CUSTOMER.email)
    const link = linkIn(mail.text, 'reset-password')
    expect(link.startsWith(`http://localhost:${t.config.port}/user/reset-password/`)).toBe(true)
    expect(`${mail.text} ${mail.html}`).not.toContain('evil')
  })

  it('uses PUBLIC_URL, with {tenant} filled in, for reset and verification links and /public/links', async () => {
    const t = await server({ publicUrl: loadConfig({ PUBLIC_URL: 'https://{tenant}.clinic.example.co.uk' }).publicUrl })
    const headers = { ...HOSTILE, 'x-tenant': 'other' }
    await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${DEMO_CUSTOMER.email}`, headers })
    const reset = await lastMail(t, DEMO_CUSTOMER.email, 'other')
    expect(linkIn(reset.text, 'reset-password')).toMatch(/^https:\/\/other\.clinic\.example\.co\.uk\/user\/reset-password\/\S+$/)

    const registered = await t.app.inject({ method: 'POST', url: '/api/user/customer/register', payload: newCustomer('ada.links@example.com'), headers })
    expect(registered.statusCode).toBe(200)
    const verify = await lastMail(t, 'ada.links@example.com', 'other')
    expect(linkIn(verify.text, 'verify-email')).toMatch(/^https:\/\/other\.clinic\.example\.co\.uk\/api\/user\/verify-email\/\S+$/)

    const links = await t.app.inject({ method: 'GET', url: '/api/public/links', headers })
    expect(links.json()).toMatchObject({ websocket: 'wss://other.clinic.example.co.uk/api/ws', customerApp: 'https://other.clinic.example.co.uk' })
  })
})

describe('TRUST_PROXY', () => {
  const attempt = (t: TestServer, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login?from=customer',
      payload: { email: DEMO_CUSTOMER.email, password: 'Wrong1234' },
      headers: { 'x-forwarded-for': forwardedFor },
    })

  it('unset: a rotating X-Forwarded-For does not get round the login rate limit', async () => {
    const t = await server({ rateLimitMax: 3, trustProxy: loadConfig({}).trustProxy })
    const statuses: number[] = []
    for (let i = 1; i <= 5; i++) statuses.push((await attempt(t, `198.51.100.${i}`)).statusCode)
    expect(statuses).toEqual([401, 401, 401, 429, 429])
  })

  it('TRUST_PROXY=1: the client address comes from the proxy header', async () => {
    const t = await server({ rateLimitMax: 3, trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy })
    const same: number[] = []
    for (let i = 0; i < 4; i++) same.push((await attempt(t, '203.0.113.7')).statusCode)
    expect(same).toEqual([401, 401, 401, 429])
    // Another client behind the same proxy has its own allowance.
    expect((await attempt(t, '203.0.113.8')).statusCode).toBe(401)
  })
})

describe('Cache-Control: no-store on login and token answers', () => {
  it('login (success and failure), a reset by token that returns a new token, and /user/me', async () => {
    const t = await server()
    const login = await t.app.inject({ method: 'POST', url: '/api/login?from=customer', payload: DEMO_CUSTOMER })
    expect(login.statusCode).toBe(200)
    expect(login.headers['cache-control']).toBe('no-store')
    const failed = await t.app.inject({ method: 'POST', url: '/api/login?from=customer', payload: { ...DEMO_CUSTOMER, password: 'Wrong1234' } })
    expect(failed.headers['cache-control']).toBe('no-store')

    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.auth(login.json().token) })
    expect(me.headers['cache-control']).toBe('no-store')

    await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${OTHER_CUSTOMER.email}` })
    const token = tokenOf(linkIn((await lastMail(t, OTHER_CUSTOMER.email)).text, 'reset-password'))
    const reset = await t.app.inject({ method: 'PUT', url: '/api/user/change-password', payload: { token, newPassword: 'Changed1234' } })
    expect(reset.statusCode).toBe(200)
    expect(reset.json().newToken).toEqual(expect.any(String))
    expect(reset.headers['cache-control']).toBe('no-store')

    const registered = await t.app.inject({ method: 'POST', url: '/api/user/customer/register', payload: newCustomer('ada.cache@example.com') })
    expect(registered.headers['cache-control']).toBe('no-store')
  })
})

describe('no mail body, token or reset link in the log', () => {
  function capture() {
    const lines: string[] = []
    return { lines, logStream: { write: (line: string) => void lines.push(line) } }
  }

  let smtp: SmtpInbox | undefined
  afterEach(async () => {
    await smtp?.stop()
    smtp = undefined
  })

  it('without SMTP_URL: forgot-password, the outbox, the reset page and the verification link log no secret', async () => {
    const { lines, logStream } = capture()
    const t = await server({ env: 'development', logLevel: 'info', logStream })
    await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${DEMO_CUSTOMER.email}` })
    const reset = await lastMail(t, DEMO_CUSTOMER.email)
    const resetLink = linkIn(reset.text, 'reset-password')
    expect(resetLink).not.toBe('')
    // The mailed link opened in a browser (the web app's page) reaches this server with the token in its path.
    await t.app.inject({ method: 'GET', url: new URL(resetLink).pathname })

    await t.app.inject({ method: 'POST', url: '/api/user/customer/register', payload: newCustomer('ada.log@example.com') })
    const verifyLink = linkIn((await lastMail(t, 'ada.log@example.com')).text, 'verify-email')
    const opened = await t.app.inject({ method: 'GET', url: new URL(verifyLink).pathname })
    expect(opened.statusCode).toBe(302)

    const log = lines.join('')
    for (const secret of [tokenOf(resetLink), resetLink, tokenOf(verifyLink), verifyLink, 'To choose a new password', 'Please verify your email by opening']) {
      expect(log).not.toContain(secret)
    }
    // The mail by its outbox id: neither its recipient nor its subject.
    expect(log).not.toContain('Reset your password')
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(expect.objectContaining({ msg: 'mail not sent (no SMTP_URL): kept for /api/dev/mailbox', mailId: reset.id }))
    // Request lines name the route pattern, never the URL that carries the token.
    expect(log).toContain('"route":"/api/user/verify-email/:token"')
  })

  it('with SMTP_URL: the sent mail is logged by its outbox id and outcome only, not its recipient or subject', async () => {
    smtp = await startSmtpInbox()
    const { lines, logStream } = capture()
    const t = await server({ logLevel: 'info', logStream, smtpUrl: smtp.url })
    await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${OTHER_CUSTOMER.email}` })
    const reset = await lastMail(t, OTHER_CUSTOMER.email)
    const sent = await t.db.selectFrom('outbox').select('sent_at').where('id', '=', reset.id).executeTakeFirstOrThrow()
    expect(sent.sent_at).not.toBeNull()
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(entries).toContainEqual(expect.objectContaining({ msg: 'mail sent', mailId: reset.id }))
    const log = lines.join('')
    expect(log).not.toContain('Reset your password')
    expect(log).not.toContain(OTHER_CUSTOMER.email)
    expect(log).not.toContain(tokenOf(linkIn(reset.text, 'reset-password')))
    expect(log).not.toContain('To choose a new password')
  })
})
