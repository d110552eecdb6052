// nock tests of `clinic admin apply`: archiving items that still have upcoming bookings.
import { afterAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import { useNock } from '../../src/adapters/http/test-support'
import { runCli, tempConfigHome } from '../testing/run-cli'
import { HOST } from '../testing/fixtures'

const home = tempConfigHome()
const env = { XDG_CONFIG_HOME: home.dir }
const cli = (...args: string[]) => runCli(['--base-url', HOST, '--tenant', 'riverside', ...args], { env })
const FILE = 'docs/examples/clinic.yaml'

useNock()
afterAll(() => home.remove())

const plan = [
  { action: 'change', kind: 'service', slug: 'peel', changes: ['price'] },
  { action: 'archive', kind: 'practitioner', slug: 'jane-doe', upcomingBookings: 3 },
  { action: 'archive', kind: 'service', slug: 'massage', upcomingBookings: 0 },
]
const isDryRun = (dryRun: boolean) => (body: { dryRun?: boolean }) => body.dryRun === dryRun

describe('clinic admin apply: archives that leave upcoming bookings behind', () => {
  it('the plan names them with their count, and nothing is applied without --archive-with-bookings', async () => {
    // useNock refuses any request nobody expects: only the dry run reaches the server.
    nock(HOST).post('/api/admin/setup', isDryRun(true)).reply(200, { plan, applied: false })
    const run = await cli('admin', 'apply', '-f', FILE, '--yes')
    expect(run.stdout).toContain('archive practitioner jane-doe (3 upcoming bookings)')
    expect(run.stdout).toMatch(/archive service massage\n/)
    expect(run.stderr.trim()).toBe(
      'error: Not applied: archiving practitioner jane-doe, which has 3 upcoming bookings. Move or cancel those bookings first. To archive them anyway, run the command again with --archive-with-bookings.',
    )
    expect(run.code).toBe(1)
  })

  it('--archive-with-bookings applies, telling the server so', async () => {
    nock(HOST).post('/api/admin/setup', isDryRun(true)).reply(200, { plan, applied: false })
    const apply = nock(HOST)
      .post('/api/admin/setup', (body: { dryRun?: boolean; archiveWithBookings?: boolean }) => body.dryRun === false && body.archiveWithBookings === true)
      .reply(200, { plan, applied: true })
    const run = await cli('admin', 'apply', '-f', FILE, '--yes', '--archive-with-bookings')
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('Applied 3 changes.')
    expect(run.code).toBe(0)
    apply.done()
  })

  it('a plan whose archives leave no bookings applies as before, without the flag', async () => {
    const quiet = plan.filter((s) => s.slug !== 'jane-doe')
    nock(HOST).post('/api/admin/setup', isDryRun(true)).reply(200, { plan: quiet, applied: false })
    nock(HOST).post('/api/admin/setup', (body: { dryRun?: boolean; archiveWithBookings?: boolean }) => body.dryRun === false && body.archiveWithBookings === undefined).reply(200, { plan: quiet, applied: true })
    const run = await cli('admin', 'apply', '-f', FILE, '--yes')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Applied 2 changes.')
  })
})
