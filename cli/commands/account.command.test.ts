// nock tests of the signed-in commands: login/logout, appointments, cancel, reschedule, courses,
// forms and leads. Each runs the CLI in-process with a private config directory.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, tempConfigHome } from '../testing/run-cli'
import { ANNA, APPOINTMENT, CLINIC, COURSE, CUSTOMER, FACIAL, FORM, HOST, LEAD, LINKED, MASSAGE, appointmentView, customer, organisation, slot } from '../testing/fixtures'

const TOKEN = 'tok-123'
const home = tempConfigHome()
const tokenFile = join(home.dir, 'clinic', 'token')
const env = { XDG_CONFIG_HOME: home.dir }
const cli = (...args: string[]) => runCli(['--base-url', HOST, ...args], { env })
const cliIn = (stdin: string, ...args: string[]) => runCli(['--base-url', HOST, ...args], { env, stdin })
const authed = () => nock(HOST, { reqheaders: { authorization: `Bearer ${TOKEN}` } })
const anon = () => nock(HOST, { badheaders: ['authorization'] })
const signOut = () => rmSync(tokenFile, { force: true })
const signIn = () => {
  mkdirSync(join(home.dir, 'clinic'), { recursive: true })
  writeFileSync(tokenFile, TOKEN, { mode: 0o600 })
}

useNock()
beforeAll(() => {
  // the fixtures' days (March 2026) are still to come: a past day is a usage error
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T09:00:00Z') })
})
afterAll(() => {
  vi.useRealTimers()
  home.remove()
})

describe('clinic login / logout / whoami', () => {
  beforeEach(signOut)
  it('POST /login?from=customer stores the token in the config directory with mode 0600', async () => {
    anon().post('/api/login', { email: 'sam@example.com', password: 'Secret-123' }).query({ from: 'customer' }).reply(200, { user: customer, token: TOKEN })
    const run = await cli('login', '--email', ' Sam@Example.com ', '--password', 'Secret-123')
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('Signed in as Sam Smith <sam@example.com>.\n')
    expect(JSON.parse(readFileSync(tokenFile, 'utf8'))).toEqual({ token: TOKEN, scope: `${HOST}/api` })
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600)
  })

  it('never sends the token to another --base-url or --tenant than the one it was issued by', async () => {
    anon().post('/api/login').query({ from: 'customer' }).reply(200, { user: customer, token: TOKEN })
    expect((await cli('login', '--email', 'sam@example.com', '--password', 'Secret-123')).code).toBe(0)
    const elsewhere = 'http://elsewhere.test'
    // Not signed in there: nothing is sent (no request at all is allowed by nock).
    const there = await runCli(['--base-url', elsewhere, 'whoami'], { env })
    expect(there.code).toBe(1)
    expect(there.stderr).toBe("error: You must be logged in: run 'clinic login' first.\n")
    expect((await cli('--tenant', 'other', 'whoami')).stderr).toBe("error: You must be logged in: run 'clinic login' first.\n")
    // Signing out there leaves the sign-in here.
    expect((await runCli(['--base-url', elsewhere, 'logout'], { env })).code).toBe(0)
    authed().get('/api/user/me').reply(200, customer)
    expect((await cli('--json', 'whoami')).json()).toEqual(customer)
  })

  it('set-password: PUT /user/change-password with the mailed link\'s token, then signed in with the new token', async () => {
    anon().put('/api/user/change-password', { token: 'abc_DEF-123', newPassword: 'Secret-123' }).reply(200, { message: 'Your password has been changed.', statusCode: 200, newToken: TOKEN })
    const run = await cli('set-password', 'http://localhost:3000/user/reset-password/abc_DEF-123', '--password', 'Secret-123')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('Your password has been changed. You are signed in.\n')
    expect(JSON.parse(readFileSync(tokenFile, 'utf8'))).toEqual({ token: TOKEN, scope: `${HOST}/api` })
  })

  it('set-password with a used link: the server message, exit 1, no token; without a password and a terminal, or a weak one: 2', async () => {
    anon().put('/api/user/change-password').reply(401, { statusCode: 401, message: 'This password reset link is invalid or has expired. Please request a new one.' })
    const used = await cli('set-password', 'http://localhost:3000/user/reset-password/old', '--password', 'Secret-123')
    expect(used.code).toBe(1)
    expect(used.stderr).toBe('error: This password reset link is invalid or has expired. Please request a new one.\n')
    expect(existsSync(tokenFile)).toBe(false)
    const bare = await cli('set-password', 'http://localhost:3000/user/reset-password/abc')
    expect(bare.code).toBe(2)
    expect(bare.stderr).toMatch(/^error: --password \(or CLINIC_PASSWORD\) is required when stdin is not a terminal\. \(run clinic set-password --help for usage\)\n$/)
    // The sign-up rule's text before any call (nock allows none here).
    const weak = await cli('set-password', 'http://localhost:3000/user/reset-password/abc', '--password', 'short')
    expect(weak.code).toBe(2)
    // The spec's words as they are (SPEC.md, sign-up: no full stop), then where the usage is.
    expect(weak.stderr).toBe('error: --password: Password must have at least 8 characters, one capital letter and one number (run clinic set-password --help for usage)\n')
  })

  it('reads the password from stdin with --password-stdin', async () => {
    anon().post('/api/login', { email: 'sam@example.com', password: 'from-stdin' }).query({ from: 'customer' }).reply(200, { user: customer, token: TOKEN })
    const run = await cliIn('from-stdin\n', 'login', '--email', 'sam@example.com', '--password-stdin')
    expect(run.code).toBe(0)
  })

  it('wrong credentials: the server message, exit 1, no token', async () => {
    anon().post('/api/login').query(true).reply(401, { statusCode: 401, message: 'Invalid email or password' })
    const run = await cli('logout')
    expect(run.code).toBe(0)
    const failed = await cli('login', '--email', 'sam@example.com', '--password', 'nope')
    expect(failed.code).toBe(1)
    expect(failed.stderr).toBe('error: Invalid email or password\n')
    expect(existsSync(tokenFile)).toBe(false)
  })

  it('without a terminal, a missing email is a usage error (2)', async () => {
    const run = await cli('login', '--password', 'x')
    expect(run.code).toBe(2)
  })

  it('whoami: GET /user/me with the stored token; logout ends it on the server (POST /logout) and removes it', async () => {
    signIn()
    authed().get('/api/user/me').reply(200, customer)
    const run = await cli('--json', 'whoami')
    expect(run.json()).toEqual(customer)
    const ended = authed().post('/api/logout').reply(200, { message: 'You have been logged out.' })
    expect((await cli('logout')).stdout).toBe('Signed out.\n')
    expect(ended.isDone()).toBe(true)
    expect(existsSync(tokenFile)).toBe(false)
    const after = await cli('whoami')
    expect(after.code).toBe(1)
    expect(after.stderr).toBe("error: You must be logged in: run 'clinic login' first.\n")
  })
})

describe('clinic appointments / cancel / reschedule', () => {
  beforeEach(signIn)

  it('GET /appointments/customer/{id}: a table in London time with the actions', async () => {
    authed().get('/api/user/me').reply(200, customer)
    authed()
      .get(`/api/appointments/customer/${CUSTOMER}`)
      .query({ pageSize: '100', group: 'ALL' })
      .reply(200, {
        appointments: [
          appointmentView({ event: { start: '2099-07-01T09:00:00.000Z', end: '2099-07-01T10:00:00.000Z' } }),
          appointmentView({ id: LINKED, status: 'Pending' }),
          appointmentView({ id: MASSAGE, status: 'Completed', event: { start: '2020-01-02T10:00:00.000Z', end: '2020-01-02T11:00:00.000Z' } }),
        ],
      })
    authed().get('/api/public/organisations').reply(200, organisation)
    const run = await cli('appointments')
    expect(run.code).toBe(0)
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID +Date +Service +Staff +Location +Status +Actions$/)
    expect(lines[2]).toBe(`${APPOINTMENT}  01/07/2099 10:00  Facial   Anna   Soho      Scheduled  cancel, reschedule`)
    expect(lines[3]).toBe(`${MASSAGE}  02/01/2020 10:00  Facial   Anna   Soho      Completed  Book again`)
    expect(lines).toHaveLength(4) // the pending one is hidden
  })

  it('cancel: PUT /appointments/cancel-by-customer/{id}', async () => {
    authed().put(`/api/appointments/cancel-by-customer/${APPOINTMENT}`).reply(200, appointmentView({ status: 'Cancelled' }))
    const run = await cli('cancel', APPOINTMENT, '--yes')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Appointment cancelled\.\n/)
    expect(run.stdout).toMatch(/Cancelled$/m)
  })

  it('cancel on a terminal asks first, with the late-cancellation terms when they apply', async () => {
    const soon = new Date(Date.now() + 3 * 3600_000).toISOString()
    const late = appointmentView({ event: { start: soon, end: soon } })
    const settings = { ...organisation, cancellationRules: 'other', showCancelTerms: true, lateCancellationChargeType: 'AMOUNT', lateCancellationChargeValue: 25 }
    authed().get(`/api/appointments/${APPOINTMENT}`).times(2).reply(200, late)
    authed().get('/api/public/organisations').times(2).reply(200, settings)
    const no = await runCli(['--base-url', HOST, 'cancel', APPOINTMENT], { env, stdin: 'n\n', tty: true })
    expect(no.code).toBe(1)
    expect(no.stderr).toMatch(/^Late cancellation: .*£25\.00/m)
    expect(no.stderr).toMatch(/error: Not cancelled\.\n$/)
    authed().put(`/api/appointments/cancel-by-customer/${APPOINTMENT}`).reply(200, appointmentView({ status: 'Cancelled' }))
    const yes = await runCli(['--base-url', HOST, 'cancel', APPOINTMENT], { env, stdin: 'y\n', tty: true })
    expect(yes.code, yes.stderr).toBe(0)
    expect(yes.stdout).toMatch(/^Appointment cancelled\./)
  })

  it('cancel on a terminal of what the policy refuses says so at once, without asking', async () => {
    const soon = new Date(Date.now() + 3 * 3600_000).toISOString()
    authed().get(`/api/appointments/${APPOINTMENT}`).reply(200, appointmentView({ event: { start: soon, end: soon } }))
    authed().get('/api/public/organisations').reply(200, { ...organisation, cancellationRules: 'allow', lateCancellationPeriod: 48 })
    const run = await runCli(['--base-url', HOST, 'cancel', APPOINTMENT], { env, stdin: 'y\n', tty: true })
    expect(run.code).toBe(1)
    expect(run.stderr).not.toMatch(/Cancel it\?/)
    expect(run.stderr).toBe('error: This appointment starts within 48 hours and cannot be changed online.\n')
  })

  it('cancel refused by the policy: the server message, exit 1', async () => {
    authed()
      .put(`/api/appointments/cancel-by-customer/${APPOINTMENT}`)
      .reply(409, { statusCode: 409, message: 'This appointment starts within 48 hours and cannot be changed online.' })
    const run = await cli('cancel', APPOINTMENT)
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: This appointment starts within 48 hours and cannot be changed online.\n')
  })

  it('cancel with a malformed id is a usage error (2)', async () => {
    expect((await cli('cancel', '123')).code).toBe(2)
  })

  it('reschedule: GET the appointment, POST /practitioners/time with the appointment being rescheduled, PUT /appointments/reschedule/{id}', async () => {
    authed().get('/api/user/me').reply(200, customer)
    authed().get(`/api/appointments/${APPOINTMENT}`).reply(200, appointmentView())
    authed().get('/api/public/organisations').reply(200, organisation) // the policy is checked first
    authed()
      .post('/api/practitioners/time', (b) => b.appointmentBeingReschedule === APPOINTMENT && b.staff === ANNA && b.user === CUSTOMER && b.date === '2026-03-10')
      .reply(200, [slot('14:00', 60), slot('15:00', 60)])
    authed()
      .put(`/api/appointments/reschedule/${APPOINTMENT}`, {
        appointment: { event: { start: '2026-03-10T15:00:00.000Z', end: '2026-03-10T16:00:00.000Z' }, practitioner: ANNA, clinic: CLINIC, service: FACIAL },
      })
      .reply(200, appointmentView({ event: { start: '2026-03-10T15:00:00.000Z', end: '2026-03-10T16:00:00.000Z' } }))
    const run = await cli('reschedule', APPOINTMENT, '--date', '2026-03-10', '--time', '15:00')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Appointment rescheduled to 10\/03\/2026 15:00\.$/m)
  })

  it('reschedule to a time that is not free: exit 1 listing the free ones', async () => {
    authed().get('/api/user/me').reply(200, customer)
    authed().get(`/api/appointments/${APPOINTMENT}`).reply(200, appointmentView())
    authed().get('/api/public/organisations').reply(200, organisation)
    authed().post('/api/practitioners/time').reply(200, [slot('14:00', 60), slot('15:00', 60, ANNA, false)])
    const run = await cli('reschedule', APPOINTMENT, '--date', '2026-03-10', '--time', '15:00')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: 15:00 is not available on 10/03/2026 (available: 14:00; --staff any looks beyond Anna).\n')
  })

  it('reschedule with --staff any: the times of every practitioner, no hint', async () => {
    authed().get('/api/user/me').reply(200, customer)
    authed().get(`/api/appointments/${APPOINTMENT}`).reply(200, appointmentView())
    authed().get('/api/public/organisations').reply(200, organisation)
    authed().post('/api/practitioners/time', (b) => b.staff === null).reply(200, [])
    const run = await cli('reschedule', APPOINTMENT, '--date', '2026-03-10', '--time', '15:00', '--staff', 'any')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: 15:00 is not available on 10/03/2026 (no times available on this day).\n')
  })
})

describe('clinic courses', () => {
  it('GET /course/customer-course?customerId&clinic=all&excludeExpired=false', async () => {
    signIn()
    authed().get('/api/user/me').reply(200, customer)
    authed()
      .get('/api/course/customer-course')
      .query({ customerId: CUSTOMER, clinic: 'all', excludeExpired: 'false' })
      .reply(200, [
        {
          id: COURSE,
          name: 'Six massages',
          course: { id: MASSAGE, name: 'Six massages' },
          service: { id: MASSAGE, name: 'Massage' },
          quantity: 6,
          redeemed: 2,
          reserved: 1,
          soldAt: '2026-01-01T10:00:00.000Z',
          endsOn: null,
          purchaseLocation: { id: CLINIC, accountName: 'Soho' },
        },
      ])
    const run = await cli('courses')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(new RegExp(`${COURSE}  Six massages  Massage +3 of 6  No expiry  Soho`))
  })
})

describe('clinic form show / submit', () => {
  beforeEach(signOut)
  const form = {
    id: FORM,
    type: 'medical',
    isSigned: false,
    isUpdated: false,
    model: {
      name: 'Medical history',
      fields: [
        { id: 'allergies', type: 'Text', title: 'Allergies', isRequired: true },
        { id: 'smoker', type: 'Radio', title: 'Do you smoke?', options: ['Yes', 'No'] },
        { id: 'hidden', type: 'Text', title: 'Hidden', isVisible: 'f' },
      ],
    },
    customer: { id: CUSTOMER, firstName: 'Sam', surname: 'Smith' },
    data: { smoker: 'No' },
  }

  it('show: GET /forms/user-form/{id}?password=', async () => {
    anon().get(`/api/forms/user-form/${FORM}`).query({ password: 'pw' }).reply(200, form)
    const run = await cli('form', 'show', FORM, '--password', 'pw')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Form: +Medical history$/m)
    expect(run.stdout).toMatch(/^allergies +Text +Allergies +yes$/m)
    expect(run.stdout).toMatch(/^smoker +Radio +Do you smoke\? +Yes \| No +No$/m)
    expect(run.stdout).not.toMatch(/Hidden/)
  })

  it('show of a consent form: its description and consent text, no empty field table', async () => {
    const consent = 'I consent to the treatment.'
    const model = { ...form.model, name: 'Treatment consent', description: 'Consent to anti-wrinkle treatment', consent, fields: [] }
    anon().get(`/api/forms/user-form/${FORM}`).reply(200, { ...form, type: 'consent', model, data: undefined })
    const run = await cli('form', 'show', FORM)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Description: +Consent to anti-wrinkle treatment$/m)
    expect(run.stdout).toMatch(new RegExp(`\nConsent:\n${consent}\n$`))
    expect(run.stdout).not.toMatch(/No content to show|Field ID/)
  })

  it("show of a form with a password, without it or with a wrong one: the server's text and a hint, exit 1", async () => {
    const message = 'The password for this form is not correct.'
    anon().get(`/api/forms/user-form/${FORM}`).reply(401, { statusCode: 401, message })
    const run = await cli('form', 'show', FORM)
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(`error: ${message} (this form needs --password)\n`)
    anon().get(`/api/forms/user-form/${FORM}`).query({ password: 'nope' }).reply(401, { statusCode: 401, message })
    const wrong = await cli('form', 'show', FORM, '--password', 'nope')
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toBe(`error: ${message} (wrong password)\n`)
  })

  it('show of an unknown form: the spec text without the web page\'s redirect, exit 1', async () => {
    anon().get(`/api/forms/user-form/${FORM}`).reply(404, { statusCode: 404, message: 'Form not found.' })
    const run = await cli('form', 'show', FORM)
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: Form not found.\n')
  })

  it('submit: POST /forms/user-form/update/{id}/public with typed answers', async () => {
    anon()
      .post(`/api/forms/user-form/update/${FORM}/public`, { data: { allergies: 'none', smoker: 'No', count: 3, tags: ['a', 'b'] }, password: 'pw' })
      .reply(200, { message: 'ok' })
    const run = await cli('form', 'submit', FORM, '--answer', 'allergies=none', '--answer', 'smoker=No', '--answer', 'count=3', '--answer', 'tags=["a","b"]', '--password', 'pw')
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('Thank you for completing your form.\n')
  })

  it('submit refused by the server: its message, exit 1', async () => {
    anon().post(`/api/forms/user-form/update/${FORM}/public`).reply(400, { statusCode: 400, message: 'field Allergies is required' })
    const run = await cli('form', 'submit', FORM, '--answer', 'smoker=No')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: field Allergies is required\n')
  })

  it('submit without answers is a usage error (2)', async () => {
    expect((await cli('form', 'submit', FORM)).code).toBe(2)
  })
})

describe('clinic lead', () => {
  beforeEach(signOut)
  it('POST /customers-lead?from=customer', async () => {
    anon()
      .post('/api/customers-lead', {
        firstName: 'Ann',
        surname: 'Lee',
        email: 'ann@example.com',
        dateOfBirth: '1990-05-01T12:00:00.000Z',
        interested: ['Facial', 'Massage'],
        marketingTypes: ['Email'],
        message: 'Call me',
      })
      .query({ from: 'customer' })
      .reply(200, { id: LEAD, status: 'Open', firstName: 'Ann', surname: 'Lee', email: 'ann@example.com' })
    const run = await cli(
      'lead', '--first-name', 'Ann', '--surname', 'Lee', '--email', 'Ann@Example.com', '--dob', '01/05/1990',
      '--interested', 'Facial', '--interested', 'Massage', '--contact', 'email', '--message', 'Call me',
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Lead: +0+d$/m)
    expect(run.stdout).toMatch(/^Status: +Open$/m)
  })

  it("a lead the server refuses: the spec's toast text, exit 1", async () => {
    anon().post('/api/customers-lead').query(true).reply(400, { statusCode: 400, message: 'Phone is required' })
    const run = await cli('lead', '--first-name', 'Ann', '--surname', 'Lee', '--email', 'ann@example.com')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe("error: Sorry, your lead couldn't be created.\n")
  })

  it("a lead to a server that is down: exit 3 and an 'unreachable' line, not the form's failure text", async () => {
    anon().post('/api/customers-lead').query(true).replyWithError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:3000' })
    const run = await cli('lead', '--first-name', 'Ann', '--surname', 'Lee', '--email', 'ann@example.com')
    expect(run.code).toBe(3)
    expect(run.stderr).toMatch(/^error: Could not reach the server at http:\/\/clinic\.test\b.*\n$/)
    expect(run.stderr).not.toMatch(/Sorry/)
  })

  it("a bad email or mobile is checked as the lead form does, with the form's words, before anything is sent (2)", async () => {
    const email = await cli('lead', '--first-name', 'Ann', '--surname', 'Lee', '--email', 'ann@')
    expect(email.code).toBe(2)
    expect(email.stderr).toBe('error: --email: Please enter a valid email address. (run clinic lead --help for usage)\n')
    anon().get('/api/public/organisations').reply(200, organisation)
    const mobile = await cli('lead', '--first-name', 'Ann', '--surname', 'Lee', '--email', 'ann@example.com', '--mobile', '123')
    expect(mobile.code).toBe(2)
    expect(mobile.stderr).toBe('error: --mobile: Enter a valid mobile number. (run clinic lead --help for usage)\n')
  })

  it('a date of birth in the future is refused with the sign-up words before anything is sent (2)', async () => {
    const run = await cli('lead', '--first-name', 'Ann', '--surname', 'Lee', '--email', 'ann@example.com', '--dob', '01/01/2090')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('error: --dob: Date of birth cannot be in the future. (run clinic lead --help for usage)\n')
  })

  it('a missing required option is a usage error (2)', async () => {
    const run = await cli('lead', '--first-name', 'Ann')
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/required option '--surname <name>' not specified/)
  })
})

