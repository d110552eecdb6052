// nock tests of `clinic admin report`: the query it sends, its table, CSV and JSON, and its refusals.
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

const CLINIC = '0123456789abcdef01234567'
const MAYA = '0123456789abcdef01234568'
const activity = { bookings: 12, completed: 8, cancelled: 3, cancelledByCustomer: 2, cancelledByClinic: 1, cancelledLate: 1, noShows: 1, bookedMinutes: 540, workingMinutes: 1440, utilisation: 37.5 }
const takings = { depositsTaken: 120, paymentsTaken: 470.5, refunds: 20, vouchersRedeemed: 30, coursesSold: 1, courseSales: 300, vouchersSold: 1, voucherSales: 50 }
const REPORT = {
  from: '2026-11-01',
  to: '2026-11-30',
  currency: 'GBP',
  clinics: [{ id: CLINIC, name: 'Bristol', ...activity, ...takings }],
  practitioners: [{ id: MAYA, name: 'Maya Thompson', clinicId: CLINIC, clinic: 'Bristol', ...activity }],
  totals: { ...activity, ...takings },
}

describe('clinic admin report', () => {
  it('asks for the range and location, and shows bookings, takings and practitioners', async () => {
    const scope = nock(HOST, { reqheaders: { 'x-tenant': 'riverside' } }).get('/api/admin/reports').query({ from: '2026-11-01', to: '2026-11-30', location: 'bristol' }).reply(200, REPORT)
    const run = await cli('admin', 'report', '--from', '2026-11-01', '--to', '2026-11-30', '--location', 'bristol')
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    scope.done()
    expect(run.stdout).toContain('Report 2026-11-01 to 2026-11-30 (London dates)')
    const maya = run.stdout.split('\n').find((l) => l.startsWith('Maya Thompson'))!
    expect(maya.split(/\s{2,}/)).toEqual(['Maya Thompson', 'Bristol', '12', '8', '3', '2', '1', '1', '1', '9.0', '24.0', '37.5%'])
    const total = run.stdout.split('\n').filter((l) => l.startsWith('Total'))
    expect(total[1]!.split(/\s{2,}/)).toEqual(['Total', '£120.00', '£470.50', '£20.00', '£30.00', '1 / £300.00', '1 / £50.00'])
  })

  it('--csv writes the spreadsheet rows, --json the API answer', async () => {
    nock(HOST).get('/api/admin/reports').query(true).twice().reply(200, REPORT)
    const csv = await cli('admin', 'report', '--from', '2026-11-01', '--to', '2026-11-30', '--csv')
    expect(csv.code).toBe(0)
    const lines = csv.stdout.trimEnd().split('\r\n')
    expect(lines.map((l) => l.split(',')[0])).toEqual(['Row', 'Clinic', 'Practitioner', 'Total'])
    expect(lines[2]).toBe('Practitioner,Bristol,Maya Thompson,12,8,3,2,1,1,1,540,1440,37.5,,,,,,,,')
    const json = await cli('--json', 'admin', 'report', '--from', '2026-11-01', '--to', '2026-11-30')
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual(REPORT)
  })

  it('checks its dates and flags before any call (exit 2), and passes on a refusal (exit 1)', async () => {
    const bad = await cli('admin', 'report', '--from', '1/11/2026', '--to', '2026-11-30')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("error: --from must be a calendar date as yyyy-MM-dd, got '1/11/2026'.")
    // The right shape, but no such day: the message says what is wrong with it.
    const noSuchDay = await cli('admin', 'report', '--from', '2026-11-01', '--to', '2026-13-01')
    expect(noSuchDay.code).toBe(2)
    expect(noSuchDay.stderr).toContain("error: --to must be a calendar date as yyyy-MM-dd, got '2026-13-01'.")
    const both = await cli('--json', 'admin', 'report', '--from', '2026-11-01', '--to', '2026-11-30', '--csv')
    expect(both.code).toBe(2)
    expect(both.stderr).toContain('error: Choose one of --csv and --json.')
    nock(HOST).get('/api/admin/reports').query(true).reply(403, { statusCode: 403, message: 'Only an admin can do this.' })
    const practitioner = await cli('admin', 'report', '--from', '2026-11-01', '--to', '2026-11-30')
    expect(practitioner.code).toBe(1)
    expect(practitioner.stderr).toContain('Only an admin can do this.')
  })
})
