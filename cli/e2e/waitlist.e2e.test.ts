// The waitlist from the CLI, end to end (issue 32): the real server in-process (the demo tenant, PGlite in
// memory or PostgreSQL with DATABASE_URL) on a real port and the real executable as a child process. A
// customer joins with `clinic waitlist join`; the desk, signed in as staff, lists the waiting customers,
// offers a time by hand (held for the customer, who is mailed the offer's link) and removes the entry,
// through the same /api/admin/waitlist endpoints the /staff desk uses.
import { describe, expect, it } from 'vitest'
import { DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER } from '../../server/test-support/test-server'
import { londonDate, londonInstant } from '../../server/test-support/dates'
import { DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'
import { liveCli } from '../testing/live-server'

const live = liveCli('clinic-waitlist-', { timeoutMs: 60_000 })
const clinic = live.clinic

/** A Tuesday to Friday (Sarah works in London) four weeks ahead, clear of the seeded bookings. */
const day = londonDate(28, [2, 3, 4, 5])

interface AdminEntry {
  id: string
  customer: { name: string; email: string }
  clinic: { name: string }
  status: string
  offer?: { start: string; expiresAt: string }
}
const adminList = async () => {
  const run = await clinic(['--json', 'admin', 'waitlist', 'list', '--from', day, '--location', DEMO.clinicLondon])
  expect(run.code, run.stderr).toBe(0)
  return run.json<{ entries: AdminEntry[] }>().entries
}
/** The offer mails sent to an address (the outbox keeps them). */
const offerMails = async (email: string) =>
  (await live.server.db.selectFrom('outbox').select('text').where('to_address', '=', email).where('channel', '=', 'email').execute()).filter((r) => r.text.includes('/waitlist/offer/'))

describe('clinic admin waitlist against the real server', { timeout: 180_000 }, () => {
  let entryId = ''

  it('a customer joins; the desk needs a staff login, then lists them in its table', async () => {
    const login = await clinic(['login', '--email', OTHER_CUSTOMER.email, '--password-stdin'], `${OTHER_CUSTOMER.password}\n`)
    expect(login.code, login.stderr).toBe(0)
    const joined = await clinic(['--json', 'waitlist', 'join', '--location', DEMO.clinicLondon, '--service', DEMO.sConsultation, '--staff', DEMO.pSarah, '--from', day, '--parts', 'morning'])
    expect(joined.code, joined.stderr).toBe(0)
    entryId = joined.json<{ id: string }>().id

    // The customer's token is not the desk's: the staff commands ask for a staff login.
    const anonymous = await clinic(['admin', 'waitlist', 'list', '--from', day])
    expect(anonymous.code).toBe(1)
    expect(anonymous.stderr).toMatch(/clinic admin login/)

    const staff = await clinic(['admin', 'login', '--email', DEMO_STAFF_ADMIN.email, '--password', DEMO_STAFF_ADMIN.password])
    expect(staff.code, staff.stderr).toBe(0)
    const entries = await adminList()
    expect(entries.map((e) => [e.id, e.customer.email, e.status])).toEqual([[entryId, OTHER_CUSTOMER.email, 'active']])
    const table = await clinic(['admin', 'waitlist', 'list', '--from', day])
    expect(table.code, table.stderr).toBe(0)
    const row = table.stdout.split('\n').find((l) => l.startsWith(entryId))!
    const [{ customer, clinic: at }] = entries
    expect(row.split(/\s{2,}/)).toEqual([entryId, `${customer.name} <${OTHER_CUSTOMER.email}>`, at.name, 'Free consultation', 'Dr Sarah Jones', day, 'morning', 'active'])
  })

  it('offers a time by hand, the practitioner by name: held for the customer, who is mailed the offer', async () => {
    const offer = await clinic(['admin', 'waitlist', 'offer', entryId, '--date', day, '--time', '10:00', '--practitioner', 'sarah'])
    expect(offer.code, offer.stderr).toBe(0)
    expect(offer.stdout).toMatch(/^Offered \d\d\/\d\d\/\d{4} 10:00, held until \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/m)
    const [entry] = await adminList()
    expect(entry).toMatchObject({ id: entryId, status: 'offered', offer: { start: londonInstant(day, '10:00') } })
    const mine = await clinic(['--json', 'waitlist', 'list'])
    expect(mine.json<{ entries: { id: string; status: string }[] }>().entries.map((e) => [e.id, e.status])).toEqual([[entryId, 'offered']])
    await live.server.app.deps.mail.flush()
    expect(await offerMails(OTHER_CUSTOMER.email)).toHaveLength(1)
    // Held for them: nobody else can book it meanwhile.
    const taken = await live.server.app.inject({
      method: 'POST',
      url: '/api/appointments/public',
      headers: live.server.auth(await live.server.login(DEMO_CUSTOMER)),
      payload: { appointment: { event: { start: londonInstant(day, '10:00'), end: londonInstant(day, '10:00') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } },
    })
    expect(taken.statusCode).toBe(409)

    // A second offer while this one is open: the server's refusal, exit 1.
    const again = await clinic(['admin', 'waitlist', 'offer', entryId, '--date', day, '--time', '11:00', '--practitioner', DEMO.pSarah])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('This customer is not waiting: the entry has an open offer, or was booked or removed.')
  })

  it('removes the entry: the offered time is free again and nobody is waiting', async () => {
    const removed = await clinic(['admin', 'waitlist', 'remove', entryId])
    expect(removed.code, removed.stderr).toBe(0)
    expect(removed.stdout).toContain('The waitlist entry has been removed.')
    expect(await adminList()).toEqual([])
    const empty = await clinic(['admin', 'waitlist', 'list', '--from', day])
    expect(empty.stdout).toContain('Nobody is waiting.')
    const mine = await clinic(['--json', 'waitlist', 'list'])
    expect(mine.json<{ entries: unknown[] }>().entries).toEqual([])
    const free = await live.server.app.inject({
      method: 'POST',
      url: '/api/appointments/public',
      headers: live.server.auth(await live.server.login(OTHER_CUSTOMER)),
      payload: { appointment: { event: { start: londonInstant(day, '10:00'), end: londonInstant(day, '10:00') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } },
    })
    expect(free.statusCode, free.body).toBe(200)
    // An entry that no longer exists: the server's 404, exit 1.
    const gone = await clinic(['admin', 'waitlist', 'remove', entryId])
    expect(gone.code).toBe(1)
  })
})
