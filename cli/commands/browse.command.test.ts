// nock tests of the browsing commands: each API call the CLI makes, its output and its exit code.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { runCli } from '../testing/run-cli'
import { ANNA, BEN, CATEGORY, CLINIC, FACIAL, HOST, MASSAGE, anna, ben, category, clinic, facial, massage, organisation, otherClinic, slot } from '../testing/fixtures'

const api = () => nock(HOST, { reqheaders: { 'x-tenant': 'demo' } })
const cli = (...args: string[]) => runCli(['--base-url', HOST, '--tenant', 'demo', ...args])

useNock()
beforeAll(() => {
  // the fixtures' days (March 2026) are still to come: a past day is a usage error
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T09:00:00Z') })
})
afterAll(() => vi.useRealTimers())

describe('clinic org', () => {
  it('GET /public/organisations: settings as aligned pairs, prices in the currency', async () => {
    api().get('/api/public/organisations').reply(200, organisation)
    const run = await cli('org')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^Name: +Glow Clinics$/m)
    expect(run.stdout).toMatch(/^Deposit: +10% \(percentage, each time, several services: sum\)$/m)
    expect(run.stdout).toMatch(/^Gift vouchers: +£50\.00, £100\.00$/m)
  })

  it('the late charge in words, as the terms say it, not the stored code', async () => {
    api().get('/api/public/organisations').reply(200, { ...organisation, lateCancellationChargeType: 'AMOUNT', lateCancellationChargeValue: 25 })
    const run = await cli('org')
    expect(run.stdout).toMatch(/^Late charge: +£25\.00 \(fixed amount\)$/m)
  })

  it('--json prints the organisation as JSON on stdout', async () => {
    api().get('/api/public/organisations').reply(200, organisation)
    const run = await cli('--json', 'org')
    expect(run.code).toBe(0)
    expect(run.json()).toEqual(organisation)
  })
})

describe('clinic locations', () => {
  it('GET /public-clinics: a table of id, name and address', async () => {
    api().get('/api/public-clinics').reply(200, [clinic, otherClinic])
    const run = await cli('locations')
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n').slice(0, 4)).toEqual([
      'ID                        Location  Address',
      '------------------------  --------  --------------------------',
      `${CLINIC}  Soho      1 High St, Floor 2, London`,
      `${otherClinic.id}  Camden    9 Market Rd, London`,
    ])
  })

  it('says so when there is none', async () => {
    api().get('/api/public-clinics').reply(200, [])
    expect((await cli('locations')).stdout).toBe('No content to show.\n')
  })
})

describe('clinic services', () => {
  const categories = () =>
    api()
      .get('/api/categories')
      .query({ clinic: CLINIC, fromCustomer: 'true', isFromOrg: 'false', offset: '0', limit: '1500' })
      // once: listing a category's services does not fetch the categories again
      .reply(200, [category])

  it('GET /categories and /services/public: services of the only location with duration and price', async () => {
    api().get('/api/public/organisations').reply(200, organisation)
    api().get('/api/public-clinics').reply(200, [clinic])
    categories()
    api().get('/api/services/public').query({ clinic: CLINIC, category: CATEGORY, offset: '0', pageSize: '20' }).reply(200, [facial, massage])
    const run = await cli('services')
    expect(run.code).toBe(0)
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^Category +Service +ID +Duration +Price$/)
    expect(lines[2]).toBe(`Face      Facial   ${FACIAL}  60 mins   From £40.00`)
    expect(lines[3]).toBe(`Face      Massage  ${MASSAGE}  30 mins        £30.00`)
  })

  it('--location by name among several, --category by name, --json', async () => {
    api().get('/api/public/organisations').reply(200, organisation)
    api().get('/api/public-clinics').reply(200, [otherClinic, clinic])
    categories()
    api().get('/api/services/public').query({ clinic: CLINIC, category: CATEGORY, offset: '0', pageSize: '20' }).reply(200, [facial])
    const run = await cli('--json', 'services', '--location', 'soho', '--category', 'Face')
    expect(run.code).toBe(0)
    const out = run.json<{ services: { id: string; category: string }[] }>()
    expect(out.services).toEqual([expect.objectContaining({ id: FACIAL, category: CATEGORY })])
  })

  it('a location nobody has is a usage error (2) naming the known ones', async () => {
    api().get('/api/public/organisations').reply(200, organisation)
    api().get('/api/public-clinics').reply(200, [otherClinic, clinic])
    const run = await cli('services', '--location', 'Paris')
    expect(run.code).toBe(2)
    expect(run.stderr).toBe("error: No location matches 'Paris' (--location). Known: Camden, Soho. (run clinic services --help for usage)\n")
  })

  it('several locations and no terminal: --location is required (2)', async () => {
    api().get('/api/public/organisations').reply(200, organisation)
    api().get('/api/public-clinics').reply(200, [otherClinic, clinic])
    const run = await cli('services')
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/--location is required \(one of: Camden, Soho\)/)
  })

  it('--courses: GET /course/groupedByCategory', async () => {
    api().get('/api/public/organisations').reply(200, organisation)
    api().get('/api/public-clinics').reply(200, [clinic])
    api()
      .get('/api/course/groupedByCategory')
      .query({ clinic: CLINIC, showOnline: 'true', includeEmpty: 'true' })
      .reply(200, [{ category, courses: [{ id: MASSAGE, name: 'Six massages', salePrice: 150, courseServices: [{ service: MASSAGE, quantity: 6, name: 'Massage' }] }] }])
    const run = await cli('services', '--courses')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/Face +Six massages +0{23}4 +6 x Massage +£150\.00/)
  })

  it('--courses --category: only the courses of that category', async () => {
    api().get('/api/public/organisations').reply(200, organisation)
    api().get('/api/public-clinics').reply(200, [clinic])
    api()
      .get('/api/course/groupedByCategory')
      .query(true)
      .reply(200, [
        { category, courses: [{ id: MASSAGE, name: 'Six massages', salePrice: 150, courseServices: [{ service: MASSAGE, quantity: 6, name: 'Massage' }] }] },
        { category: { id: CLINIC, name: 'Body' }, courses: [{ id: FACIAL, name: 'Three wraps', salePrice: 90, courseServices: [{ service: FACIAL, quantity: 3, name: 'Wrap' }] }] },
      ])
    const run = await cli('services', '--courses', '--category', 'body')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/Three wraps/)
    expect(run.stdout).not.toMatch(/Six massages/)
  })

  it('--vouchers: the amounts from the organisation', async () => {
    api().get('/api/public/organisations').reply(200, organisation)
    const run = await cli('services', '--vouchers')
    expect(run.stdout.trimEnd().split('\n')).toEqual(['Gift voucher', '------------', '      £50.00', '     £100.00'])
  })

  it('--courses with --vouchers, or --vouchers with --category, is a usage error (2), not one list silently', async () => {
    for (const args of [['--courses', '--vouchers'], ['--vouchers', '--category', 'Face']]) {
      const run = await cli('services', ...args)
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stderr).toMatch(/^error: option .* cannot be used with option .*\(run clinic services --help for usage\)\n$/)
    }
  })
})

describe('clinic staff, days, slots', () => {
  const browse = () => {
    api().get('/api/public/organisations').reply(200, organisation)
    api().get('/api/public-clinics').reply(200, [clinic])
    api().get('/api/categories').query(true).reply(200, [category])
    api().get('/api/services/public').query(true).reply(200, [facial, massage])
  }

  it('staff: POST /practitioners/public with the month', async () => {
    browse()
    api().post('/api/practitioners/public', { clinic: CLINIC, service: FACIAL, month: 3, year: 2026 }).reply(200, [anna, ben])
    const run = await cli('staff', '--service', 'Facial', '--month', '2026-03')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`${ANNA}  Anna   60 mins  £55.00`)
    expect(run.stdout).toContain(`${BEN}  Ben`)
  })

  it('days: POST /appointments/days-available-by-month, one request line per chained service', async () => {
    api().get('/api/public-clinics').reply(200, [clinic])
    api().get('/api/categories').query(true).reply(200, [category])
    api().get('/api/services/public').query(true).reply(200, [facial, massage])
    api()
      .post('/api/appointments/days-available-by-month', [
        { service: FACIAL, month: 3, year: 2026, location: CLINIC, practitioner: null, withHolidays: true },
        { service: MASSAGE, month: 3, year: 2026, location: CLINIC, practitioner: null, withHolidays: true },
      ])
      .reply(200, [{ date: '2026-03-11' }, { date: '2026-03-10' }])
    const run = await cli('days', '--service', 'Facial', '--service', 'Massage', '--month', '2026-03')
    expect(run.code).toBe(0)
    expect(run.stdout.trimEnd().split('\n').slice(2)).toEqual(['10/03/2026  Tuesday', '11/03/2026  Wednesday'])
  })

  it('days: the spec text when the month has none', async () => {
    api().get('/api/public-clinics').reply(200, [clinic])
    api().get('/api/categories').query(true).reply(200, [category])
    api().get('/api/services/public').query(true).reply(200, [facial])
    api().post('/api/appointments/days-available-by-month').reply(200, [])
    const run = await cli('days', '--service', FACIAL, '--month', '2026-03')
    expect(run.stdout).toBe('There is no availability for your selection this month.\n')
  })

  it('slots: POST /practitioners/time per service (forceInterval 5 after the first), chained start times', async () => {
    api().get('/api/public-clinics').reply(200, [clinic])
    api().get('/api/categories').query(true).reply(200, [category])
    api().get('/api/services/public').query(true).reply(200, [facial, massage])
    api().post('/api/practitioners/public').reply(200, [anna, ben])
    api()
      .post('/api/practitioners/time', (b) => b.service === FACIAL && b.checkFirst === true && b.staff === ANNA && b.date === '2026-03-10')
      .reply(200, [slot('09:00', 60), slot('10:00', 60), slot('11:00', 60, ANNA, false)])
    api()
      .post('/api/practitioners/time', (b) => b.service === MASSAGE && b.forceInterval === 5 && b.checkFirst === false)
      .reply(200, [slot('11:00', 30, BEN)])
    api().post('/api/practitioners/public').reply(200, [anna, ben])
    const run = await cli('slots', '--service', 'Facial', '--service', 'Massage', '--staff', 'Anna', '--date', '2026-03-10')
    expect(run.code).toBe(0)
    expect(run.stdout.trimEnd().split('\n')).toEqual(['Time   Ends   Staff', '-----  -----  ----------', '10:00  11:30  Anna + Ben'])
  })

  it("slots: each chained service's practitioner is named from that service's staff, not shown as an id", async () => {
    api().get('/api/public-clinics').reply(200, [clinic])
    api().get('/api/categories').query(true).reply(200, [category])
    api().get('/api/services/public').query(true).reply(200, [facial, massage])
    api().post('/api/practitioners/time', (b) => b.service === FACIAL).reply(200, [slot('10:00', 60)])
    api().post('/api/practitioners/time', (b) => b.service === MASSAGE).reply(200, [slot('11:00', 30, BEN)])
    api().post('/api/practitioners/public', (b) => b.service === FACIAL).reply(200, [anna])
    api().post('/api/practitioners/public', (b) => b.service === MASSAGE).reply(200, [ben])
    const run = await cli('slots', '--service', 'Facial', '--service', 'Massage', '--date', '2026-03-10')
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout.trimEnd().split('\n')[2]).toBe('10:00  11:30  Anna + Ben')
  })

  it('a malformed date is a usage error (2) and calls nothing', async () => {
    const run = await cli('slots', '--service', 'Facial', '--date', '10/03/2026')
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/expected a date as yyyy-MM-dd, got '10\/03\/2026'/)
  })
})

describe('exit codes of failed calls', () => {
  it('a refusal with the server message: 1', async () => {
    api().get('/api/public-clinics').reply(400, { statusCode: 400, message: 'Unknown tenant' })
    const run = await cli('locations')
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('error: Unknown tenant\n')
  })

  it('an unreachable server: 3, one line', async () => {
    api().get('/api/public-clinics').replyWithError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3000'), { code: 'ECONNREFUSED' }))
    const run = await cli('locations')
    expect(run.code).toBe(3)
    expect(run.stderr).toBe(`error: Could not reach the server at ${HOST}: connect ECONNREFUSED 127.0.0.1:3000\n`)
  })

  it('an answer that breaks the contract: 3', async () => {
    api().get('/api/public-clinics').reply(200, [{ id: 'not-an-id' }])
    const run = await cli('locations')
    expect(run.code).toBe(3)
    expect(run.stderr).toMatch(/^error: The server's answer broke the API contract: An unexpected error occurred \(GET \/public-clinics: Invalid response: .+\)\n$/)
  })

  it('an unknown command or option: 2 with commander\'s message', async () => {
    expect((await cli('nope')).code).toBe(2)
    const run = await cli('locations', '--bogus')
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/unknown option '--bogus'/)
  })

  it('a base URL that is not http(s): 2', async () => {
    const run = await runCli(['--base-url', 'ftp://x', 'locations'])
    expect(run.code).toBe(2)
  })

  it('no command: the help on stderr, exit 2; --version: exit 0', async () => {
    const bare = await runCli([])
    expect(bare.code).toBe(2)
    expect(bare.stdout).toBe('')
    expect(bare.stderr).toMatch(/^Usage: clinic \[options\] \[command\]/)
    const version = await runCli(['--version'])
    expect(version.code).toBe(0)
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/)
  })

  it('--help exits 0 and documents the exit codes', async () => {
    const run = await cli('--help')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/Exit codes:\n  0  success\n  1  the server refused/)
  })
})
