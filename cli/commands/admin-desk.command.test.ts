// nock tests of `clinic admin block` and `clinic admin checkout`: what they send, what they show, their refusals.
import { afterAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { runCli, tempConfigHome } from '../testing/run-cli'
import { HOST, organisation } from '../testing/fixtures'
import { londonDateOf } from '../../src/domain/time'

const home = tempConfigHome()
const env = { XDG_CONFIG_HOME: home.dir }
const cli = (...args: string[]) => runCli(['--base-url', HOST, '--tenant', 'riverside', ...args], { env })

useNock()
afterAll(() => home.remove())

const ID = '0123456789abcdef01234567'
const MAYA = '0123456789abcdef01234568'
const CLINIC = '0123456789abcdef01234569'
const BLOCK = { id: ID, type: 'Block', start: '2026-12-02T11:00:00.000Z', end: '2026-12-02T12:00:00.000Z', practitionerId: MAYA, practitioner: 'Maya Thompson', locationId: CLINIC, location: 'Bristol', note: 'Team meeting' }
const CHECKOUT = {
  appointmentId: ID,
  service: 'Facial',
  customer: 'Jane Doe',
  currency: 'GBP',
  price: 80,
  paid: 16,
  balance: 64,
  refundableDeposit: 16,
  payments: [{ type: 'Online', amount: 16, status: 'paid', invoiceCode: 'OB-1', at: '2026-12-01T10:00:00.000Z', transactionId: 'tx1' }],
}

describe('clinic admin block', () => {
  it('add sends the London times as instants, the type and note, and shows the block', async () => {
    const scope = nock(HOST)
      .post('/api/admin/blocks', { practitioner: 'maya', type: 'Block', start: '2026-12-02T11:00:00.000Z', end: '2026-12-02T12:00:00.000Z', note: 'Team meeting' })
      .reply(201, BLOCK)
    const run = await cli('admin', 'block', 'add', '--practitioner', 'maya', '--start', '2026-12-02 11:00', '--end', '2026-12-02 12:00', '--note', 'Team meeting')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    scope.done()
    expect(run.stdout).toContain('02/12/2026 11:00')
    expect(run.stdout).toContain('Team meeting')
  })

  it('takes the type in any case and sends its canonical name', async () => {
    const scope = nock(HOST)
      .post('/api/admin/blocks', { practitioner: 'maya', type: 'Leave', start: '2026-12-02T11:00:00.000Z', end: '2026-12-02T12:00:00.000Z' })
      .reply(201, { ...BLOCK, type: 'Leave' })
    const run = await cli('admin', 'block', 'add', '--practitioner', 'maya', '--type', 'leave', '--start', '2026-12-02 11:00', '--end', '2026-12-02 12:00')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    scope.done()
    expect(run.stdout).toContain('Leave')
  })

  it('refuses a type outside Break, Block and Leave before any call, and passes on the server refusal', async () => {
    const bad = await cli('admin', 'block', 'add', '--practitioner', 'maya', '--start', '2026-12-02 11:00', '--end', '2026-12-02 12:00', '--type', 'Lunch')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("--type must be one of Break, Block, Leave (any case), got 'Lunch'.")
    nock(HOST).post('/api/admin/blocks').reply(409, { statusCode: 409, message: 'This time overlaps a booking or another block. Move or cancel it first.' })
    const taken = await cli('admin', 'block', 'add', '--practitioner', 'maya', '--start', '2026-12-02 11:00', '--end', '2026-12-02 12:00')
    expect(taken.code).toBe(1)
    expect(taken.stderr).toContain('This time overlaps a booking or another block.')
  })

  it('add --repeat weekday --until sends one series and shows every block; a bad --repeat or --until is refused before any call', async () => {
    const second = { ...BLOCK, id: MAYA, start: '2026-12-03T11:00:00.000Z', end: '2026-12-03T12:00:00.000Z' }
    const scope = nock(HOST)
      .post('/api/admin/blocks/series', { practitioner: 'maya', type: 'Break', start: '2026-12-02T11:00:00.000Z', end: '2026-12-02T12:00:00.000Z', every: 'weekday', until: '2026-12-03' })
      .reply(201, [BLOCK, second])
    const run = await cli('admin', 'block', 'add', '--practitioner', 'maya', '--type', 'Break', '--start', '2026-12-02 11:00', '--end', '2026-12-02 12:00', '--repeat', 'weekday', '--until', '2026-12-03')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    scope.done()
    expect(run.stdout).toContain('02/12/2026 11:00')
    expect(run.stdout).toContain('03/12/2026 11:00')
    const badEvery = await cli('admin', 'block', 'add', '--practitioner', 'maya', '--start', '2026-12-02 11:00', '--end', '2026-12-02 12:00', '--repeat', 'monthly', '--until', '2026-12-31')
    expect(badEvery.code).toBe(2)
    expect(badEvery.stderr).toContain("--repeat must be one of day, weekday, week, got 'monthly'.")
    const noUntil = await cli('admin', 'block', 'add', '--practitioner', 'maya', '--start', '2026-12-02 11:00', '--end', '2026-12-02 12:00', '--repeat', 'week')
    expect(noUntil.code).toBe(2)
    expect(noUntil.stderr).toContain("--until must be a calendar date as yyyy-MM-dd, got ''.")
  })

  it('list asks for the dates, remove deletes by id', async () => {
    nock(HOST).get('/api/admin/blocks').query({ from: '2026-12-01', to: '2026-12-07', practitioner: 'maya' }).reply(200, [BLOCK])
    const list = await cli('admin', 'block', 'list', '--from', '2026-12-01', '--to', '2026-12-07', '--practitioner', 'maya')
    expect(list.code).toBe(0)
    expect(list.stdout).toContain(ID)
    nock(HOST).delete(`/api/admin/blocks/${ID}`).reply(200, { message: 'The block has been removed.' })
    const removed = await cli('admin', 'block', 'remove', ID)
    expect(removed.code).toBe(0)
    expect(removed.stdout).toContain('The block has been removed.')
  })

  it('remove --series or --following removes a repeating block with the rest of its series; both at once are refused before any call', async () => {
    nock(HOST).delete(`/api/admin/blocks/${ID}`).query({ scope: 'series' }).reply(200, { message: '5 blocks of the series have been removed.' })
    const series = await cli('admin', 'block', 'remove', ID, '--series')
    expect([series.code, series.stdout.trim()]).toEqual([0, '5 blocks of the series have been removed.'])
    nock(HOST).delete(`/api/admin/blocks/${ID}`).query({ scope: 'following' }).reply(200, { message: '2 blocks of the series have been removed.' })
    const following = await cli('admin', 'block', 'remove', ID, '--following')
    expect([following.code, following.stdout.trim()]).toEqual([0, '2 blocks of the series have been removed.'])
    nock(HOST).delete(`/api/admin/blocks/${ID}`).query({ scope: 'series' }).reply(400, { statusCode: 400, message: 'This block does not repeat: remove it on its own.' })
    const single = await cli('admin', 'block', 'remove', ID, '--series')
    expect(single.code).toBe(1)
    expect(single.stderr).toContain('This block does not repeat: remove it on its own.')
    const both = await cli('admin', 'block', 'remove', ID, '--series', '--following')
    expect(both.code).toBe(2)
    expect(both.stderr).toContain('Choose one of --series and --following.')
  })
})

describe('clinic admin checkout', () => {
  it('shows the balance without payments', async () => {
    nock(HOST).get(`/api/admin/appointments/${ID}/checkout`).reply(200, CHECKOUT)
    const run = await cli('admin', 'checkout', ID)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Price £80.00, paid £16.00, balance £64.00')
  })

  it('says why a booking has nothing to check out (pending, cancelled) instead of a price of 0', async () => {
    const text = 'This appointment is pending: there is nothing to check out.'
    nock(HOST).get(`/api/admin/appointments/${ID}/checkout`).reply(200, { ...CHECKOUT, price: 0, paid: 0, balance: 0, refundableDeposit: 0, payments: [], notChargeable: text })
    const run = await cli('admin', 'checkout', ID)
    expect(run.code).toBe(0)
    expect(run.stdout).toBe(`Facial for Jane Doe\n${text}\n`)
  })

  it('sends each payment the options name', async () => {
    const scope = nock(HOST)
      .post(`/api/admin/appointments/${ID}/checkout`, { payments: [{ method: 'cash', amount: 14 }, { method: 'voucher', voucherCode: 'GV-1', amount: 50 }] })
      .reply(200, { ...CHECKOUT, paid: 80, balance: 0 })
    const run = await cli('admin', 'checkout', ID, '--cash', '14', '--voucher', 'GV-1:50')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    scope.done()
    expect(run.stdout).toContain('balance £0.00')
    const bad = await cli('admin', 'checkout', ID, '--cash', 'ten')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("--cash: Enter the amount as a number, like 20 or 19.50. Got 'ten'.")
    // The same text as the desk's checkout form for the same input.
    const negative = await cli('admin', 'checkout', ID, '--cash', '-5')
    expect(negative.code).toBe(2)
    expect(negative.stderr).toContain("--cash: Enter an amount above 0. Got '-5'.")
  })
})

describe('clinic admin bookings', () => {
  it("without --date lists today's bookings (London), as the web desk opens on today", async () => {
    const before = londonDateOf(new Date())
    let asked: string | undefined
    const scope = nock(HOST)
      .get('/api/admin/bookings')
      .query((q) => {
        asked = String(q.date)
        return q.location === 'bristol'
      })
      .reply(200, [])
    const run = await cli('--json', 'admin', 'bookings', '--location', 'bristol')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    scope.done()
    // The day the command ran (a run across midnight asks for the later day).
    expect([before, londonDateOf(new Date())]).toContain(asked)
  })

  it('shows what each booking was paid in all and how: after a checkout the deposit and the cash at the desk', async () => {
    const checkedOut = {
      id: ID, start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T11:00:00.000Z', status: 'Scheduled', checkedIn: true, practitioner: 'Maya Thompson',
      location: 'Bristol', service: 'Facial', customer: 'Jane Doe', depositPaid: 70, paid: [{ type: 'Online', amount: 70 }, { type: 'Cash', amount: 280 }], due: 0,
    }
    const scope = nock(HOST).get('/api/admin/bookings').query(true).reply(200, [checkedOut]).get('/api/public/organisations').reply(200, organisation)
    const run = await cli('admin', 'bookings', '--date', '2026-12-01')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    scope.done()
    expect(run.stdout).toContain('£350.00 (Online £70.00, Cash £280.00)')
    expect(run.stdout).not.toContain('Deposit paid')
  })

  it('refuses a --date that is not a calendar date before any call', async () => {
    const bad = await cli('admin', 'bookings', '--date', '2026-02-30')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("--date must be a calendar date as yyyy-MM-dd, got '2026-02-30'.")
  })
})
