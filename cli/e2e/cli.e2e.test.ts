// End to end: the real server in-process (buildTestServer: PGlite in memory, demo tenant) on a real
// port, and the real `clinic` executable (cli/bin.mjs) as a child process. One customer journey:
// browse, log in, book with a deposit paid by a sandbox test card, list, reschedule, cancel,
// reproduce a booking from a plan file, send a lead; and each exit code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../../server/test-support/test-server'
import { SEED_FORM_IDS, SEED_FORM_PASSWORD } from '../../server/commerce/commerce.seed'
import { runBin } from '../testing/run-bin'
import { addDaysToDate, londonDateOf } from '../../src/domain/time'

const MASSAGE = DEMO.sMassage
const LONDON = DEMO.clinicLondon

let server: TestServer
let url: string
let home: string
const clinic = (args: string[], stdin?: string) => runBin(['--base-url', url, ...args], { env: { XDG_CONFIG_HOME: home }, stdin })

/**
 * The first day of next month (London) with six free times for the massage, at least 3 days ahead:
 * past the 48-hour late-cancellation period, in which the reschedule and the cancel below are
 * refused. (On the last days of a month the first days of the next are within it; and late in the
 * evening in summer, next month in UTC is this month in London.)
 */
async function freeTimes(): Promise<{ date: string; times: string[] }> {
  const today = londonDateOf(new Date())
  const [year, month] = today.split('-').map(Number)
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`
  const days = await clinic(['--json', 'days', '--location', LONDON, '--service', MASSAGE, '--month', next])
  expect(days.code, days.stderr).toBe(0)
  const { days: list } = days.json<{ days: string[] }>()
  expect(list.length).toBeGreaterThan(0)
  for (const date of list.filter((d) => d >= addDaysToDate(today, 3))) {
    const slots = await clinic(['--json', 'slots', '--location', LONDON, '--service', MASSAGE, '--date', date])
    expect(slots.code, slots.stderr).toBe(0)
    const times = slots.json<{ value: string }[]>().map((s) => s.value)
    if (times.length >= 6) return { date, times }
  }
  throw new Error('no day with six free times next month')
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'clinic-e2e-'))
  server = await buildTestServer()
  url = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
}, 120_000)

afterAll(async () => {
  await server?.close()
  rmSync(home, { recursive: true, force: true })
})

describe('clinic against the real server', { timeout: 120_000 }, () => {
  let day: { date: string; times: string[] }
  let booked: string

  it('browses: organisation, locations, services, staff', async () => {
    const org = await clinic(['--json', 'org'])
    expect(org.code, org.stderr).toBe(0)
    expect(org.json<{ currency: string }>().currency).toBe('GBP')

    const other = await clinic(['--tenant', 'other', '--json', 'org'])
    expect(other.code, other.stderr).toBe(0)
    expect(other.json<{ id: string }>().id).not.toBe(DEMO.organisation) // X-Tenant picks the tenant

    const locations = await clinic(['locations'])
    expect(locations.code, locations.stderr).toBe(0)
    expect(locations.stdout).toMatch(new RegExp(`^${LONDON} +\\S`, 'm'))

    const services = await clinic(['services', '--location', LONDON])
    expect(services.code, services.stderr).toBe(0)
    expect(services.stdout).toMatch(new RegExp(`Deep tissue massage +${MASSAGE} +60 mins +£80\\.00`))

    const staff = await clinic(['--json', 'staff', '--location', LONDON, '--service', MASSAGE])
    expect(staff.code, staff.stderr).toBe(0)
    expect(staff.json<unknown[]>().length).toBeGreaterThan(0)

    day = await freeTimes()
  })

  it('logs in: the token is stored with mode 0600', async () => {
    const run = await clinic(['login', '--email', DEMO_CUSTOMER.email, '--password-stdin'], `${DEMO_CUSTOMER.password}\n`)
    expect(run.code, run.stderr).toBe(0)
    expect(statSync(join(home, 'clinic', 'token')).mode & 0o777).toBe(0o600)
  })

  it('books with a deposit paid by a sandbox test card', async () => {
    const run = await clinic(['--json', 'book', '--location', LONDON, '--service', MASSAGE, '--date', day.date, '--time', day.times[0], '--card', '4242424242424242'])
    expect(run.code, run.stderr).toBe(0)
    const out = run.json<{ appointment: { id: string; status: string }; deposit: number; payment: { paid: boolean } }>()
    expect(out.appointment.status).toBe('Scheduled')
    expect(out.deposit).toBe(16)
    expect(out.payment.paid).toBe(true)
    booked = out.appointment.id
  })

  it('lists the appointment', async () => {
    const run = await clinic(['--json', 'appointments'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.json<{ id: string }[]>().map((a) => a.id)).toContain(booked)
  })

  it('reschedules it', async () => {
    const run = await clinic(['--json', 'reschedule', booked, '--date', day.date, '--time', day.times[2], '--staff', 'any'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(/Appointment rescheduled to/)
  })

  it('cancels it; cancelling again is refused (exit 1)', async () => {
    const run = await clinic(['--json', 'cancel', booked, '--yes'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.json<{ status: string }>().status).toBe('Cancelled')
    const again = await clinic(['cancel', booked, '--yes'])
    expect(again.code).toBe(1)
    expect(again.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('reproduces a booking from the plan that --dry-run --json printed', async () => {
    // pin one practitioner, so that booking the same plan twice must be refused the second time
    const staff = await clinic(['--json', 'staff', '--location', LONDON, '--service', MASSAGE])
    const practitioner = staff.json<{ id: string }[]>()[0].id
    const now = await clinic(['--json', 'slots', '--location', LONDON, '--service', MASSAGE, '--staff', practitioner, '--date', day.date])
    expect(now.code, now.stderr).toBe(0)
    const time = now.json<{ value: string }[]>().at(-1)!.value
    const dry = await clinic(['--json', 'book', '--location', LONDON, '--service', MASSAGE, '--staff', practitioner, '--date', day.date, '--time', time, '--dry-run'])
    expect(dry.code, dry.stderr).toBe(0)
    const file = join(home, 'plan.json')
    writeFileSync(file, dry.stdout)
    const run = await clinic(['--json', 'book', '--from', file, '--card', '5555555555554444'])
    expect(run.code, run.stderr).toBe(0)
    const out = run.json<{ appointment: { status: string; practitioner: { id: string }; event: { start: string } } }>()
    expect(out.appointment.status).toBe('Scheduled')
    expect(out.appointment.practitioner.id).toBe(practitioner)
    const again = await clinic(['book', '--from', file, '--card', '4242424242424242'])
    expect(again.code).toBe(1) // that practitioner is taken at that time now
    expect(again.stderr).toMatch(/^error: .*not available.*\n$/)
  })

  it('two bookings of the same time at once: one wins, the other exits 1 with a clear line', async () => {
    const staff = await clinic(['--json', 'staff', '--location', LONDON, '--service', MASSAGE])
    const practitioner = staff.json<{ id: string }[]>()[0].id
    const free = await clinic(['--json', 'slots', '--location', LONDON, '--service', MASSAGE, '--staff', practitioner, '--date', day.date])
    const time = free.json<{ value: string }[]>()[0].value
    const args = ['book', '--location', LONDON, '--service', MASSAGE, '--staff', practitioner, '--date', day.date, '--time', time, '--card', '4242424242424242']
    const runs = await Promise.all([clinic(args), clinic(args)])
    expect(runs.map((r) => r.code).sort()).toEqual([0, 1])
    const lost = runs.find((r) => r.code === 1)!
    expect(lost.stderr).toMatch(/^error: .*(no longer available|not available).*\n$/)
  })

  it('a declined card releases the hold (exit 1), and a past day is a usage error (exit 2)', async () => {
    const before = await clinic(['--json', 'slots', '--location', LONDON, '--service', MASSAGE, '--date', day.date])
    const time = before.json<{ value: string }[]>()[0].value
    const declined = await clinic(['book', '--location', LONDON, '--service', MASSAGE, '--staff', 'any', '--date', day.date, '--time', time, '--card', '4000000000000002'])
    expect(declined.code).toBe(1)
    expect(declined.stderr).toBe('error: The card was declined: Unhandled request. The appointment was not booked.\n')
    const after = await clinic(['--json', 'slots', '--location', LONDON, '--service', MASSAGE, '--date', day.date])
    expect(after.json<{ value: string }[]>().map((s) => s.value)).toContain(time)

    const past = await clinic(['book', '--location', LONDON, '--service', MASSAGE, '--date', '2020-01-06', '--time', '10:00'])
    expect(past.code).toBe(2)
    expect(past.stderr).toMatch(/^error: --date 2020-01-06 is in the past/)
  })

  it('shows a form sent by link and submits answers', async () => {
    const form = SEED_FORM_IDS.protectedGeneral
    const locked = await clinic(['form', 'show', form])
    expect(locked.code).toBe(1)
    const shown = await clinic(['--json', 'form', 'show', form, '--password', SEED_FORM_PASSWORD])
    expect(shown.code, shown.stderr).toBe(0)
    const fields = shown.json<{ model: { fields: { id: string; type: string; isRequired?: boolean }[] } }>().model.fields
    const radio = fields.find((f) => f.type === 'Radio' && f.isRequired)!
    const sent = await clinic(['form', 'submit', form, '--password', SEED_FORM_PASSWORD, '--answer', `${radio.id}=Yes`])
    expect(sent.code, sent.stderr).toBe(0)
    expect(sent.stdout).toBe('Thank you for completing your form.\n')
  })

  it('sends a lead', async () => {
    const run = await clinic(['--json', 'lead', '--first-name', 'Ann', '--surname', 'Lee', '--email', 'ann.lee@example.com', '--message', 'Call me'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.json<{ status: string }>().status).toBe('Open')
  })

  it('exit codes: 1 refused, 2 usage, 3 unreachable or not the clinic server', async () => {
    const refused = await clinic(['login', '--email', DEMO_CUSTOMER.email, '--password', 'wrong-password'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^error: .+\n$/)

    const usage = await clinic(['slots', '--service', MASSAGE, '--date', 'tomorrow'])
    expect(usage.code).toBe(2)

    const tenant = await clinic(['--tenant', 'no-such-tenant', 'locations'])
    expect(tenant.code).toBe(1)
    expect(tenant.stderr).toBe("error: Unknown organisation 'no-such-tenant'.\n")

    // a --base-url that is not where the API lives (here: the API path itself) is exit 3 with a hint
    const wrongBase = await runBin(['--base-url', `${url}/api`, 'locations'], { env: { XDG_CONFIG_HOME: home } })
    expect(wrongBase.code).toBe(3)
    expect(wrongBase.stderr).toMatch(/^error: The server at .+ is not the clinic API: .+; is --base-url the clinic server\?\n$/)

    const closed = await buildTestServer()
    const closedUrl = await closed.app.listen({ port: 0, host: '127.0.0.1' })
    await closed.close()
    const unreachable = await runBin(['--base-url', closedUrl, 'locations'], { env: { XDG_CONFIG_HOME: home } })
    expect(unreachable.code).toBe(3)
    expect(unreachable.stderr).toMatch(/^error: Could not reach the server at /)
  })
})
