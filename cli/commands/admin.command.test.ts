// nock tests of `clinic admin ...`: what a refusal points to, and arguments checked before any call.
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { runCli, tempConfigHome } from '../testing/run-cli'
import { HOST } from '../testing/fixtures'
import { bookingsText } from './admin.command'
import type { DayBooking } from '../../src/contract/admin.routes'

const home = tempConfigHome()
const env = { XDG_CONFIG_HOME: home.dir }
const cli = (...args: string[]) => runCli(['--base-url', HOST, '--tenant', 'riverside', ...args], { env })

useNock()
afterAll(() => home.remove())

describe('clinic admin: a mistyped email is a usage error (2), before any call', () => {
  it.each([
    [['admin', 'staff', 'add', '--email', 'maya.riverside.example.com', '--name', 'Maya']],
    [['admin', 'login', '--email', 'maya@', '--password', 'Secret123']],
    [['admin', 'tenant', 'create', 'acme', '--name', 'Acme', '--admin-email', 'owner at acme', '--operator-key', 'k']],
  ])('%j', async (args) => {
    const run = await cli(...args)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('expected an email address')
  })
})

describe('clinic admin set-password: a weak password', () => {
  it('is a usage error (2) like the other bad arguments, said as a sentence, before the link is used', async () => {
    // useNock refuses any request nobody expects: nothing is sent.
    const run = await cli('admin', 'set-password', 'a'.repeat(43), '--password', 'weak')
    expect(run.code).toBe(2)
    // The spec's words as they are (SPEC.md, sign-up: no full stop), then where the usage is.
    expect(run.stderr).toBe('error: Password must have at least 8 characters, one capital letter and one number (run clinic admin set-password --help for usage)\n')
  })
})

describe('clinic admin: a refusal says which login helps', () => {
  it("a staff call without a staff sign-in points to 'clinic admin login', not the customer's login", async () => {
    nock(HOST).get('/api/admin/staff').reply(401, { statusCode: 401, message: 'You need to log in as staff to do this.' })
    const run = await cli('admin', 'staff', 'list')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("You need to log in as staff to do this. Run 'clinic admin login' first.")
    expect(run.stderr).not.toContain("'clinic login'")
  })

  it('--admin-name names the first admin; left out, none is sent', async () => {
    const created = { tenant: 'acme', name: 'Acme', adminEmail: 'a@acme.example.com', setPasswordUrl: 'https://acme.clinic.example.com/staff/set-password/x' }
    const named = nock(HOST).post('/api/admin/tenants', { shortName: 'acme', name: 'Acme', adminEmail: 'a@acme.example.com', adminName: 'Maya Thompson' }).reply(201, created)
    expect((await cli('admin', 'tenant', 'create', 'acme', '--name', 'Acme', '--admin-email', 'a@acme.example.com', '--admin-name', 'Maya Thompson', '--operator-key', 'k')).code).toBe(0)
    named.done()
    const unnamed = nock(HOST).post('/api/admin/tenants', { shortName: 'acme', name: 'Acme', adminEmail: 'a@acme.example.com' }).reply(201, created)
    expect((await cli('admin', 'tenant', 'create', 'acme', '--name', 'Acme', '--admin-email', 'a@acme.example.com', '--operator-key', 'k')).code).toBe(0)
    unnamed.done()
  })

  it('a wrong operator key says so, with no sign-in hint', async () => {
    nock(HOST).post('/api/admin/tenants').reply(401, { statusCode: 401, message: 'The operator key is missing or wrong.' })
    const run = await cli('admin', 'tenant', 'create', 'acme', '--name', 'Acme', '--admin-email', 'a@acme.example.com', '--operator-key', 'not-the-key-0123456789')
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe('error: The operator key is missing or wrong.')
  })
})

describe('clinic admin: the tenant when --tenant names none', () => {
  const withoutTenant = (...args: string[]) => runCli(['--base-url', HOST, ...args], { env })
  const TOKEN = 'a'.repeat(43)
  const EXPIRED = { statusCode: 400, message: 'This set-password link is invalid or has expired.' }

  it.each([
    ['https://riverside.clinic.example.com/staff/set-password/', 'riverside'],
    ['http://riverside.my.clinic.localhost:3000/staff/set-password/', 'riverside'],
  ])('set-password %s<token> goes to the tenant its host names', async (link, tenant) => {
    const scope = nock(HOST, { reqheaders: { 'x-tenant': tenant } }).post('/api/staff/set-password', { token: TOKEN, password: 'Owner1234' }).reply(200, { message: 'Password set.' })
    const run = await withoutTenant('admin', 'set-password', `${link}${TOKEN}`, '--password', 'Owner1234')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    scope.done()
  })

  it('set-password: --tenant (or CLINIC_TENANT) still wins over the link', async () => {
    const scope = nock(HOST, { reqheaders: { 'x-tenant': 'bath' } }).post('/api/staff/set-password').twice().reply(200, { message: 'Password set.' })
    expect((await withoutTenant('--tenant', 'bath', 'admin', 'set-password', `https://riverside.clinic.example.com/staff/set-password/${TOKEN}`, '--password', 'Owner1234')).code).toBe(0)
    const fromEnv = await runCli(['--base-url', HOST, 'admin', 'set-password', `https://riverside.clinic.example.com/staff/set-password/${TOKEN}`, '--password', 'Owner1234'], { env: { ...env, CLINIC_TENANT: 'bath' } })
    expect(fromEnv.code).toBe(0)
    scope.done()
  })

  it.each([`http://localhost:3000/staff/set-password/${TOKEN}`, TOKEN])('set-password %s: a link that names no tenant sends none, as before', async (link) => {
    const scope = nock(HOST, { badheaders: ['x-tenant'] }).post('/api/staff/set-password').reply(400, EXPIRED)
    const run = await withoutTenant('admin', 'set-password', link, '--password', 'Owner1234')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(`error: ${EXPIRED.message}\n`)
    scope.done()
  })

  const UNKNOWN_DEMO = { statusCode: 404, message: "Unknown organisation 'demo'." }

  it("a server without the demo tenant: 'Unknown organisation' with a hint to name the tenant", async () => {
    nock(HOST).get('/api/admin/staff').reply(404, UNKNOWN_DEMO)
    const run = await withoutTenant('admin', 'staff', 'list')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe("error: Unknown organisation 'demo'.\nName the clinic's tenant with --tenant <name> (or CLINIC_TENANT).\n")
  })

  it('no hint with --json, nor when a tenant was named', async () => {
    nock(HOST).get('/api/admin/staff').reply(404, UNKNOWN_DEMO)
    const json = await withoutTenant('--json', 'admin', 'staff', 'list')
    expect(json.code).toBe(1)
    expect(json.stderr).toBe("error: Unknown organisation 'demo'.\n")
    nock(HOST).get('/api/admin/staff').reply(404, { statusCode: 404, message: "Unknown organisation 'nobody'." })
    const named = await withoutTenant('--tenant', 'nobody', 'admin', 'staff', 'list')
    expect(named.code).toBe(1)
    expect(named.stderr).toBe("error: Unknown organisation 'nobody'.\n")
  })
})

describe('clinic admin staff list', () => {
  it("shows a linked practitioner by slug, as the set-up file and --practitioner name it (the id where the server gives none)", async () => {
    const staff = [
      { id: 'a'.repeat(24), email: 'owner@riverside.example.com', displayName: 'Owner', role: 'admin' },
      { id: 'b'.repeat(24), email: 'maya@riverside.example.com', displayName: 'Maya Thompson', role: 'practitioner', practitionerId: 'c'.repeat(24), practitionerSlug: 'maya' },
      { id: 'd'.repeat(24), email: 'ravi@riverside.example.com', displayName: 'Ravi', role: 'practitioner', practitionerId: 'e'.repeat(24) },
    ]
    nock(HOST).get('/api/admin/staff').reply(200, staff)
    const run = await cli('admin', 'staff', 'list')
    expect(run.code).toBe(0)
    const maya = run.stdout.split('\n').find((line) => line.startsWith('Maya Thompson'))!
    expect(maya).toMatch(/ maya /)
    expect(maya).not.toContain('c'.repeat(24))
    expect(run.stdout.split('\n').find((line) => line.startsWith('Ravi'))).toContain('e'.repeat(24))
  })
})

describe('clinic admin staff set / remove', () => {
  const maya = { id: 'b'.repeat(24), email: 'maya@riverside.example.com', displayName: 'Maya Thompson', role: 'practitioner' }

  it('finds the login by email, sends only what is asked (--no-practitioner unlinks) and says what it is now', async () => {
    nock(HOST).get('/api/admin/staff').reply(200, [maya])
    const put = nock(HOST)
      .put(`/api/admin/staff/${maya.id}`, (body) => JSON.stringify(body) === JSON.stringify({ role: 'admin', practitioner: null }))
      .reply(200, { ...maya, role: 'admin' })
    const run = await cli('admin', 'staff', 'set', 'MAYA@riverside.example.com', '--role', 'admin', '--no-practitioner')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(put.isDone()).toBe(true)
    expect(run.stdout.trim()).toBe('Maya Thompson (maya@riverside.example.com) is now admin.')
  })

  it("prints the server's refusal (the last admin) and exits 1", async () => {
    nock(HOST).put(`/api/admin/staff/${maya.id}`).reply(409, { statusCode: 409, message: 'A clinic needs at least one admin: make another login an admin first.' })
    const run = await cli('admin', 'staff', 'set', maya.id, '--role', 'practitioner')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('A clinic needs at least one admin: make another login an admin first.')
  })

  it('removes a login by id', async () => {
    nock(HOST).delete(`/api/admin/staff/${maya.id}`).reply(200, maya)
    const run = await cli('admin', 'staff', 'remove', maya.id)
    expect(run.code).toBe(0)
    expect(run.stdout.trim()).toBe('Removed the staff login of Maya Thompson (maya@riverside.example.com).')
  })

  it.each([[['--role', 'owner'], "--role must be admin or practitioner, got 'owner'."], [[], 'Nothing to change: pass --name, --role, --practitioner or --no-practitioner.']])(
    'staff set %j is a usage error before any call',
    async (args, message) => {
      const run = await cli('admin', 'staff', 'set', maya.id, ...args)
      expect(run.code).toBe(2)
      expect(run.stderr).toContain(message)
    },
  )
})

describe('clinic admin: a checked-in booking', () => {
  const id = 'b3080135e129285106b127f5'
  const CHECKED_IN = { statusCode: 409, message: 'This appointment is checked in and cannot be changed.' }

  it.each([
    ['move', 'move', ['--start', '2026-12-02 10:00']],
    ['cancel', 'cancel', []],
    ['no-show', 'attendance', []],
  ])("admin %s prints the server's refusal and exits 1", async (command, path, rest) => {
    nock(HOST).put(`/api/admin/appointments/${id}/${path}`).reply(409, CHECKED_IN)
    const run = await cli('admin', command, id, ...rest)
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain(CHECKED_IN.message)
  })
})

describe('clinic admin: arguments are checked before any call (usage errors, exit 2)', () => {
  // No nock interceptor: any request would fail the test with a connection error (exit 3).
  it.each([['cancel'], ['check-in'], ['no-show'], ['move', '--start', '2026-12-02 10:00']])('admin %s with an id that is not one', async (command, ...rest) => {
    const run = await cli('admin', command, 'not-an-id', ...rest)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/expected an id of 24 hexadecimal characters, got 'not-an-id'/)
  })

  it.each(['2026-12-02 25:00', '2026-02-30 10:00', '2026-12-02 24:00'])('admin move --start %s (no such time) is a usage error, not an unexpected failure', async (start) => {
    const run = await cli('admin', 'move', 'b3080135e129285106b127f5', '--start', start)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`--start must be 'yyyy-MM-dd HH:mm' (London time) or an ISO instant, got '${start}'.`)
  })

  it.each([[['--format', 'xml']], [['--format', 'xml', '--json']]])('admin export %j: a format that is neither yaml nor json, before exporting anything', async (args) => {
    const json = args.includes('--json')
    const run = await cli(...(json ? ['--json'] : []), 'admin', 'export', ...args.filter((a) => a !== '--json'))
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain("--format must be yaml or json, got 'xml'.")
  })

  it.each(['', '   '])("admin customer find '%s' does not list every customer", async (q) => {
    const run = await cli('admin', 'customer', 'find', q)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Give an email or a name to search for.')
  })
})

describe('clinic admin: what it prints', () => {
  it('a set-up file that is not YAML: one line with the line and column, ending with a full stop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-apply-'))
    try {
      const file = join(dir, 'broken.yaml')
      writeFileSync(file, 'version: 1\norganisation: [\n')
      const run = await cli('admin', 'apply', '-f', file, '--dry-run')
      expect(run.code).toBe(2)
      expect(run.stderr).toContain(`${file} is not valid YAML or JSON: Flow sequence in block collection must be sufficiently indented and end with a ] at line 3, column 1. (run clinic admin apply --help for usage)`)
      expect(run.stderr.trim().split('\n')).toHaveLength(1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a set-up file that the contract refuses: every problem with its path, exit 1, and nothing sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-apply-'))
    try {
      const file = join(dir, 'bad.yaml')
      writeFileSync(file, readFileSync('docs/examples/clinic.yaml', 'utf8').replace('price: 140', 'price: -1').replace('currency: GBP', 'currency: XYZ'))
      // useNock refuses any request nobody expects: the file never reaches the server.
      const run = await cli('admin', 'apply', '-f', file, '--dry-run')
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(`${file} is not a valid set-up document; nothing was sent:`)
      expect(run.stderr).toContain('organisation.settings.currency: must be one of "GBP", "USD", "EUR", "AUD"')
      expect(run.stderr).toMatch(/services\[\d\]\.price: must be at least 0/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("the first admin, whose name is their email, is not named twice at sign-in", async () => {
    const staff = (displayName: string) => ({ id: 'a'.repeat(24), email: 'owner@riverside.example.com', displayName, role: 'admin' })
    nock(HOST).post('/api/staff/login').reply(200, { staff: staff('owner@riverside.example.com'), token: 'staff-token' })
    const first = await cli('admin', 'login', '--email', 'owner@riverside.example.com', '--password', 'Owner1234')
    expect(first.stderr).toBe('')
    expect(first.stdout).toBe('Signed in as owner@riverside.example.com (admin).\n')
    nock(HOST).post('/api/staff/login').reply(200, { staff: staff('Maya Thompson'), token: 'staff-token' })
    expect((await cli('admin', 'login', '--email', 'owner@riverside.example.com', '--password', 'Owner1234')).stdout).toBe('Signed in as Maya Thompson <owner@riverside.example.com> (admin).\n')
  })
})

describe('clinic admin customer export', () => {
  const id = 'f'.repeat(24)
  const data = {
    exportedAt: '2026-12-02T10:00:00.000Z', organisation: 'Riverside', customer: { id, email: 'jane@example.test', first_name: 'Jane' },
    appointments: [{ id: 'a'.repeat(24), status: 'Scheduled' }], invoices: [], invoiceItems: [], forms: [{ id: 'b'.repeat(24), is_signed: true, signature: 'data:image/png;base64,AA==' }],
    courses: [], giftVouchers: [], cards: [], messages: [],
  }

  it('finds the customer by email, then prints everything held about them as JSON', async () => {
    nock(HOST).get('/api/admin/customers').query({ q: 'jane@example.test' }).reply(200, [{ id, email: 'jane@example.test', firstName: 'Jane', surname: 'Doe' }])
    nock(HOST).get(`/api/admin/customers/${id}/export`).reply(200, data)
    const run = await cli('admin', 'customer', 'export', 'jane@example.test')
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual(data)
  })

  it('-o writes it to a file only its owner can read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-export-'))
    try {
      nock(HOST).get(`/api/admin/customers/${id}/export`).reply(200, data)
      const file = join(dir, 'jane.json')
      const run = await cli('admin', 'customer', 'export', id, '-o', file)
      expect(run.code).toBe(0)
      expect(run.stdout.trim()).toBe(`Written to ${file}.`)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(data)
      expect(statSync(file).mode & 0o777).toBe(0o600)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('-o over a file that others could read: that file becomes readable by its owner only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-export-'))
    try {
      nock(HOST).get(`/api/admin/customers/${id}/export`).reply(200, data)
      const file = join(dir, 'jane.json')
      writeFileSync(file, 'an older export\n', { mode: 0o644 })
      chmodSync(file, 0o644)
      const run = await cli('admin', 'customer', 'export', id, '-o', file)
      expect(run.code, run.stderr).toBe(0)
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(data)
      expect(statSync(file).mode & 0o777).toBe(0o600)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('clinic admin customer erase', () => {
  const id = 'f'.repeat(24)
  const jane = { id, email: 'jane@example.test', firstName: 'Jane', surname: 'Doe' }
  const receipt = { customerId: id, pseudonym: 'Erased customer ffffffff', appointmentsCancelled: 2, formsDeleted: 1, cardsDeleted: 1, leadsDeleted: 0, messagesDeleted: 3, invoicesKept: 1 }
  const lookedUp = () => nock(HOST).get('/api/admin/customers').query({ q: 'jane@example.test' }).reply(200, [jane])

  it('names the customer and asks first; no: nothing is erased', async () => {
    lookedUp()
    const run = await runCli(['--base-url', HOST, '--tenant', 'riverside', 'admin', 'customer', 'erase', 'jane@example.test'], { env, stdin: 'n\n', tty: true })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout + run.stderr).toContain('Erase Jane Doe <jane@example.test>? This cannot be undone.')
    expect(run.stdout + run.stderr).toContain('Nothing erased.')
    expect(nock.isDone()).toBe(true)
  })

  it('yes: erases, and says what was kept and what went', async () => {
    lookedUp()
    lookedUp()
    nock(HOST).post(`/api/admin/customers/${id}/erase`).reply(200, receipt)
    const run = await runCli(['--base-url', HOST, '--tenant', 'riverside', 'admin', 'customer', 'erase', 'jane@example.test'], { env, stdin: 'y\n', tty: true })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('Erased. Invoices and payments kept as Erased customer ffffffff (1 invoice).')
    expect(run.stdout).toContain('Cancelled 2 future visits; deleted 1 form, 1 card, 0 enquiries, 3 messages.')
  })

  it('--yes erases by id without asking; --json prints the receipt', async () => {
    nock(HOST).post(`/api/admin/customers/${id}/erase`).reply(200, receipt)
    const run = await cli('--json', 'admin', 'customer', 'erase', id, '--yes')
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual(receipt)
  })

  it('without a terminal to ask at and without --yes: a usage error, nothing called', async () => {
    const run = await cli('admin', 'customer', 'erase', id)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Add --yes to erase this customer.')
  })
})

describe('clinic admin bookings: the balance as the desk\'s day view shows it', () => {
  const row = (over: Partial<DayBooking>): DayBooking => ({
    id: 'a'.repeat(24), start: '2026-06-01T09:00:00.000Z', end: '2026-06-01T09:30:00.000Z', status: 'Scheduled', checkedIn: false,
    practitioner: 'Sarah', location: 'London', service: 'Peel', customer: 'Jane Doe', depositPaid: 20, paid: [{ type: 'Online', amount: 20 }], due: 60, ...over,
  })
  it('the amount due where checkout would take it, Paid when paid in full, nothing for a booking without checkout', () => {
    const text = bookingsText([row({}), row({ id: 'b'.repeat(24), customer: 'Ann Lee', paid: [{ type: 'Online', amount: 80 }], due: 0 }), row({ id: 'c'.repeat(24), customer: 'Bo Chan', status: 'Pending', paid: [], due: 0 })], 'GBP')
    const lines = text.split('\n')
    expect(lines[1]).toMatch(/Paid +Balance +ID$/)
    expect(lines.find((l) => l.includes('Jane Doe'))).toMatch(/£20\.00 \(Online\) +£60\.00 +a{24}$/)
    expect(lines.find((l) => l.includes('Ann Lee'))).toMatch(/£80\.00 \(Online\) +Paid +b{24}$/)
    expect(lines.find((l) => l.includes('Bo Chan'))).toMatch(/Pending +£0\.00 +c{24}$/)
  })
})
