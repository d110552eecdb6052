// nock tests of `clinic admin book` and `clinic admin customer show | note`: the request sent, the text shown, arguments checked before any call.
import { afterAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { runCli, tempConfigHome } from '../testing/run-cli'
import { HOST, organisation } from '../testing/fixtures'

const home = tempConfigHome()
const cli = (...args: string[]) => runCli(['--base-url', HOST, '--tenant', 'riverside', ...args], { env: { XDG_CONFIG_HOME: home.dir } })

useNock()
afterAll(() => home.remove())

const CUSTOMER = 'c5'.padEnd(24, '0')
const LOCATION = 'c1'.padEnd(24, '0')
const S1 = '5e'.padEnd(24, '1')
const S2 = '5e'.padEnd(24, '2')
const SARAH = 'b1'.padEnd(24, '0')
const JAMES = 'b2'.padEnd(24, '0')
const London = { id: LOCATION, accountName: 'London', address: { line1: '1 High St', city: 'London' } }
const Leeds = { id: 'c2'.padEnd(24, '0'), accountName: 'Leeds', address: { line1: '2 Low St', city: 'Leeds' } }
const deskServices = [
  { id: S1, name: 'Anti-wrinkle 1 area', durationMinutes: 30, price: 150, online: true, practitioners: [{ id: SARAH, name: 'Dr Sarah Jones' }, { id: JAMES, name: 'James Patel' }] },
  { id: S2, name: 'B12 injection', durationMinutes: 15, price: 35, online: true, practitioners: [{ id: JAMES, name: 'James Patel' }] },
  { id: '5e'.padEnd(24, '3'), name: 'Anti-wrinkle 3 areas', durationMinutes: 45, price: 250, online: false, practitioners: [{ id: SARAH, name: 'Dr Sarah Jones' }] },
]
/** The locations and the desk's services of London, as `admin book` reads them to resolve names. */
const catalogue = () => {
  nock(HOST).get('/api/public-clinics').reply(200, [London, Leeds])
  nock(HOST).get('/api/admin/desk/services').query({ location: LOCATION }).reply(200, deskServices)
}
const visit = { id: 'ab'.padEnd(24, '0'), start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T10:30:00.000Z', status: 'Scheduled', checkedIn: false, practitioner: 'Dr Sarah Jones', location: 'London', service: 'Peel', customer: 'Jane Doe', depositPaid: 0, paid: [], due: 120 }

describe('clinic admin book', () => {
  it('books the services in order (any practitioner for the second), the start in London time, and shows what was booked', async () => {
    nock(HOST)
      .post('/api/admin/desk/bookings', {
        customer: CUSTOMER,
        location: LOCATION,
        start: '2026-12-01T10:00:00.000Z',
        services: [{ service: S1, practitioner: SARAH }, { service: S2 }],
        payment: 'clinic',
      })
      .reply(201, { appointments: [visit], payment: 'clinic', status: 'Scheduled', deposit: 0, depositPaid: 0, dueAtClinic: 120, message: 'The booking is made; the customer pays at the clinic.' })
    nock(HOST).get('/api/public/organisations').reply(200, organisation)
    catalogue()
    const run = await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, S2, '--practitioner', SARAH, 'any', '--start', '2026-12-01 10:00', '--pay', 'clinic')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('The booking is made; the customer pays at the clinic.')
    // no deposit is taken now: 'Deposit £0.00' would read as if the service had none
    expect(run.stdout).toMatch(/Pay at the clinic: \S+120\.00\./)
    expect(run.stdout).not.toContain('Deposit')
    // the row names the appointment's id, which check-in, checkout, cancel and move take
    const row = run.stdout.split('\n').find((l) => l.startsWith('01/12/2026 10:00'))!
    expect(row.split(/\s{2,}/)).toEqual(['01/12/2026 10:00', 'Peel', 'Dr Sarah Jones', 'London', 'Scheduled', visit.id])
  })

  it('shows the pay link of a held booking and the 409 of a taken time', async () => {
    nock(HOST).post('/api/admin/desk/bookings').reply(201, { appointments: [{ ...visit, status: 'Pending' }], payment: 'link', status: 'Pending', deposit: 36, depositPaid: 0, message: 'held', payLink: 'http://x/sandbox/pay/t1' })
    nock(HOST).get('/api/public/organisations').reply(200, organisation)
    catalogue()
    const held = await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, '--start', '2026-12-01T10:00:00Z')
    expect(held.stdout).toContain('Pay link (mailed to the customer): http://x/sandbox/pay/t1')
    nock(HOST).post('/api/admin/desk/bookings').reply(409, { statusCode: 409, message: 'Sorry, this time is no longer available.' })
    catalogue()
    const taken = await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, '--start', '2026-12-01T10:00:00Z')
    expect(taken.code).toBe(1)
    expect(taken.stderr).toContain('Sorry, this time is no longer available.')
  })

  it('sends --transaction-id (a rerun answers that booking) and --resend-link (its pay link again, on purpose); --resend-link alone is a usage error', async () => {
    nock(HOST)
      .post('/api/admin/desk/bookings', { customer: CUSTOMER, location: LOCATION, start: '2026-12-01T10:00:00.000Z', services: [{ service: S1 }], payment: 'link', transactionId: 'desk-42', resendPayLink: true })
      .reply(201, { appointments: [{ ...visit, status: 'Pending' }], payment: 'link', status: 'Pending', deposit: 36, depositPaid: 0, message: 'held', payLink: 'http://x/sandbox/pay/t1' })
    nock(HOST).get('/api/public/organisations').reply(200, organisation)
    catalogue()
    const resent = await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, '--start', '2026-12-01T10:00:00Z', '--transaction-id', 'desk-42', '--resend-link')
    expect(resent.stderr).toBe('')
    expect(resent.code).toBe(0)
    const alone = await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, '--start', '2026-12-01T10:00:00Z', '--resend-link')
    expect(alone.code).toBe(2)
    expect(alone.stderr).toContain('--resend-link needs the --transaction-id of the booking.')
  })

  it('refuses a customer who has another visit then, naming it and the flag; --allow-overlap books anyway', async () => {
    const clash = `This customer already has a booking at this time: Peel with James Patel, 01/12/2026 10:00–10:45 (appointment ${'cd'.padEnd(24, '0')}).`
    nock(HOST).post('/api/admin/desk/bookings', (body) => body.allowOverlap === undefined).reply(409, { statusCode: 409, message: clash })
    catalogue()
    const refused = await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, '--start', '2026-12-01T10:00:00Z', '--pay', 'clinic')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`${clash} To book them anyway, run the command again with --allow-overlap.`)
    nock(HOST).post('/api/admin/desk/bookings', (body) => body.allowOverlap === true).reply(201, { appointments: [visit], payment: 'clinic', status: 'Scheduled', deposit: 0, depositPaid: 0, message: 'The booking is made; the customer pays at the clinic.' })
    nock(HOST).get('/api/public/organisations').reply(200, organisation)
    catalogue()
    const anyway = await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, '--start', '2026-12-01T10:00:00Z', '--pay', 'clinic', '--allow-overlap')
    expect(anyway.stderr).toBe('')
    expect(anyway.code).toBe(0)
    expect(anyway.stdout).toContain('The booking is made; the customer pays at the clinic.')
  })

  it("shows the deposit in the organisation's currency, as `admin bookings` does", async () => {
    nock(HOST).post('/api/admin/desk/bookings').reply(201, { appointments: [{ ...visit, status: 'Pending' }], payment: 'link', status: 'Pending', deposit: 36, depositPaid: 0, message: 'held', payLink: 'http://x/sandbox/pay/t1' })
    nock(HOST).get('/api/public/organisations').reply(200, { ...organisation, currency: 'EUR' })
    catalogue()
    const held = await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, '--start', '2026-12-01T10:00:00Z')
    expect(held.code).toBe(0)
    expect(held.stdout).toContain('Deposit €36.00, paid €0.00.')
  })

  it('takes names for the location, services and practitioners (any case), as the other commands do', async () => {
    nock(HOST)
      .post('/api/admin/desk/bookings', { customer: CUSTOMER, location: LOCATION, start: '2026-12-01T10:00:00.000Z', services: [{ service: S1, practitioner: SARAH }, { service: S2, practitioner: JAMES }], payment: 'clinic' })
      .reply(201, { appointments: [visit], payment: 'clinic', status: 'Scheduled', deposit: 0, depositPaid: 0, message: 'The booking is made; the customer pays at the clinic.' })
    nock(HOST).get('/api/public/organisations').reply(200, organisation)
    catalogue()
    const run = await cli('admin', 'book', '--customer', CUSTOMER, '--location', 'london', '--service', 'anti-wrinkle 1 AREA', 'b12 injection', '--practitioner', 'dr sarah jones', 'James Patel', '--start', '2026-12-01 10:00', '--pay', 'clinic')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
  })

  it('refuses an unknown or ambiguous name with the choices, booking nothing', async () => {
    catalogue()
    const unknown = await cli('admin', 'book', '--customer', CUSTOMER, '--location', 'London', '--service', 'Facial', '--start', '2026-12-01 10:00')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain("No service matches 'Facial' (--service). Known: Anti-wrinkle 1 area, B12 injection, Anti-wrinkle 3 areas.")
    catalogue()
    const several = await cli('admin', 'book', '--customer', CUSTOMER, '--location', 'London', '--service', 'anti-wrinkle', '--start', '2026-12-01 10:00')
    expect(several.code).toBe(2)
    expect(several.stderr).toContain("'anti-wrinkle' matches several services (Anti-wrinkle 1 area, Anti-wrinkle 3 areas)")
    catalogue()
    const nobody = await cli('admin', 'book', '--customer', CUSTOMER, '--location', 'London', '--service', 'B12', '--practitioner', 'Sarah', '--start', '2026-12-01 10:00')
    expect(nobody.code).toBe(2)
    expect(nobody.stderr).toContain("No practitioner matches 'Sarah' (--practitioner). Known: James Patel.")
    nock(HOST).get('/api/public-clinics').reply(200, [London, Leeds])
    const nowhere = await cli('admin', 'book', '--customer', CUSTOMER, '--location', 'Bristol', '--service', 'B12', '--start', '2026-12-01 10:00')
    expect(nowhere.code).toBe(2)
    expect(nowhere.stderr).toContain("No location matches 'Bristol' (--location). Known: London, Leeds.")
  })

  it('refuses a bad payment choice or start before calling the server', async () => {
    expect((await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, '--start', '2026-12-01 10:00', '--pay', 'cash')).code).toBe(2)
    expect((await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, '--start', 'tomorrow')).code).toBe(2)
  })
})

describe('clinic admin customer show | note', () => {
  it("prints the record with the staff notes, and adds a note", async () => {
    nock(HOST).get(`/api/admin/customers/${CUSTOMER}`).reply(200, {
      contact: { id: CUSTOMER, email: 'jane@example.com', firstName: 'Jane', surname: 'Doe', verified: true, mobilePhone: '+447700900123' },
      upcoming: [visit],
      past: [],
      courses: [],
      forms: [],
      notes: [{ id: 'e'.repeat(24), text: 'Prefers mornings', author: 'Desk', createdAt: '2026-11-01T09:00:00.000Z' }],
    })
    const shown = await cli('admin', 'customer', 'show', CUSTOMER)
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain('Jane Doe <jane@example.com> +447700900123')
    expect(shown.stdout).toContain('Staff notes (staff only)')
    expect(shown.stdout).toContain('Prefers mornings')
    nock(HOST).post(`/api/admin/customers/${CUSTOMER}/notes`, { text: 'Called to confirm' }).reply(201, { id: 'e'.repeat(24), text: 'Called to confirm', author: 'Desk', createdAt: '2026-11-01T09:00:00.000Z' })
    const added = await cli('admin', 'customer', 'note', CUSTOMER, 'Called to confirm')
    expect(added.stdout.trim()).toBe('Note added.')
  })
})
