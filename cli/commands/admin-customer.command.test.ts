// nock tests of `clinic admin customer create`: the desk's POST /admin/customers body, what is shown,
// the server's refusals (a taken email, the sign-up rules) and a bad --dob refused before any call.
import { afterAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { runCli, tempConfigHome } from '../testing/run-cli'
import { HOST } from '../testing/fixtures'

const home = tempConfigHome()
const cli = (...args: string[]) => runCli(['--base-url', HOST, '--tenant', 'riverside', ...args], { env: { XDG_CONFIG_HOME: home.dir } })

useNock()
afterAll(() => home.remove())

const ID = 'c7'.padEnd(24, '0')
const JANE = ['--title', 'Ms', '--first-name', 'Jane', '--surname', 'Doe', '--email', 'Jane@Example.com', '--mobile', '07700 900123', '--dob', '02/03/1990', '--gender', 'female']
const created = { id: ID, email: 'jane@example.com', firstName: 'Jane', surname: 'Doe', mobilePhone: '+447700900123' }

describe('clinic admin customer create', () => {
  it("sends the desk form's body (the date as yyyy-MM-dd) and shows the new customer", async () => {
    const scope = nock(HOST)
      .post('/api/admin/customers', { title: 'Ms', firstName: 'Jane', surname: 'Doe', email: 'Jane@Example.com', mobilePhone: '07700 900123', dob: '1990-03-02', gender: 'female', referralSource: 'Instagram', notificationTypes: ['Email'] })
      .reply(201, created)
    const run = await cli('admin', 'customer', 'create', ...JANE, '--referral', 'Instagram')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    scope.done()
    expect(run.stdout).toContain('Jane Doe')
    expect(run.stdout).toContain('jane@example.com')
    expect(run.stdout).toContain(ID)
    expect(run.stdout).toContain('They are mailed a link to set their password.')
    expect(run.stdout).toContain('clinic admin book --customer jane@example.com')
  })

  it('with --texts, creates a customer who takes texts as well as mail', async () => {
    const scope = nock(HOST)
      .post('/api/admin/customers', (body) => JSON.stringify(body.notificationTypes) === JSON.stringify(['Email', 'SMS']))
      .reply(201, created)
    const run = await cli('admin', 'customer', 'create', ...JANE, '--texts')
    expect(run.code, run.stderr).toBe(0)
    scope.done()
  })

  it('prints the created customer as JSON with --json', async () => {
    nock(HOST).post('/api/admin/customers').reply(201, created)
    const run = await cli('--json', 'admin', 'customer', 'create', ...JANE)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual(created)
  })

  it("exits 1 with the server's message for an email already taken", async () => {
    nock(HOST).post('/api/admin/customers').reply(409, { statusCode: 409, message: 'A customer with this email already exists. Find them by their email.' })
    const run = await cli('admin', 'customer', 'create', ...JANE)
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain('A customer with this email already exists. Find them by their email.')
  })

  it("exits 1 with the server's sign-up rules for bad fields, 2 for a malformed or missing option before any call", async () => {
    nock(HOST).post('/api/admin/customers').reply(400, { statusCode: 400, message: 'Invalid Title Phone number is invalid' })
    const bad = await cli('admin', 'customer', 'create', ...JANE.slice(2), '--title', 'Sir', '--mobile', '123')
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('Invalid Title Phone number is invalid')
    const dob = await cli('admin', 'customer', 'create', ...JANE.slice(0, -4), '--dob', '1990-03-02', '--gender', 'female')
    expect(dob.code).toBe(2)
    expect(dob.stderr).toContain("--dob must be a date as dd/MM/yyyy, got '1990-03-02'.")
    const missing = await cli('admin', 'customer', 'create', ...JANE.slice(2))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--title')
  })
})

describe('clinic admin book for an unknown email', () => {
  it('says which command creates the customer', async () => {
    nock(HOST).get('/api/admin/customers').query({ q: 'new@example.com' }).reply(200, [])
    const run = await cli('admin', 'book', '--customer', 'new@example.com', '--location', 'c1'.padEnd(24, '0'), '--service', '5e'.padEnd(24, '1'), '--start', '2026-12-01 10:00')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("No customer has the email 'new@example.com'. Create them with 'clinic admin customer create'.")
  })
})
