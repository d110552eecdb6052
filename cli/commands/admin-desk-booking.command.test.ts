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
const visit = { id: 'ab'.padEnd(24, '0'), start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T10:30:00.000Z', status: 'Scheduled', checkedIn: false, practitioner: 'Dr Sarah Jones', location: 'London', service: 'Peel', customer: 'Jane Doe', depositPaid: 0 }

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
      .reply(201, { appointments: [visit], payment: 'clinic', status: 'Scheduled', deposit: 0, depositPaid: 0, message: 'The booking is made; the customer pays at the clinic.' })
    nock(HOST).get('/api/public/organisations').reply(200, organisation)
    const run = await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, S2, '--practitioner', SARAH, 'any', '--start', '2026-12-01 10:00', '--pay', 'clinic')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('The booking is made; the customer pays at the clinic.')
    expect(run.stdout).toContain('01/12/2026 10:00')
  })

  it('shows the pay link of a held booking and the 409 of a taken time', async () => {
    nock(HOST).post('/api/admin/desk/bookings').reply(201, { appointments: [{ ...visit, status: 'Pending' }], payment: 'link', status: 'Pending', deposit: 36, depositPaid: 0, message: 'held', payLink: 'http://x/sandbox/pay/t1' })
    nock(HOST).get('/api/public/organisations').reply(200, organisation)
    const held = await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, '--start', '2026-12-01T10:00:00Z')
    expect(held.stdout).toContain('Pay link (mailed to the customer): http://x/sandbox/pay/t1')
    nock(HOST).post('/api/admin/desk/bookings').reply(409, { statusCode: 409, message: 'Sorry, this time is no longer available.' })
    const taken = await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, '--start', '2026-12-01T10:00:00Z')
    expect(taken.code).toBe(1)
    expect(taken.stderr).toContain('Sorry, this time is no longer available.')
  })

  it("shows the deposit in the organisation's currency, as `admin bookings` does", async () => {
    nock(HOST).post('/api/admin/desk/bookings').reply(201, { appointments: [{ ...visit, status: 'Pending' }], payment: 'link', status: 'Pending', deposit: 36, depositPaid: 0, message: 'held', payLink: 'http://x/sandbox/pay/t1' })
    nock(HOST).get('/api/public/organisations').reply(200, { ...organisation, currency: 'EUR' })
    const held = await cli('admin', 'book', '--customer', CUSTOMER, '--location', LOCATION, '--service', S1, '--start', '2026-12-01T10:00:00Z')
    expect(held.code).toBe(0)
    expect(held.stdout).toContain('Deposit €36.00, paid €0.00.')
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
