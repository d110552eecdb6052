// nock tests of `clinic book`: the plan (--dry-run), the hold, the deposit invoice and payment, the
// sandbox card page, the payment polling, the release of a hold that cannot be paid, and --from FILE.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ManualClock } from '../../src/adapters/clock/system-clock.adapter'
import { runCli, tempConfigHome } from '../testing/run-cli'
import {
  ANNA, APPOINTMENT, BEN, CATEGORY, CLINIC, CUSTOMER, FACIAL, HOST, INVOICE, LINKED, MASSAGE,
  anna, appointmentView, ben, category, clinic, customer, facial, invoice, massage, organisation, otherClinic, slot,
} from '../testing/fixtures'

const TOKEN = 'tok-book'
const home = tempConfigHome()
const env = { XDG_CONFIG_HOME: home.dir }
const cli = (...args: string[]) => runCli(['--base-url', HOST, ...args], { env, overrides: { clock: new ManualClock(new Date()) } })
const authed = () => nock(HOST, { reqheaders: { authorization: `Bearer ${TOKEN}` } })
const TXN = 'txn_abc'

useNock()
beforeAll(() => {
  // the fixtures' days (March 2026) are still to come: a past day is a usage error
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T09:00:00Z') })
})
beforeEach(() => {
  mkdirSync(join(home.dir, 'clinic'), { recursive: true })
  writeFileSync(join(home.dir, 'clinic', 'token'), TOKEN, { mode: 0o600 })
})
afterAll(() => {
  vi.useRealTimers()
  home.remove()
})

/** Location, catalogue, times for Facial then Massage on 10/03/2026, staff names, organisation. */
function browse(options: { user?: boolean; timesOnly?: boolean } = {}) {
  if (options.user !== false) authed().get('/api/user/me').reply(200, customer)
  authed().get('/api/public-clinics').reply(200, [clinic])
  authed().get('/api/categories').query(true).reply(200, [category])
  authed().get('/api/services/public').query({ clinic: CLINIC, category: CATEGORY, offset: '0', pageSize: '20' }).reply(200, [facial, massage])
  authed()
    .post('/api/practitioners/time', (b) => b.service === FACIAL && b.date === '2026-03-10' && b.staff === null)
    .reply(200, [slot('10:00', 60), slot('11:00', 60)])
  authed().post('/api/practitioners/time', (b) => b.service === MASSAGE && b.forceInterval === 5).reply(200, [slot('11:00', 30, BEN)])
  if (options.timesOnly) return
  authed().post('/api/practitioners/public', { clinic: CLINIC, service: FACIAL, month: 3, year: 2026 }).reply(200, [anna])
  authed().post('/api/practitioners/public', { clinic: CLINIC, service: MASSAGE, month: 3, year: 2026 }).reply(200, [ben])
  authed().get('/api/public/organisations').reply(200, organisation)
}

const expectedAppointment = {
  event: { start: '2026-03-10T10:00:00.000Z', end: '2026-03-10T11:00:00.000Z' },
  practitioner: ANNA,
  clinic: CLINIC,
  service: FACIAL,
  price: 55, // Anna's price (the server charges the price of the practitioner the time belongs to), not Facial's 40
  grossPrice: 55,
  deposit: 8.5, // informative (the server computes its own): 10 % of 55 and of Massage's 30, summed, as the web's confirm step sends it
  course: null,
  linkedAppointments: [
    {
      event: { start: '2026-03-10T11:00:00.000Z', end: '2026-03-10T11:30:00.000Z' },
      clinic: CLINIC,
      service: MASSAGE,
      practitioner: BEN,
      isLinked: true,
      type: 'Appointment',
      price: 30,
      course: null,
    },
  ],
}

const bookArgs = ['book', '--service', 'Facial', '--service', 'Massage', '--date', '2026-03-10', '--time', '10:00']

function hold(deposit: number) {
  authed()
    .post('/api/appointments/public', { appointment: expectedAppointment, paymentDetails: null, coherentTransactionId: null })
    .reply(200, {
      appointment: appointmentView({ status: deposit > 0 ? 'Pending' : 'Scheduled' }),
      appointments: [appointmentView({ status: 'Pending' })],
      deposit,
      holdExpiresAt: new Date(Date.now() + 300_000).toISOString(),
    })
}

function startPayment() {
  authed()
    .post('/api/invoice/create', { customer: CUSTOMER, clinic: CLINIC, appointmentId: APPOINTMENT, origin: 'SALE', description: 'Invoice for Booking Deposit' })
    .reply(200, invoice)
  authed()
    .post(`/api/invoice/${INVOICE}/pay`, (b) => b.payments[0].value === 5.5 && b.payments[0].coherentPaymentFlag === true && b.appointmentId === APPOINTMENT)
    .reply(200, { paymentUrl: `/sandbox/pay/${TXN}`, transactionId: TXN })
}

const linkedView = appointmentView({ id: LINKED, isLinked: true, service: { id: MASSAGE, name: 'Massage' }, practitioner: { id: BEN, displayName: 'Ben' } })

describe('clinic book --dry-run', () => {
  it('checks the time and prints the plan, without holding anything or needing a login', async () => {
    browse({ user: false })
    const run = await cli('--json', ...bookArgs, '--dry-run')
    expect(run.code).toBe(0)
    expect(run.json()).toEqual({
      version: 1,
      location: { id: CLINIC, name: 'Soho' },
      date: '2026-03-10',
      time: '10:00',
      staff: null,
      services: [
        { id: FACIAL, name: 'Facial', practitioner: { id: ANNA, name: 'Anna' }, start: '2026-03-10T10:00:00.000Z', end: '2026-03-10T11:00:00.000Z' },
        { id: MASSAGE, name: 'Massage', practitioner: { id: BEN, name: 'Ben' }, start: '2026-03-10T11:00:00.000Z', end: '2026-03-10T11:30:00.000Z' },
      ],
      appointment: expectedAppointment,
    })
  })

  it('human output: a summary with every service and the total price', async () => {
    browse({ user: false })
    const run = await cli(...bookArgs, '--dry-run')
    expect(run.code).toBe(0)
    expect(run.stdout).toBe(
      [
        'Location:  Soho',
        'When:      10/03/2026 10:00',
        'Services:  Facial with Anna at 10:00',
        '           Massage with Ben at 11:00',
        'Price:     £85.00',
        '',
      ].join('\n'),
    )
  })

  it('a time that cannot be chained is refused (1) with the free ones', async () => {
    browse({ user: false, timesOnly: true })
    const run = await cli(...bookArgs.slice(0, -1), '11:00', '--dry-run')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: 11:00 is not available on 10/03/2026 (available: 10:00).\n')
  })

  it('without a terminal, a missing --date is a usage error (2)', async () => {
    authed().get('/api/public-clinics').reply(200, [clinic])
    authed().get('/api/categories').query(true).reply(200, [category])
    authed().get('/api/services/public').query(true).reply(200, [facial])
    const run = await cli('book', '--service', 'Facial', '--dry-run')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('error: --date is required (or run interactively). (run clinic book --help for usage)\n')
  })
})

describe('clinic book --interactive', () => {
  it('the day list ends with the next month, whose days are asked for next', async () => {
    authed().get('/api/public-clinics').reply(200, [clinic])
    authed().get('/api/categories').query(true).reply(200, [category])
    authed().get('/api/services/public').query(true).reply(200, [facial])
    const days = (month: number) => [{ service: FACIAL, month, year: 2026, location: CLINIC, practitioner: null, withHolidays: true }]
    authed().post('/api/appointments/days-available-by-month', days(3)).reply(200, [])
    authed().post('/api/appointments/days-available-by-month', days(4)).reply(200, [{ date: '2026-04-07' }])
    authed().post('/api/practitioners/time', (b) => b.service === FACIAL && b.date === '2026-04-07').reply(200, [slot('10:00', 60)])
    authed().post('/api/practitioners/public').reply(200, [anna])
    authed().get('/api/public/organisations').reply(200, organisation)
    const run = await runCli(['--base-url', HOST, '--json', 'book', '--interactive', '--service', 'Facial', '--staff', 'any', '--month', '2026-03', '--time', '10:00', '--dry-run'], {
      env,
      stdin: '1\n1\n',
    })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toContain('There is no availability in March 2026.\n  1) Later: April 2026\n')
    expect(run.stderr).toContain('  1) 07/04/2026  Tuesday\n  2) Later: May 2026\n')
    expect(run.json()).toMatchObject({ date: '2026-04-07', time: '10:00' })
  })

  it('asks for the location, services, staff, day and time on stdin (numbered choices)', async () => {
    authed().get('/api/public-clinics').reply(200, [otherClinic, clinic])
    authed().get('/api/categories').query(true).reply(200, [category])
    authed().get('/api/services/public').query(true).reply(200, [facial, massage])
    authed().post('/api/practitioners/public', { clinic: CLINIC, service: FACIAL, month: 3, year: 2026 }).reply(200, [anna, ben])
    authed()
      .post('/api/appointments/days-available-by-month', [{ service: FACIAL, month: 3, year: 2026, location: CLINIC, practitioner: ANNA, withHolidays: true }])
      .reply(200, [{ date: '2026-03-10' }, { date: '2026-03-12' }])
    authed().post('/api/practitioners/time', (b) => b.service === FACIAL && b.staff === ANNA && b.date === '2026-03-10').reply(200, [slot('10:00', 60), slot('11:00', 60)])
    authed().post('/api/practitioners/public').reply(200, [anna])
    authed().get('/api/public/organisations').reply(200, organisation)
    const answers = ['2', '1', 'n', '2', '1', '2'].join('\n') + '\n'
    const run = await runCli(['--base-url', HOST, '--json', 'book', '--interactive', '--month', '2026-03', '--dry-run'], {
      env,
      stdin: answers,
      overrides: { clock: new ManualClock(new Date()) },
    })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toContain('Choose the location')
    expect(run.stderr).toContain('2) Soho')
    expect(run.stderr).toContain('  1) Facial  (60 mins, From £40.00)\n  2) Massage  (30 mins, £30.00)\n')
    expect(run.stderr).toContain('  1) Any practitioner\n  2) Anna\n  3) Ben\n') // the app's words
    expect(run.stderr).toContain('1) 10/03/2026  Tuesday')
    expect(run.json()).toMatchObject({ location: { id: CLINIC }, date: '2026-03-10', time: '11:00', staff: { id: ANNA, name: 'Anna' } })
  })

  it('one practitioner is chosen without asking (no "Any practitioner" row)', async () => {
    authed().get('/api/public-clinics').reply(200, [clinic])
    authed().get('/api/categories').query(true).reply(200, [category])
    authed().get('/api/services/public').query(true).reply(200, [facial, massage])
    authed().post('/api/practitioners/public', { clinic: CLINIC, service: FACIAL, month: 3, year: 2026 }).reply(200, [anna])
    authed().post('/api/practitioners/time', (b) => b.service === FACIAL && b.staff === ANNA).reply(200, [slot('10:00', 60)])
    authed().post('/api/practitioners/public').reply(200, [anna])
    authed().get('/api/public/organisations').reply(200, organisation)
    const run = await runCli(['--base-url', HOST, '--json', 'book', '--interactive', '--service', 'Facial', '--date', '2026-03-10', '--time', '10:00', '--dry-run'], { env })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).not.toContain('Choose the practitioner')
    expect(run.json()).toMatchObject({ staff: { id: ANNA, name: 'Anna' } })
  })
})

describe('clinic book', () => {
  it('holds, creates the deposit invoice, pays it with a sandbox test card, waits until paid', async () => {
    browse()
    hold(5.5)
    startPayment()
    nock(HOST)
      .post(`/sandbox/pay/${TXN}`, { cardNo: '4242424242424242', expDate: /^12\/\d\d$/, cvv: '123', postCode: 'SW1A 1AA' })
      .reply(200, { status: 'paid', transactionId: TXN, doneText: 'Thank you.' })
    authed().get(`/api/coherence/check-payment/${TXN}`).reply(200, { isPaid: true, status: 'paid' })
    authed().get(`/api/appointments/${APPOINTMENT}`).reply(200, appointmentView({ linkedAppointments: [linkedView] }))
    const clock = new ManualClock(new Date())
    const run = await runCli(['--base-url', HOST, ...bookArgs, '--card', '4242 4242 4242 4242'], { env, overrides: { clock } })
    expect(run.code).toBe(0)
    expect(clock.sleeps).toEqual([]) // paid at the first check: no waiting for a thank-you page
    expect(run.stdout.split('\n')[0]).toBe('Booked: 10/03/2026 10:00 at Soho; deposit of £5.50 paid.')
    expect(run.stdout).toMatch(new RegExp(`^${APPOINTMENT}  10/03/2026 10:00  Facial +Anna +Soho +Scheduled$`, 'm'))
    expect(run.stdout).toMatch(/\+ Massage +Ben/)
  })

  it('a declined card: the card error, the hold released, exit 1', async () => {
    browse()
    hold(5.5)
    startPayment()
    nock(HOST).post(`/sandbox/pay/${TXN}`).reply(402, { statusCode: 402, message: 'CVV is not correct.', failed: true })
    authed().put(`/api/appointments/delete-pending/${APPOINTMENT}`).reply(200, {})
    const run = await cli(...bookArgs, '--card', '4000000000000127')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: The card was declined: CVV is not correct. The appointment was not booked.\n')
  })

  it('without --card: prints the payment URL and polls GET /coherence/check-payment until paid', async () => {
    browse()
    hold(5.5)
    startPayment()
    authed().get(`/api/coherence/check-payment/${TXN}`).reply(200, { isPaid: false, status: 'pending' })
    authed().get(`/api/coherence/check-payment/${TXN}`).times(2).reply(200, { isPaid: false, status: 'declined', message: 'CVV is not correct.' })
    authed().get(`/api/coherence/check-payment/${TXN}`).reply(200, { isPaid: true, status: 'paid' })
    authed().get(`/api/appointments/${APPOINTMENT}`).reply(200, appointmentView())
    const run = await cli('--json', ...bookArgs)
    expect(run.code).toBe(0)
    expect(run.stderr).toContain(`Pay the deposit of £5.50 on the payment page: ${HOST}/sandbox/pay/${TXN}`)
    // a declined attempt on the page is told once, and the wait goes on
    expect(run.stderr.match(/The last payment attempt was declined: CVV is not correct\. Waiting for another one\./g)).toHaveLength(1)
    const out = run.json<{ payment: { paymentUrl: string; paid: boolean }; appointment: { status: string } }>()
    expect(out.payment).toMatchObject({ paymentUrl: `${HOST}/sandbox/pay/${TXN}`, paid: true })
    expect(out.appointment.status).toBe('Scheduled')
  })

  it('a payment that does not come in time: the hold released, exit 1', async () => {
    browse()
    hold(5.5)
    startPayment()
    authed().get(`/api/coherence/check-payment/${TXN}`).times(3).reply(200, { isPaid: false, status: 'pending' })
    authed().put(`/api/appointments/delete-pending/${APPOINTMENT}`).reply(200, {})
    const run = await cli(...bookArgs, '--timeout', '6')
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/The deposit was not paid in time; the appointment was released\.\n$/)
  })

  it('no deposit due: booked straight through', async () => {
    browse()
    hold(0)
    authed().get(`/api/appointments/${APPOINTMENT}`).reply(200, appointmentView())
    const run = await cli(...bookArgs)
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n')[0]).toBe('Booked: 10/03/2026 10:00 at Soho.')
  })

  it('a slot taken meanwhile: the server message, exit 1', async () => {
    browse()
    authed().post('/api/appointments/public').reply(409, { statusCode: 409, message: 'This time is no longer available.' })
    const run = await cli(...bookArgs)
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: This time is no longer available.\n')
  })

  it('not signed in: exit 1 before anything is held', async () => {
    authed().get('/api/user/me').reply(401, { statusCode: 401, message: 'Unauthorized' })
    const run = await cli(...bookArgs)
    expect(run.code).toBe(1)
    expect(run.stderr).toBe("error: You must be logged in: run 'clinic login' first.\n")
  })
})

describe('clinic book --from FILE', () => {
  it('books the plan that --dry-run --json printed', async () => {
    browse({ user: false })
    const dry = await cli('--json', ...bookArgs, '--dry-run')
    expect(dry.code).toBe(0)
    const file = join(home.dir, 'plan.json')
    writeFileSync(file, dry.stdout)

    browse()
    hold(0)
    authed().get(`/api/appointments/${APPOINTMENT}`).reply(200, appointmentView())
    const run = await cli('book', '--from', file)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n')[0]).toBe('Booked: 10/03/2026 10:00 at Soho.')
  })

  it('a file that is not a plan is a usage error (2)', async () => {
    const file = join(home.dir, 'bad.json')
    writeFileSync(file, JSON.stringify({ version: 1, date: 'tomorrow' }))
    const run = await cli('book', '--from', file)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/is not a booking plan/)
  })

  it('--from with --service is a usage error (2)', async () => {
    const run = await cli('book', '--from', 'x.json', '--service', 'Facial')
    expect(run.code).toBe(2)
  })
})
