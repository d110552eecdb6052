// nock tests of `clinic admin notifications` and `clinic admin feed`: what they send and show, and bad flags.
import { afterAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { runCli, tempConfigHome } from '../testing/run-cli'
import { HOST } from '../testing/fixtures'

const home = tempConfigHome()
const env = { XDG_CONFIG_HOME: home.dir }
const cli = (...args: string[]) => runCli(['--base-url', HOST, '--tenant', 'riverside', ...args], { env })

useNock()
afterAll(() => home.remove())

const MAYA = '0123456789abcdef01234568'

describe('clinic admin notifications', () => {
  it('shows the choices without options; changes only what is named, keeping the rest', async () => {
    nock(HOST).get('/api/staff/me/notifications').twice().reply(200, { email: true, sms: false })
    const shown = await cli('admin', 'notifications')
    expect(shown.code).toBe(0)
    expect(shown.stdout).toBe('Email: on\nText: off\nMobile: -\n')
    const scope = nock(HOST).put('/api/staff/me/notifications', { email: false, sms: true, mobilePhone: '07700 900123' }).reply(200, { email: false, sms: true, mobilePhone: '+447700900123' })
    const changed = await cli('admin', 'notifications', '--email', 'off', '--sms', 'on', '--mobile', '07700 900123')
    expect(changed.stderr).toBe('')
    scope.done()
    expect(changed.stdout).toBe('Email: off\nText: on\nMobile: +447700900123\n')
  })

  it("refuses a flag that is not on or off before asking anything, and shows the server's refusal", async () => {
    const bad = await cli('admin', 'notifications', '--email', 'yes')
    expect(bad.code).not.toBe(0)
    expect(bad.stderr).toContain("--email must be 'on' or 'off', got 'yes'.")
    nock(HOST).get('/api/staff/me/notifications').reply(200, { email: true, sms: true })
    nock(HOST).put('/api/staff/me/notifications').reply(400, { statusCode: 400, message: 'Please enter a valid mobile number for texts, or leave it empty.' })
    const refused = await cli('admin', 'notifications', '--mobile', '12')
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('Please enter a valid mobile number for texts, or leave it empty.')
  })
})

describe('clinic admin feed', () => {
  it('create names the practitioner and prints the URL once; status and revoke', async () => {
    const url = 'https://riverside.clinic.example/api/calendar-feeds/s3cret/calendar.ics'
    const scope = nock(HOST)
      .post('/api/staff/calendar-feed', { practitionerId: MAYA }).reply(201, { practitionerId: MAYA, practitionerName: 'Maya Thompson', url, createdAt: '2026-12-01T10:00:00.000Z' })
      .get('/api/staff/calendar-feed').query({}).reply(200, { practitionerId: MAYA, practitionerName: 'Maya Thompson', active: true, createdAt: '2026-12-01T10:00:00.000Z' })
      .post('/api/staff/calendar-feed/revoke', {}).reply(200, { message: 'The calendar feed link is revoked: calendar apps subscribed to it get nothing more.' })
    const created = await cli('admin', 'feed', 'create', '--practitioner', MAYA)
    expect(created.stderr).toBe('')
    expect(created.stdout).toBe(`Calendar feed of Maya Thompson (shown once, subscribe to it in a calendar app):\n${url}\n`)
    expect((await cli('admin', 'feed', 'status')).stdout).toBe('Maya Thompson: a feed link is live (made 2026-12-01T10:00:00.000Z)\n')
    expect((await cli('admin', 'feed', 'revoke')).stdout).toContain('revoked')
    scope.done()
  })

  it('a login without a practitioner of its own and no --practitioner is a usage error (2) that names the option', async () => {
    nock(HOST).get('/api/staff/calendar-feed').query({}).reply(400, { statusCode: 400, message: 'This staff login is not linked to a practitioner: name the practitioner.' })
    const run = await cli('admin', 'feed', 'status')
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('This staff login is not linked to a practitioner: name the practitioner with --practitioner <id>.')
    // With --practitioner, the server's 400 is its refusal (1).
    nock(HOST).post('/api/staff/calendar-feed', { practitionerId: MAYA }).reply(400, { statusCode: 400, message: 'Something else is wrong.' })
    expect((await cli('admin', 'feed', 'create', '--practitioner', MAYA)).code).toBe(1)
  })

  it('refuses a practitioner that is not an id', async () => {
    const bad = await cli('admin', 'feed', 'create', '--practitioner', 'maya')
    expect(bad.code).not.toBe(0)
    expect(bad.stderr).toContain("expected an id of 24 hexadecimal characters, got 'maya'")
  })
})
