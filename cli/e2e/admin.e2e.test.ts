// A real clinic starts taking bookings (issue 13), end to end: the server as a process of its own
// (server/main.ts, an empty in-memory database, SEED_DEMO=false, OPERATOR_KEY) and the real `clinic`
// executable as a child process. The operator creates a tenant, its admin sets a password and applies
// docs/examples/clinic.yaml; a customer registers, books and pays with the sandbox card; the booking
// is in `clinic admin bookings`. Export -> apply on a fresh tenant -> export gives the same document.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type ServerProcess } from '../../test/e2e/support/server-process'
import { runBin } from '../testing/run-bin'

const OPERATOR_KEY = 'e2e-operator-key-0123456789'
const ADMIN_PASSWORD = 'Owner1234'
const CUSTOMER = { email: 'jo.bloggs@example.com', password: 'Custom1234' }

let server: ServerProcess
let url: string
let home: string
/** The booking made in the second test, cancelled by the clinic in the notifications test. */
let bookedId = ''
/** Where and when the second test booked: the walk-in test books the same service that day. */
let booking = { location: '', service: '', date: '' }
const clinic = (args: string[], env: Record<string, string> = {}) => runBin(['--base-url', url, ...args], { env: { XDG_CONFIG_HOME: home, ...env }, timeoutMs: 60_000 })

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'clinic-admin-'))
  server = await startServer({ SEED_DEMO: 'false', OPERATOR_KEY, LOG_LEVEL: 'info', SWEEP_INTERVAL_MS: '0' }, { readyPath: '/api/health' })
  url = server.url
}, 120_000)

afterAll(async () => {
  await server?.stop()
  rmSync(home, { recursive: true, force: true })
})

async function api(path: string, init: { method?: string; tenant: string; body?: unknown }) {
  const response = await fetch(`${url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-tenant': init.tenant, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  })
  return { status: response.status, body: (await response.json()) as any }
}

/** Creates the tenant with the CLI, sets the admin's password with its link and signs the admin in. */
async function tenantWithAdmin(tenant: string): Promise<void> {
  const created = await clinic(['--json', 'admin', 'tenant', 'create', tenant, '--name', `Clinic ${tenant}`, '--admin-email', `owner@${tenant}.example.com`], { OPERATOR_KEY })
  expect(created.code, created.stderr).toBe(0)
  const link = created.json<{ setPasswordUrl: string }>().setPasswordUrl
  expect(link.startsWith(`${url}/staff/set-password/`)).toBe(true)
  const set = await clinic(['--tenant', tenant, 'admin', 'set-password', link, '--password', ADMIN_PASSWORD])
  expect(set.code, set.stderr).toBe(0)
  const login = await clinic(['--tenant', tenant, 'admin', 'login', '--email', `owner@${tenant}.example.com`, '--password', ADMIN_PASSWORD])
  expect(login.code, login.stderr).toBe(0)
}

describe('a new clinic takes bookings', { timeout: 300_000 }, () => {
  it('refuses tenant creation without the operator key', async () => {
    const run = await clinic(['admin', 'tenant', 'create', 'nokey', '--name', 'No key', '--admin-email', 'a@nokey.example.com'], { OPERATOR_KEY: 'not-the-right-key-at-all' })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/operator key is missing or wrong/)
  })

  it('creates a tenant, applies the example, and a customer booking shows in admin bookings', async () => {
    await tenantWithAdmin('riverside')
    const t = ['--tenant', 'riverside']
    const dry = await clinic([...t, 'admin', 'apply', '-f', 'docs/examples/clinic.yaml', '--dry-run'])
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout).toMatch(/^\+ create service hydrafacial$/m)
    const noYes = await clinic([...t, 'admin', 'apply', '-f', 'docs/examples/clinic.yaml'])
    expect(noYes.code).toBe(2)
    const applied = await clinic([...t, 'admin', 'apply', '-f', 'docs/examples/clinic.yaml', '--yes'])
    expect(applied.code, applied.stderr).toBe(0)
    expect((await clinic([...t, 'admin', 'apply', '-f', 'docs/examples/clinic.yaml', '--yes'])).stdout).toMatch(/No changes/)

    // A customer registers, verifies (dev mailbox), books HydraFacial in Bristol and pays the deposit.
    const registered = await api('/user/customer/register', {
      method: 'POST',
      tenant: 'riverside',
      body: { title: 'Mr', name: 'Jo', surname: 'Bloggs', dob: '1990-01-01T12:00:00.000Z', gender: 'Male', email: CUSTOMER.email, mobile: '+447700900456', password: CUSTOMER.password, referralSource: 'Website' },
    })
    expect(registered.status, JSON.stringify(registered.body)).toBe(200)
    const mail = await api(`/dev/mailbox?to=${encodeURIComponent(CUSTOMER.email)}`, { tenant: 'riverside' })
    const verify = /https?:\/\/\S+\/user\/verify-email\/[\w-]+/.exec(mail.body[0].text)![0]
    // PUBLIC_URL has no {tenant} here: the header stands for the tenant's subdomain.
    expect((await fetch(verify, { redirect: 'manual', headers: { 'x-tenant': 'riverside' } })).status).toBe(302)
    const login = await runBin(['--base-url', url, ...t, 'login', '--email', CUSTOMER.email, '--password-stdin'], { env: { XDG_CONFIG_HOME: home }, stdin: `${CUSTOMER.password}\n` })
    expect(login.code, login.stderr).toBe(0)

    const locations = (await clinic([...t, '--json', 'locations'])).json<{ id: string; accountName: string }[]>()
    const bristol = locations.find((l) => l.accountName.endsWith('Bristol'))!.id
    const services = (await clinic([...t, '--json', 'services', '--location', bristol])).json<unknown>()
    const hydra = JSON.stringify(services).match(/"id":"([0-9a-f]{24})"[^{}]*"name":"HydraFacial"|"name":"HydraFacial"[^{}]*"id":"([0-9a-f]{24})"/)
    const service = hydra?.[1] ?? hydra?.[2]
    expect(service).toBeTruthy()
    const now = new Date()
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
    const month = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`
    const days = await clinic([...t, '--json', 'days', '--location', bristol, '--service', service!, '--month', month])
    expect(days.code, days.stderr).toBe(0)
    const date = days.json<{ days: string[] }>().days[0]!
    const slots = await clinic([...t, '--json', 'slots', '--location', bristol, '--service', service!, '--date', date])
    const time = slots.json<{ value: string }[]>()[0]!.value
    const booked = await clinic([...t, '--json', 'book', '--location', bristol, '--service', service!, '--date', date, '--time', time, '--card', '4242424242424242'])
    expect(booked.code, booked.stderr).toBe(0)
    const out = booked.json<{ appointment: { id: string; status: string }; deposit: number; payment: { paid: boolean } }>()
    expect(out.appointment.status).toBe('Scheduled')
    expect(out.payment.paid).toBe(true)

    const day = await clinic([...t, '--json', 'admin', 'bookings', '--date', date, '--location', 'bristol'])
    expect(day.code, day.stderr).toBe(0)
    const row = day.json<{ id: string; customer: string; service: string; status: string; depositPaid: number }[]>().find((b) => b.id === out.appointment.id)
    expect(row).toMatchObject({ customer: 'Jo Bloggs', service: 'HydraFacial', status: 'Scheduled', depositPaid: out.deposit })
    const human = await clinic([...t, 'admin', 'bookings', '--date', date])
    expect(human.stdout).toMatch(/Jo Bloggs +HydraFacial +Bristol +Scheduled +£\d+\.\d\d/)

    const loggedOut = await clinic([...t, 'admin', 'logout-customer', CUSTOMER.email])
    expect(loggedOut.code, loggedOut.stderr).toBe(0)
    bookedId = out.appointment.id
    booking = { location: bristol, service: service!, date }
  })

  it('books a walk-in: the customer created from the CLI, then admin book (issue 29 from the CLI)', async () => {
    const t = ['--tenant', 'riverside']
    const walkIn = ['--title', 'Ms', '--first-name', 'Ann', '--surname', 'Walker', '--email', 'Ann.Walker@example.com', '--mobile', '07700 900789', '--dob', '14/05/1985', '--gender', 'female']
    const unknown = await clinic([...t, 'admin', 'book', '--customer', 'ann.walker@example.com', '--location', booking.location, '--service', booking.service, '--start', `${booking.date} 10:00`, '--pay', 'clinic'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain("Create them with 'clinic admin customer create'.")
    const created = await clinic([...t, '--json', 'admin', 'customer', 'create', ...walkIn])
    expect(created.code, created.stderr).toBe(0)
    expect(created.json<{ id: string; email: string; mobilePhone: string }>()).toMatchObject({ email: 'ann.walker@example.com', mobilePhone: '+447700900789' })
    const mail = await api(`/dev/mailbox?to=${encodeURIComponent('ann.walker@example.com')}`, { tenant: 'riverside' })
    expect((mail.body as { subject: string }[]).map((m) => m.subject)).toContain('Set your password')
    const again = await clinic([...t, 'admin', 'customer', 'create', ...walkIn])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('A customer with this email already exists.')
    const bad = await clinic([...t, 'admin', 'customer', 'create', ...walkIn.slice(2), '--title', 'Sir', '--email', 'not-an-email'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('Invalid Title')
    // Before anyone works: the reason and the hours, not 'no longer available'.
    const early = await clinic([...t, 'admin', 'book', '--customer', 'ann.walker@example.com', '--location', booking.location, '--service', booking.service, '--start', `${booking.date} 06:00`, '--pay', 'clinic'])
    expect(early.code).toBe(1)
    expect(early.stderr).not.toContain('no longer available')
    expect(early.stderr).toMatch(/This time is outside .+'s working hours: \d\d:\d\d to \d\d:\d\d|None of the practitioners for this service works at this time/)
    const slots = await clinic([...t, '--json', 'slots', '--location', booking.location, '--service', booking.service, '--date', booking.date])
    const time = slots.json<{ value: string }[]>()[0]!.value
    const booked = await clinic([...t, 'admin', 'book', '--customer', 'ann.walker@example.com', '--location', booking.location, '--service', booking.service, '--start', `${booking.date} ${time}`, '--pay', 'clinic'])
    expect(booked.code, booked.stderr).toBe(0)
    const day = await clinic([...t, '--json', 'admin', 'bookings', '--date', booking.date, '--location', 'bristol'])
    expect(day.json<{ customer: string }[]>().map((b) => b.customer)).toContain('Ann Walker')
  })

  it('tells the customer: a form to fill in, a cancel by the clinic; clinic admin outbox shows nothing failed', async () => {
    const t = ['--tenant', 'riverside']
    const mailbox = async () => (await api(`/dev/mailbox?to=${encodeURIComponent(CUSTOMER.email)}`, { tenant: 'riverside' })).body as { subject: string; text: string }[]
    const sent = await clinic([...t, 'admin', 'customer', 'send-form', CUSTOMER.email, '--type', 'consent'])
    expect(sent.code, sent.stderr).toBe(0)
    const link = /\S+\/form\/[0-9a-f]{24}/.exec(sent.stdout)?.[0]
    expect(link).toBeTruthy()
    const cancelled = await clinic([...t, 'admin', 'cancel', bookedId])
    expect(cancelled.code, cancelled.stderr).toBe(0)
    expect(cancelled.stdout).toMatch(/Cancelled\.$/m)
    // The dev mailbox renders pending notices before it answers.
    const mails = await mailbox()
    expect(mails.find((m) => m.subject.startsWith('Form to fill in'))?.text).toContain(link!)
    expect(mails.filter((m) => m.subject.startsWith('Booking cancelled by the clinic'))).toHaveLength(1)
    // Without a mail server nothing fails (mail is kept for the dev mailbox).
    const outbox = await clinic([...t, 'admin', 'outbox', '--state', 'failed'])
    expect(outbox.code, outbox.stderr).toBe(0)
    expect(outbox.stdout).toMatch(/No message has failed\./)
    expect((await clinic([...t, 'admin', 'outbox', '--state', 'stuck'])).code).toBe(2)
  })

  it('round-trips: export, apply on a fresh tenant, export gives the same document', async () => {
    const exported = await clinic(['--tenant', 'riverside', 'admin', 'export'])
    expect(exported.code, exported.stderr).toBe(0)
    const file = join(home, 'clinic.yaml')
    writeFileSync(file, exported.stdout)
    await tenantWithAdmin('copy')
    const applied = await clinic(['--tenant', 'copy', 'admin', 'apply', '-f', file, '--yes'])
    expect(applied.code, applied.stderr).toBe(0)
    const again = await clinic(['--tenant', 'copy', 'admin', 'export'])
    expect(parse(again.stdout)).toEqual(parse(exported.stdout))
  })

  it('reports every error of an invalid file with its path and changes nothing', async () => {
    const file = join(home, 'bad.yaml')
    writeFileSync(file, 'version: 1\norganisation:\n  name: ""\nservices:\n  - slug: Bad Slug\n    name: x\n')
    const run = await clinic(['--tenant', 'copy', 'admin', 'apply', '-f', file, '--yes'])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/organisation\.name: must not be empty/)
    // settings left out take the defaults (SETTINGS_DEFAULTS): not an error
    expect(run.stderr).not.toMatch(/organisation\.settings/)
    expect(run.stderr).toMatch(/services\[0\]\.slug: must be a slug/)
    expect(run.stderr).toMatch(/services\[0\]\.duration: is required/)
    expect((await clinic(['--tenant', 'copy', 'admin', 'apply', '-f', 'docs/examples/clinic.yaml', '--dry-run'])).stdout).toMatch(/No changes/)
  })
})
