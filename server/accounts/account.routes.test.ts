import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer()
})
afterAll(() => t.close())

const newCustomer = (email: string) => ({
  title: 'Ms',
  name: 'Ada',
  surname: 'Lovelace',
  dob: '1990-05-01T12:00:00.000Z',
  gender: 'female',
  email,
  mobile: '07700 900456',
  password: 'Secret123',
  referralSource: 'Website',
})

async function mailTo(to: string) {
  await t.app.deps.mail.flush()
  const response = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` })
  expect(response.statusCode).toBe(200)
  return response.json() as { subject: string; text: string }[]
}

describe('POST /login?from=customer', () => {
  it('logs the demo customer in', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login?from=customer', payload: DEMO_CUSTOMER })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ user: { id: DEMO.customerDemo, email: DEMO_CUSTOMER.email, firstName: 'Jane' }, token: expect.any(String) })
    expect(response.json().user).not.toHaveProperty('password')
  })

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login?from=customer', payload: { ...DEMO_CUSTOMER, password: 'Nope1234' } })
    const unknown = await t.app.inject({ method: 'POST', url: '/api/login?from=customer', payload: { email: 'ghost@example.com', password: 'Nope1234' } })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json().message).toBe(unknown.json().message)
  })

  it('answers bad input with 400 and a message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login?from=customer', payload: { email: 'a@b.co' } })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/body/)
    const noFrom = await t.app.inject({ method: 'POST', url: '/api/login', payload: DEMO_CUSTOMER })
    expect(noFrom.statusCode).toBe(400)
  })
})

describe('register, verify, log in', () => {
  it('refuses login until the emailed link is followed', async () => {
    const email = 'ada@example.com'
    const created = await t.app.inject({ method: 'POST', url: '/api/user/customer/register', payload: newCustomer('Ada@Example.com ') })
    expect(created.statusCode).toBe(200)
    expect(created.json().message).toBe(
      'Your account has been created. Please check your inbox (and junk mail) to verify your email before logging in.',
    )
    const refused = await t.app.inject({ method: 'POST', url: '/api/login?from=customer', payload: { email, password: 'Secret123' } })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toMatch(/verify your email/)

    const [mail] = await mailTo(email)
    const link = /https?:\/\/[^\s]+\/api\/user\/verify-email\/[\w-]+/.exec(mail.text)![0]
    const verify = await t.app.inject({ method: 'GET', url: new URL(link).pathname })
    expect(verify.statusCode).toBe(302)
    expect(verify.headers.location).toBe('/?emailVerified=true')
    const again = await t.app.inject({ method: 'GET', url: new URL(link).pathname })
    expect(again.headers.location).toBe('/?emailVerified=false')

    const login = await t.app.inject({ method: 'POST', url: '/api/login?from=customer', payload: { email, password: 'Secret123' } })
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({ firstName: 'Ada', mobilePhone: '+447700900456', isVerified: true })
  })

  it('refuses an email already registered, a weak password and an invalid title with 400', async () => {
    const taken = await t.app.inject({ method: 'POST', url: '/api/user/customer/register', payload: newCustomer(DEMO_CUSTOMER.email) })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().message).toMatch(/already exists/)
    const weak = await t.app.inject({ method: 'POST', url: '/api/user/customer/register', payload: { ...newCustomer('w@example.com'), password: 'weak' } })
    expect(weak.json()).toEqual({ statusCode: 400, message: 'Password must have at least 8 characters, one capital letter and one number' })
    const title = await t.app.inject({ method: 'POST', url: '/api/user/customer/register', payload: { ...newCustomer('x@example.com'), title: 'King' } })
    expect(title.json().message).toBe('Invalid Title')
    const missing = await t.app.inject({ method: 'POST', url: '/api/user/customer/register', payload: { email: 'y@example.com' } })
    expect(missing.statusCode).toBe(400)
    const unborn = await t.app.inject({ method: 'POST', url: '/api/user/customer/register', payload: { ...newCustomer('unborn@example.com'), dob: '2999-01-01T12:00:00.000Z' } })
    expect(unborn.json()).toEqual({ statusCode: 400, message: 'Date of birth cannot be in the future.' })
  })
})

describe('forgot and reset password', () => {
  const neutral = 'If this email exists on our system, you will receive a password link - please also check your junk folder.'

  it('answers the same whether or not the email exists, and mails only existing accounts', async () => {
    const known = await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${OTHER_CUSTOMER.email}` })
    const unknown = await t.app.inject({ method: 'POST', url: '/api/user/forgot-password/nobody@example.com' })
    expect(known.statusCode).toBe(200)
    expect(known.json()).toEqual({ message: neutral })
    expect(unknown.json()).toEqual({ message: neutral })
    expect(await mailTo('nobody@example.com')).toHaveLength(0)
    const existing = await t.app.inject({ method: 'POST', url: '/api/user/forgot-password/nobody@example.com?existingUser=true' })
    expect(existing.json().message).toContain("If the link doesn't work")
  })

  it('resets with a single-use token that returns a new login token', async () => {
    await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${OTHER_CUSTOMER.email}` })
    const [mail] = await mailTo(OTHER_CUSTOMER.email)
    const token = /\/user\/reset-password\/([\w-]+)/.exec(mail.text)![1]
    const weak = await t.app.inject({ method: 'PUT', url: '/api/user/change-password', payload: { token, newPassword: 'short' } })
    expect(weak.json()).toEqual({ statusCode: 400, message: 'New password does not meet requirements.' })
    const reset = await t.app.inject({ method: 'PUT', url: '/api/user/change-password', payload: { token, newPassword: 'Changed123' } })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toMatchObject({ message: 'Your password has been changed.', newToken: expect.any(String) })
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.auth(reset.json().newToken) })
    expect(me.json().email).toBe(OTHER_CUSTOMER.email)
    const reused = await t.app.inject({ method: 'PUT', url: '/api/user/change-password', payload: { token, newPassword: 'Changed456' } })
    expect(reused.statusCode).toBe(401)
    expect(reused.json().message).toMatch(/invalid or has expired/)
    expect((await t.login({ email: OTHER_CUSTOMER.email, password: 'Changed123' })).length).toBeGreaterThan(20)
  })
})

describe('outstanding reset links', () => {
  const resetLinks = async (count: number) => {
    for (let i = 0; i < count; i++) await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${OTHER_CUSTOMER.email}` })
    const mails = await mailTo(OTHER_CUSTOMER.email)
    // the mailbox lists the newest first
    return mails.slice(0, count).map((m) => /\/user\/reset-password\/([\w-]+)/.exec(m.text)![1])
  }
  const reset = (token: string, newPassword: string) => t.app.inject({ method: 'PUT', url: '/api/user/change-password', payload: { token, newPassword } })

  it('a successful reset spends every other reset link of the account', async () => {
    const [first, second, third] = await resetLinks(3)
    expect(new Set([first, second, third]).size).toBe(3)
    expect((await reset(second, 'Changed789')).statusCode).toBe(200)
    for (const other of [first, third]) {
      const refused = await reset(other, 'Hijacked123')
      expect(refused.statusCode).toBe(401)
      expect(refused.json().message).toBe('This password reset link is invalid or has expired. Please request a new one.')
    }
    expect((await t.login({ email: OTHER_CUSTOMER.email, password: 'Changed789' })).length).toBeGreaterThan(20)
  })

  it('a password change while logged in spends the reset links too', async () => {
    const [link] = await resetLinks(1)
    const token = await t.login({ email: OTHER_CUSTOMER.email, password: 'Changed789' })
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/change-password',
      headers: t.auth(token),
      payload: { userId: DEMO.customerOther, currentPassword: 'Changed789', newPassword: OTHER_CUSTOMER.password },
    })
    expect(changed.statusCode).toBe(200)
    expect((await reset(link, 'Hijacked123')).statusCode).toBe(401)
  })

  it('two links used at once: one sets the password, the other is refused', async () => {
    const [a, b] = await resetLinks(2)
    const answers = await Promise.all([reset(a, 'Parallel123'), reset(b, 'Parallel456')])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401])
    const winner = answers[0].statusCode === 200 ? 'Parallel123' : 'Parallel456'
    expect((await t.login({ email: OTHER_CUSTOMER.email, password: winner })).length).toBeGreaterThan(20)
  })
})

describe('change password when logged in', () => {
  it('needs the right current password and the caller own id', async () => {
    const token = await t.login(DEMO_CUSTOMER)
    const noToken = await t.app.inject({ method: 'PUT', url: '/api/user/change-password', payload: { userId: DEMO.customerDemo, currentPassword: 'Demo1234', newPassword: 'Newpass123' } })
    expect(noToken.statusCode).toBe(401)
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/user/change-password', headers: t.auth(token), payload: { userId: DEMO.customerDemo, currentPassword: 'Wrong1234', newPassword: 'Newpass123' } })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().message).toBe('The current password is incorrect.')
    const other = await t.app.inject({ method: 'PUT', url: '/api/user/change-password', headers: t.auth(token), payload: { userId: DEMO.customerOther, currentPassword: 'Demo1234', newPassword: 'Newpass123' } })
    expect(other.statusCode).toBe(401)
    const changed = await t.app.inject({ method: 'PUT', url: '/api/user/change-password', headers: t.auth(token), payload: { userId: DEMO.customerDemo, currentPassword: 'Demo1234', newPassword: 'Newpass123' } })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().message).toBe('Your password has been changed.')
    // Put it back for the other tests of this file.
    const back = await t.app.inject({ method: 'PUT', url: '/api/user/change-password', headers: t.auth(changed.json().newToken), payload: { userId: DEMO.customerDemo, currentPassword: 'Newpass123', newPassword: 'Demo1234' } })
    expect(back.statusCode).toBe(200)
  })
})

describe('GET /user/me and PUT /customers/{id}', () => {
  it('needs a valid token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: 'Bearer junk' } })).statusCode).toBe(401)
  })

  it('updates own details, refuses another customer and bad input', async () => {
    const token = await t.login(DEMO_CUSTOMER)
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.auth(token) })
    expect(me.json()).toMatchObject({ id: DEMO.customerDemo, firstName: 'Jane', country: { value: 'GB', label: 'United Kingdom' } })
    const updated = await t.app.inject({ method: 'PUT', url: `/api/customers/${DEMO.customerDemo}`, headers: t.auth(token), payload: { city: 'Bath', mobilePhone: '07700 900999' } })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ city: 'Bath', mobilePhone: '+447700900999' })
    const badPhone = await t.app.inject({ method: 'PUT', url: `/api/customers/${DEMO.customerDemo}`, headers: t.auth(token), payload: { mobilePhone: '123' } })
    expect(badPhone.json()).toEqual({ statusCode: 400, message: 'Need to add a valid phone number' })
    const badId = await t.app.inject({ method: 'PUT', url: '/api/customers/not-an-id', headers: t.auth(token), payload: {} })
    expect(badId.statusCode).toBe(400)
    const other = await t.app.inject({ method: 'PUT', url: `/api/customers/${DEMO.customerOther}`, headers: t.auth(token), payload: { city: 'Hacked' } })
    expect(other.statusCode).toBe(403)
    const anonymous = await t.app.inject({ method: 'PUT', url: `/api/customers/${DEMO.customerDemo}`, payload: { city: 'X' } })
    expect(anonymous.statusCode).toBe(401)
    const taken = await t.app.inject({ method: 'PUT', url: `/api/customers/${DEMO.customerDemo}`, headers: t.auth(token), payload: { email: OTHER_CUSTOMER.email } })
    expect(taken.statusCode).toBe(409)
    const unborn = await t.app.inject({ method: 'PUT', url: `/api/customers/${DEMO.customerDemo}`, headers: t.auth(token), payload: { dateOfBirth: '2999-01-01T12:00:00.000Z' } })
    expect(unborn.json()).toEqual({ statusCode: 400, message: 'Date of birth cannot be in the future.' })
    const after = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.auth(token) })
    expect(after.json().dateOfBirth).toBe(me.json().dateOfBirth)
  })
})

describe('rate limits', () => {
  it('limits login, register and forgot-password per client', async () => {
    const limited = await buildTestServer({ rateLimitMax: 3 })
    try {
      for (const [method, url, payload] of [
        ['POST', '/api/login?from=customer', { email: 'a@example.com', password: 'Wrong1234' }],
        ['POST', '/api/user/forgot-password/a@example.com', undefined],
        ['POST', '/api/user/customer/register', { email: 'z' }],
      ] as const) {
        const statuses: number[] = []
        for (let i = 0; i < 4; i++) statuses.push((await limited.app.inject({ method, url, payload })).statusCode)
        expect(statuses[3]).toBe(429)
        const last = await limited.app.inject({ method, url, payload })
        expect(last.json()).toEqual({ statusCode: 429, message: expect.stringMatching(/^Too many requests/) })
      }
    } finally {
      await limited.close()
    }
  })
})
