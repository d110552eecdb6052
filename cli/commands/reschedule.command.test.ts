// nock tests of `clinic reschedule` and the cancellation policy: what the policy refuses is said
// before any time is looked up, a late change on a terminal is confirmed first (the app's
// 'Late appointment change' dialog), and a --staff that matches nobody is a usage error.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, tempConfigHome } from '../testing/run-cli'
import { APPOINTMENT, CLINIC, CUSTOMER, FACIAL, HOST, anna, appointmentView, customer, organisation, slot } from '../testing/fixtures'

const TOKEN = 'tok-reschedule'
const home = tempConfigHome()
const env = { XDG_CONFIG_HOME: home.dir }
const cli = (...args: string[]) => runCli(['--base-url', HOST, ...args], { env })
const authed = () => nock(HOST, { reqheaders: { authorization: `Bearer ${TOKEN}` } })
const NOW = new Date('2026-03-09T09:00:00Z')
// 10/03/2026 10:00 is 25 hours away: within the 48-hour late period
const soon = appointmentView()

useNock()
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
})
beforeEach(() => {
  mkdirSync(join(home.dir, 'clinic'), { recursive: true })
  writeFileSync(join(home.dir, 'clinic', 'token'), TOKEN, { mode: 0o600 })
})
afterAll(() => {
  vi.useRealTimers()
  home.remove()
})

describe('clinic reschedule and the cancellation policy', () => {
  it('within the late period (rule allow): the policy refusal at once, no times looked up (1)', async () => {
    authed().get('/api/user/me').reply(200, customer)
    authed().get(`/api/appointments/${APPOINTMENT}`).reply(200, soon)
    authed().get('/api/public/organisations').reply(200, { ...organisation, cancellationRules: 'allow', lateCancellationPeriod: 48 })
    const times = authed().post('/api/practitioners/time').reply(200, [])
    const run = await cli('reschedule', APPOINTMENT, '--date', '2026-03-12', '--time', '10:00')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: This appointment starts within 48 hours and cannot be changed online.\n')
    expect(times.isDone()).toBe(false)
    nock.cleanAll()
  })

  it('a late change on a terminal shows the "Late appointment change" warning and asks first', async () => {
    const settings = { ...organisation, cancellationRules: 'other', showCancelTerms: true, lateCancellationChargeType: 'AMOUNT', lateCancellationChargeValue: 25 }
    const browse = () => {
      authed().get('/api/user/me').reply(200, customer)
      authed().get(`/api/appointments/${APPOINTMENT}`).reply(200, soon)
      authed().get('/api/public/organisations').reply(200, settings)
      authed().post('/api/practitioners/time').reply(200, [slot('15:00', 60)])
    }
    browse()
    const no = await runCli(['--base-url', HOST, 'reschedule', APPOINTMENT, '--date', '2026-03-10', '--time', '15:00'], { env, stdin: 'n\n', tty: true })
    expect(no.code).toBe(1)
    expect(no.stderr).toMatch(/^Late appointment change: Changes to this appointment are within 48 hours which will result in a £25\.00 charge/m)
    expect(no.stderr).toMatch(/error: Not rescheduled\.\n$/)

    browse()
    authed()
      .put(`/api/appointments/reschedule/${APPOINTMENT}`)
      .reply(200, appointmentView({ event: { start: '2026-03-10T15:00:00.000Z', end: '2026-03-10T16:00:00.000Z' } }))
    const yes = await runCli(['--base-url', HOST, 'reschedule', APPOINTMENT, '--date', '2026-03-10', '--time', '15:00'], { env, stdin: 'y\n', tty: true })
    expect(yes.code, yes.stderr).toBe(0)
    expect(yes.stdout).toMatch(/^Appointment rescheduled to 10\/03\/2026 15:00\.$/m)

    browse()
    authed()
      .put(`/api/appointments/reschedule/${APPOINTMENT}`)
      .reply(200, appointmentView({ event: { start: '2026-03-10T15:00:00.000Z', end: '2026-03-10T16:00:00.000Z' } }))
    const told = await runCli(['--base-url', HOST, 'reschedule', APPOINTMENT, '--date', '2026-03-10', '--time', '15:00', '--yes'], { env, tty: true })
    expect(told.code, told.stderr).toBe(0)
    expect(told.stderr).not.toMatch(/Reschedule it\?/)
  })

  it("appointments: within the late period (rule allow) the Actions cell says none is left and why, not 'Options'", async () => {
    authed().get('/api/user/me').reply(200, customer)
    authed().get(`/api/appointments/customer/${CUSTOMER}`).query(true).reply(200, { appointments: [soon] })
    authed().get('/api/public/organisations').reply(200, { ...organisation, cancellationRules: 'allow', lateCancellationPeriod: 48 })
    const run = await cli('appointments')
    expect(run.code).toBe(0)
    expect(run.stdout.trimEnd().split('\n')[2]).toMatch(/Scheduled {2}none \(within the 48-hour late cancellation period\)$/)
  })

  it('--staff that matches no practitioner of the service is a usage error (2) naming them', async () => {
    authed().get('/api/user/me').reply(200, customer)
    authed().get(`/api/appointments/${APPOINTMENT}`).reply(200, appointmentView({ event: { start: '2026-03-20T10:00:00.000Z', end: '2026-03-20T11:00:00.000Z' } }))
    authed().get('/api/public/organisations').reply(200, organisation)
    authed().post('/api/practitioners/public', { clinic: CLINIC, service: FACIAL, month: 3, year: 2026 }).reply(200, [anna])
    const run = await cli('reschedule', APPOINTMENT, '--date', '2026-03-12', '--time', '10:00', '--staff', 'Nobody')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`error: No practitioner matches 'Nobody' (--staff). Known: Anna. (run clinic reschedule --help for usage)\n`)
  })
})
