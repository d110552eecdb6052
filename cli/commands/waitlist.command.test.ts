// nock tests of `clinic waitlist` and `clinic admin waitlist` (issue 32): the calls they send, their tables and JSON, their refusals.
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

const ENTRY = {
  id: '0123456789abcdef01234501',
  clinic: { id: '0123456789abcdef01234567', name: 'Bristol' },
  services: [{ id: '0123456789abcdef01234502', name: 'HydraFacial' }],
  practitioner: null,
  from: '2026-12-01',
  to: '2026-12-14',
  parts: ['morning', 'evening'],
  status: 'active',
  createdAt: '2026-11-30T09:00:00.000Z',
}
const MAYA = '0123456789abcdef01234568'

describe('clinic waitlist', () => {
  it('list shows the entries; --json gives the answer', async () => {
    nock(HOST).get('/api/waitlist').twice().reply(200, { entries: [ENTRY] })
    const run = await cli('waitlist', 'list')
    expect(run.code).toBe(0)
    const row = run.stdout.split('\n').find((l) => l.startsWith(ENTRY.id))!
    expect(row.split(/\s{2,}/)).toEqual([ENTRY.id, 'Bristol', 'HydraFacial', 'any', '2026-12-01 to 2026-12-14', 'morning, evening', 'active'])
    const json = await cli('--json', 'waitlist', 'list')
    expect(JSON.parse(json.stdout)).toEqual({ entries: [ENTRY] })
  })

  it('remove sends the DELETE; a bad id or bad parts are refused before any call (exit 2)', async () => {
    const scope = nock(HOST).delete(`/api/waitlist/${ENTRY.id}`).reply(200, { message: 'You have left the waitlist.' })
    const run = await cli('waitlist', 'remove', ENTRY.id)
    expect(run.code).toBe(0)
    scope.done()
    expect(run.stdout).toContain('You have left the waitlist.')
    expect((await cli('waitlist', 'remove', 'nope')).code).toBe(2)
    const parts = await cli('waitlist', 'join', '--location', 'bristol', '--service', 'facial', '--from', '2026-12-01', '--parts', 'night')
    expect(parts.code).toBe(2)
    expect(parts.stderr).toContain("expected morning, afternoon, evening (comma-separated), got 'night'.")
  })

  it('join --help shows the default parts as they are typed, not as a JSON array', async () => {
    const help = await cli('waitlist', 'join', '--help')
    expect(help.code).toBe(0)
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('(default: morning,afternoon,evening)')
  })

  it("passes the server's refusal on (exit 1)", async () => {
    nock(HOST).delete(`/api/waitlist/${ENTRY.id}`).reply(404, { statusCode: 404, message: 'Waitlist entry not found.' })
    const run = await cli('waitlist', 'remove', ENTRY.id)
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('Waitlist entry not found.')
  })
})

describe('clinic admin waitlist', () => {
  it('list asks for the dates and location and shows the customers in order', async () => {
    const scope = nock(HOST)
      .get('/api/admin/waitlist')
      .query({ from: '2026-12-02', to: '2026-12-02', clinic: 'bristol' })
      .reply(200, { entries: [{ ...ENTRY, customer: { id: '0123456789abcdef01234599', name: 'Jane Doe', email: 'jane@example.test' } }] })
    const run = await cli('admin', 'waitlist', 'list', '--from', '2026-12-02', '--location', 'bristol')
    expect(run.code).toBe(0)
    scope.done()
    expect(run.stdout).toContain('Jane Doe <jane@example.test>')
  })

  it('offer sends the London time as UTC with the practitioner; remove sends the DELETE', async () => {
    const scope = nock(HOST)
      .post(`/api/admin/waitlist/${ENTRY.id}/offer`, { practitioner: MAYA, start: '2026-12-02T10:00:00.000Z' })
      .reply(200, { entry: ENTRY.id, items: [{ service: ENTRY.services[0].id, practitioner: MAYA, start: '2026-12-02T10:00:00.000Z', end: '2026-12-02T11:00:00.000Z' }], expiresAt: '2026-11-30T09:15:00.000Z' })
      .delete(`/api/admin/waitlist/${ENTRY.id}`)
      .reply(200, { message: 'The waitlist entry has been removed.' })
    const offer = await cli('admin', 'waitlist', 'offer', ENTRY.id, '--date', '2026-12-02', '--time', '10:00', '--practitioner', MAYA)
    expect(offer.stderr).toBe('')
    expect(offer.code).toBe(0)
    expect(offer.stdout).toContain('Offered')
    const removed = await cli('admin', 'waitlist', 'remove', ENTRY.id)
    expect(removed.code).toBe(0)
    scope.done()
  })

  it("offer takes the practitioner by name, among those of the entry's first service there (as admin book does)", async () => {
    const scope = nock(HOST)
      .get('/api/admin/waitlist')
      .query({ from: '2026-12-02', to: '2026-12-02' })
      .reply(200, { entries: [{ ...ENTRY, customer: { id: '0123456789abcdef01234599', name: 'Jane Doe', email: 'jane@example.test' } }] })
      .post('/api/practitioners/public', { clinic: ENTRY.clinic.id, service: ENTRY.services[0].id, month: 12, year: 2026 })
      .reply(200, [{ id: MAYA, displayName: 'Maya Thompson' }, { id: '0123456789abcdef01234569', displayName: 'Lena Novak' }])
      .post(`/api/admin/waitlist/${ENTRY.id}/offer`, { practitioner: MAYA, start: '2026-12-02T10:00:00.000Z' })
      .reply(200, { entry: ENTRY.id, items: [{ service: ENTRY.services[0].id, practitioner: MAYA, start: '2026-12-02T10:00:00.000Z', end: '2026-12-02T11:00:00.000Z' }], expiresAt: '2026-11-30T09:15:00.000Z' })
    const offer = await cli('admin', 'waitlist', 'offer', ENTRY.id, '--date', '2026-12-02', '--time', '10:00', '--practitioner', 'maya')
    expect(offer.stderr).toBe('')
    expect(offer.code).toBe(0)
    scope.done()
  })

  it('offer refuses a practitioner name that matches nobody of the service, naming those who do (exit 2), and offers nothing', async () => {
    nock(HOST)
      .get('/api/admin/waitlist')
      .query({ from: '2026-12-02', to: '2026-12-02' })
      .reply(200, { entries: [{ ...ENTRY, customer: { id: '0123456789abcdef01234599', name: 'Jane Doe', email: 'jane@example.test' } }] })
      .post('/api/practitioners/public')
      .reply(200, [{ id: MAYA, displayName: 'Maya Thompson' }])
    const offer = await cli('admin', 'waitlist', 'offer', ENTRY.id, '--date', '2026-12-02', '--time', '10:00', '--practitioner', 'bob')
    expect(offer.code).toBe(2)
    expect(offer.stderr).toContain("No practitioner matches 'bob' (--practitioner). Known: Maya Thompson.")
  })
})
