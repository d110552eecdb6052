// The desk's day from the CLI, end to end: the real server in-process (the demo tenant, PGlite in memory
// or PostgreSQL with DATABASE_URL) on a real port and the real executable as a child process, signed in
// as the demo's admin, through the same /api/admin endpoints the /staff desk uses.
import { describe, expect, it } from 'vitest'
import { DEMO, OTHER_CUSTOMER } from '../../server/test-support/test-server'
import { clearDate } from '../../server/test-support/dates'
import { DEMO_STAFF_ADMIN } from '../../server/seed/demo.seed'
import { liveCli } from '../testing/live-server'
import { smsSegments } from '../../src/domain/policy/sms-segments'
import { MESSAGES } from '../../server/service-error'
import { PAY_AT_CLINIC_MESSAGES } from '../../server/desk/pay-at-clinic.service'

const live = liveCli('clinic-desk-day-', { timeoutMs: 60_000 })
const clinic = live.clinic

/** A Tuesday to Friday (James works in London too), clear of the seeded bookings. */
const day = clearDate(30, [2, 3, 4, 5])

interface Booked {
  appointments: { id: string; start: string }[]
}

describe('clinic admin on the desk’s day against the real server', { timeout: 180_000 }, () => {
  it('refuses to move a booking where the customer already has another visit, naming it and the flag; --allow-overlap moves it', async () => {
    const staff = await clinic(['admin', 'login', '--email', DEMO_STAFF_ADMIN.email, '--password', DEMO_STAFF_ADMIN.password])
    expect(staff.code, staff.stderr).toBe(0)
    const book = (time: string, practitioner: string) =>
      clinic(['--json', 'admin', 'book', '--customer', OTHER_CUSTOMER.email, '--location', DEMO.clinicLondon, '--service', DEMO.sAntiWrinkle1, '--practitioner', practitioner, '--start', `${day} ${time}`, '--pay', 'clinic'])
    const sarahs = await book('10:00', DEMO.pSarah)
    const jamess = await book('15:00', DEMO.pJames)
    expect([sarahs.code, jamess.code], `${sarahs.stderr}${jamess.stderr}`).toEqual([0, 0])
    const sarahsId = sarahs.json<Booked>().appointments[0]!.id
    const jamessId = jamess.json<Booked>().appointments[0]!.id

    const refused = await clinic(['admin', 'move', jamessId, '--start', `${day} 10:15`])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('This customer already has a booking at this time: Anti-wrinkle injections: 1 area with Dr Sarah Jones')
    expect(refused.stderr).toContain(`(appointment ${sarahsId}). To move it anyway, run the command again with --allow-overlap.`)
    const moved = await clinic(['--json', 'admin', 'move', jamessId, '--start', `${day} 10:15`, '--allow-overlap'])
    expect(moved.code, moved.stderr).toBe(0)
    expect(moved.json<{ start: string; practitioner: string }>()).toMatchObject({ practitioner: 'James Patel' })
    const row = await live.server.db.selectFrom('appointments').select('starts_at').where('id', '=', jamessId).executeTakeFirstOrThrow()
    expect(new Date(row.starts_at).toISOString()).toBe(moved.json<{ start: string }>().start)
  })

  it('texts the pay link to a customer created with --texts, in one segment; mails only one created without', async () => {
    const create = (email: string, mobile: string, ...more: string[]) =>
      clinic(['--json', 'admin', 'customer', 'create', '--title', 'Ms', '--first-name', 'Tess', '--surname', 'Text', '--email', email, '--mobile', mobile, '--dob', '02/04/1980', '--gender', 'female', ...more])
    const texting = await create('tess.texts@example.com', '07700 900555', '--texts')
    const mailOnly = await create('tess.mail@example.com', '07700 900556')
    expect([texting.code, mailOnly.code], `${texting.stderr}${mailOnly.stderr}`).toEqual([0, 0])
    const book = (email: string, time: string) =>
      clinic(['--json', 'admin', 'book', '--customer', email, '--location', DEMO.clinicLondon, '--service', DEMO.sAntiWrinkle1, '--practitioner', DEMO.pSarah, '--start', `${day} ${time}`, '--pay', 'link'])
    const booked = await book('tess.texts@example.com', '11:00')
    expect(booked.code, booked.stderr).toBe(0)
    const { payLink } = booked.json<{ payLink: string }>()
    const texts = await live.server.db.selectFrom('outbox').select(['to_address', 'text']).where('channel', '=', 'sms').where('subject', '=', 'pay-link').execute()
    expect(texts.map((m) => m.to_address)).toEqual(['+447700900555'])
    expect(texts[0]!.text.endsWith(payLink)).toBe(true)
    expect(smsSegments(texts[0]!.text)).toBe(1)
    expect((await book('tess.mail@example.com', '12:00')).code).toBe(0)
    const after = await live.server.db.selectFrom('outbox').select('to_address').where('channel', '=', 'sms').where('subject', '=', 'pay-link').execute()
    expect(after.map((m) => m.to_address)).toEqual(['+447700900555'])
  })

  it('pay-at-clinic: a booking still waiting for its pay link is confirmed with what is due at the clinic, and the link then takes nothing', async () => {
    const staff = await clinic(['admin', 'login', '--email', DEMO_STAFF_ADMIN.email, '--password', DEMO_STAFF_ADMIN.password])
    expect(staff.code, staff.stderr).toBe(0)
    const booked = await clinic(['--json', 'admin', 'book', '--customer', OTHER_CUSTOMER.email, '--location', DEMO.clinicLondon, '--service', DEMO.sAntiWrinkle1, '--practitioner', DEMO.pSarah, '--start', `${day} 16:00`, '--pay', 'link'])
    expect(booked.code, booked.stderr).toBe(0)
    const { payLink, appointments } = booked.json<Booked & { payLink: string }>()
    const id = appointments[0]!.id

    const switched = await clinic(['admin', 'pay-at-clinic', id])
    expect(switched.stderr).toBe('')
    expect(switched.code).toBe(0)
    expect(switched.stdout).toContain(PAY_AT_CLINIC_MESSAGES.switched)
    expect(switched.stdout).toContain('Pay at the clinic: £180.00.')
    expect(switched.stdout).not.toContain('Pay link')
    const row = switched.stdout.split('\n').find((l) => l.includes(id))!
    expect(row).toContain('Scheduled')
    const saved = await live.server.db.selectFrom('appointments').select(['status', 'hold_expires_at']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(saved).toEqual({ status: 'Scheduled', hold_expires_at: null })
    // The customer who opens the link afterwards is told why it takes nothing.
    const page = await live.server.app.inject({ method: 'GET', url: new URL(payLink).pathname })
    expect(page.body).toContain(MESSAGES.payLinkVoided)

    const again = await clinic(['admin', 'pay-at-clinic', id])
    expect(again.code).toBe(1)
    expect(again.stderr).toBe(`error: ${MESSAGES.notAwaitingPayment}\n`)
    const notAnId = await clinic(['admin', 'pay-at-clinic', 'abc'])
    expect(notAnId.code).toBe(2)
  })
})
