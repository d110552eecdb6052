/**
 * Practitioners are told (issue 29): a practitioner's staff login gets a mail (and a text where it set a
 * number) on each new, moved or cancelled booking with them (and, when one moves to another
 * practitioner, that it left), through the outbox and a real SMTP server, and can turn them off; each practitioner has a private calendar feed (read by ical.js and node-ical,
 * as calendar apps do) that follows the bookings, and that a new link or a revoke ends.
 */
import ICAL from 'ical.js'
import nodeIcal from 'node-ical'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_PASSWORD } from '../admin/admin-test-support'
import { clearDate, londonInstant } from '../test-support/dates'
import { SmtpInbox } from '../test-support/smtp-inbox'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { insertStaff } from './staff.repository'
import { setPasswordLink } from './staff.service'
import { operatorDb } from './staff.tables'

const inbox = new SmtpInbox()
let t: TestServer
let customer: string
let sarah: Record<string, string>
let admin: Record<string, string>

async function staffLogin(email: string, role: 'admin' | 'practitioner', practitionerId: string | null): Promise<Record<string, string>> {
  const db = operatorDb(t.db)
  const row = await insertStaff(db, { tenant: 'demo', email, displayName: email.split('@')[0]!, role, practitionerId })
  const token = (await setPasswordLink(db, 'demo', row.id, 'http://x', new Date())).split('/').pop()!
  await t.app.inject({ method: 'POST', url: '/api/staff/set-password', payload: { token, password: STAFF_PASSWORD } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: { email, password: STAFF_PASSWORD } })
  expect(login.statusCode, login.body).toBe(200)
  return { authorization: `Bearer ${login.json().token as string}` }
}

beforeAll(async () => {
  await inbox.start()
  t = await buildTestServer({ smtpUrl: inbox.url, publicUrl: 'https://book.clinic.test' })
  customer = await t.login(DEMO_CUSTOMER)
  sarah = await staffLogin('sarah.login@demo.example.com', 'practitioner', DEMO.pSarah)
  admin = await staffLogin('owner@demo.example.com', 'admin', null)
})
afterAll(async () => {
  await t.close()
  await inbox.stop()
})

const day = clearDate(9, [2, 3, 4, 5])
async function book(time: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/public',
    headers: t.auth(customer),
    payload: { appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sConsultation } },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().appointment.id as string
}
const cancel = async (id: string) => {
  const response = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/cancel`, headers: admin, payload: {} })
  expect(response.statusCode, response.body).toBe(200)
}
const toSarah = () => inbox.mails.filter((m) => m.to && 'text' in m.to && m.to.text === 'sarah.login@demo.example.com')
const settings = (body: object) => t.app.inject({ method: 'PUT', url: '/api/staff/me/notifications', headers: sarah, payload: body })
const feedPath = (url: string) => new URL(url).pathname

describe("the practitioner's booking notifications", () => {
  it('mails the practitioner on a new booking and on a cancel, with the customer, service, time and the desk link', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me/notifications', headers: sarah })).json()).toEqual({ email: true, sms: true })
    const id = await book('10:00')
    await t.app.deps.mail.flush()
    const booked = toSarah()
    expect(booked.map((m) => m.subject)).toEqual([expect.stringMatching(/^New booking: \S.* on \d{2}\/\d{2}\/\d{4} 10:00 \| Harley Aesthetics$/)])
    expect(booked[0]!.text).toContain('A new booking with you:')
    expect(booked[0]!.text).toContain('Open the desk: https://book.clinic.test/staff')
    expect(booked[0]!.attachments).toHaveLength(0)
    await cancel(id)
    await t.app.deps.mail.flush()
    expect(toSarah().map((m) => m.subject?.split(':')[0])).toEqual(['New booking', 'Booking cancelled by the clinic'])
  })

  it('texts the number the login set, and nothing by mail or text once both are turned off', async () => {
    expect((await settings({ email: false, sms: true, mobilePhone: 'not a phone' })).statusCode).toBe(400)
    const saved = await settings({ email: false, sms: true, mobilePhone: '07700 900456' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ email: false, sms: true, mobilePhone: '+447700900456' })
    const before = toSarah().length
    await book('11:00')
    await t.app.deps.mail.flush()
    expect(toSarah()).toHaveLength(before)
    const texts = await t.db.selectFrom('outbox').select(['text']).where('channel', '=', 'sms').where('to_address', '=', '+447700900456').execute()
    expect(texts.map((r) => r.text)).toEqual([expect.stringMatching(/^Harley Aesthetics: new booking .+ 11:00, /)])
    expect((await settings({ email: false, sms: false, mobilePhone: '' })).json()).toEqual({ email: false, sms: false })
    await book('12:00')
    await t.app.deps.mail.flush()
    expect(toSarah()).toHaveLength(before)
    expect(await t.db.selectFrom('outbox').select('id').where('channel', '=', 'sms').where('to_address', '=', '+447700900456').execute()).toHaveLength(1)
    await settings({ email: true, sms: true, mobilePhone: '' })
  })
})

describe('a booking moved to another practitioner', () => {
  const to = (address: string) => () => inbox.mails.filter((m) => m.to && 'text' in m.to && m.to.text === address)
  const toJames = to('james.login@demo.example.com')
  const subjects = (mails: typeof inbox.mails) => mails.map((m) => m.subject)

  it('tells the practitioner it left (to whom and when) and the one it went to, on a desk move and a customer reschedule; each as they chose', async () => {
    const james = await staffLogin('james.login@demo.example.com', 'practitioner', DEMO.pJames)
    const id = await book('15:00')
    await t.app.deps.mail.flush()
    const sarahBefore = toSarah().length
    const jamesBefore = toJames().length

    // The desk moves it from Sarah at 15:00 to James at 15:30.
    const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/move`, headers: admin, payload: { start: londonInstant(day, '15:30'), practitioner: 'James Patel' } })
    expect(moved.statusCode, moved.body).toBe(200)
    await t.app.deps.mail.flush()
    const away = toSarah().slice(sarahBefore)
    expect(subjects(away)).toEqual([expect.stringMatching(/^Booking moved away: \S.*, Free consultation on \d{2}\/\d{2}\/\d{4} 15:00 \| Harley Aesthetics$/)])
    expect(away[0]!.text).toContain('A booking has moved to another practitioner and is no longer in your calendar:')
    expect(away[0]!.text).toMatch(/Now with James Patel: \w+day .* at 15:30 \(London time\), /)
    expect(away[0]!.text).toContain('turn them off at https://book.clinic.test/staff/notifications')
    expect(subjects(toJames().slice(jamesBefore))).toEqual([expect.stringMatching(/^Booking moved: .* 15:30 \| Harley Aesthetics$/)])
    expect(toJames().at(-1)!.text).toContain('A booking has moved to you from Dr Sarah Jones. The new time:')

    // The customer moves it back to Sarah at 16:00: now James hears it left him.
    const back = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/reschedule/${id}`,
      headers: t.auth(customer),
      payload: { appointment: { event: { start: londonInstant(day, '16:00'), end: londonInstant(day, '16:00') }, practitioner: DEMO.pSarah } },
    })
    expect(back.statusCode, back.body).toBe(200)
    await t.app.deps.mail.flush()
    expect(subjects(toJames().slice(jamesBefore))).toEqual([expect.stringMatching(/^Booking moved: .* 15:30 /), expect.stringMatching(/^Booking moved away: .* 15:30 /)])
    expect(toJames().at(-1)!.text).toMatch(/Now with Dr Sarah Jones: .* at 16:00 \(London time\)/)
    expect(subjects(toSarah().slice(sarahBefore))).toEqual([expect.stringMatching(/^Booking moved away: /), expect.stringMatching(/^Booking moved: .* 16:00 /)])
    expect(toSarah().at(-1)!.text).toContain('A booking has moved to you from James Patel. The new time:')

    // A new time with the same practitioner leaves no calendar.
    const later = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/move`, headers: admin, payload: { start: londonInstant(day, '16:15') } })
    expect(later.statusCode, later.body).toBe(200)
    await t.app.deps.mail.flush()
    expect(subjects(toSarah().slice(sarahBefore)).at(-1)).toMatch(/^Booking moved: .* 16:15 /)
    expect(toSarah().at(-1)!.text).toContain('A booking with you has moved. The new time:')
    expect(subjects(toSarah().slice(sarahBefore)).filter((s) => s?.startsWith('Booking moved away'))).toHaveLength(1)

    // James turns mail off and sets a number: a move away from him is a text only.
    const off = await t.app.inject({ method: 'PUT', url: '/api/staff/me/notifications', headers: james, payload: { email: false, sms: true, mobilePhone: '07700 900789' } })
    expect(off.statusCode, off.body).toBe(200)
    const jamesMails = toJames().length
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/move`, headers: admin, payload: { start: londonInstant(day, '16:30'), practitioner: 'James Patel' } })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/move`, headers: admin, payload: { start: londonInstant(day, '16:45'), practitioner: 'Dr Sarah Jones' } })).statusCode).toBe(200)
    await t.app.deps.mail.flush()
    expect(toJames()).toHaveLength(jamesMails)
    const texts = await t.db.selectFrom('outbox').select(['text']).where('channel', '=', 'sms').where('to_address', '=', '+447700900789').execute()
    expect(texts.map((r) => r.text).sort()).toEqual([
      expect.stringMatching(/^Harley Aesthetics: booking moved away .*, Free consultation \w{3} \d{1,2} \w{3} 16:30, now with Dr Sarah Jones\.$/),
      expect.stringMatching(/^Harley Aesthetics: booking moved to .* 16:30, /),
    ])
    expect(subjects(toSarah().slice(sarahBefore)).slice(-2)).toEqual([expect.stringMatching(/^Booking moved away: .* 16:15 /), expect.stringMatching(/^Booking moved: .* 16:45 /)])
  })
})

describe("the practitioner's calendar feed", () => {
  it('a subscription URL that calendar apps read: the bookings with the customer, not the cancelled ones', async () => {
    const kept = await book('14:00')
    const gone = await book('15:00')
    await cancel(gone)
    const created = await t.app.inject({ method: 'POST', url: '/api/staff/calendar-feed', headers: sarah, payload: {} })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ practitionerId: DEMO.pSarah, url: expect.stringMatching(/^https:\/\/book\.clinic\.test\/api\/calendar-feeds\/[\w-]{43}\/calendar\.ics$/) })
    const feed = await t.app.inject({ method: 'GET', url: feedPath(created.json().url) })
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/)
    expect(feed.headers['cache-control']).toMatch(/private/)
    const calendar = new ICAL.Component(ICAL.parse(feed.body))
    expect(calendar.getFirstPropertyValue('method')).toBeNull()
    const uids = calendar.getAllSubcomponents('vevent').map((e) => String(e.getFirstPropertyValue('uid')))
    expect(uids).toContain(`${kept}@demo.clinic-booking`)
    expect(uids).not.toContain(`${gone}@demo.clinic-booking`)
    const event = Object.values(nodeIcal.sync.parseICS(feed.body)).find((c) => c?.type === 'VEVENT' && c.uid === `${kept}@demo.clinic-booking`) as nodeIcal.VEvent
    expect(String(event.summary)).toBe('Free consultation: Jane Doe')
    expect(new Date(event.start).toISOString()).toBe(londonInstant(day, '14:00'))
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/calendar-feed', headers: sarah })).json()).toMatchObject({ active: true, practitionerName: expect.any(String) })
  })

  it('a new link revokes the older one; a revoke ends the feed; the token answers on its own tenant only', async () => {
    const first = (await t.app.inject({ method: 'POST', url: '/api/staff/calendar-feed', headers: sarah, payload: {} })).json().url as string
    const second = (await t.app.inject({ method: 'POST', url: '/api/staff/calendar-feed', headers: sarah, payload: {} })).json().url as string
    expect((await t.app.inject({ method: 'GET', url: feedPath(first) })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: feedPath(second) })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: feedPath(second), headers: { 'x-tenant': 'other' } })).statusCode).toBe(404)
    const revoked = await t.app.inject({ method: 'POST', url: '/api/staff/calendar-feed/revoke', headers: sarah, payload: {} })
    expect(revoked.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: feedPath(second) })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/calendar-feed', headers: sarah })).json()).toMatchObject({ active: false })
  })

  it("a practitioner's login manages only its own feed; an admin names any practitioner; customers get 401", async () => {
    const others = await t.app.inject({ method: 'POST', url: '/api/staff/calendar-feed', headers: sarah, payload: { practitionerId: DEMO.pJames } })
    expect(others.statusCode).toBe(403)
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/calendar-feed', headers: admin, payload: {} })).statusCode).toBe(400)
    const forJames = await t.app.inject({ method: 'POST', url: '/api/staff/calendar-feed', headers: admin, payload: { practitionerId: DEMO.pJames } })
    expect(forJames.statusCode, forJames.body).toBe(201)
    expect(forJames.json().practitionerId).toBe(DEMO.pJames)
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/calendar-feed', headers: admin, payload: { practitionerId: 'ffffffffffffffffffffffff' } })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/calendar-feed', headers: t.auth(customer), payload: {} })).statusCode).toBe(401)
  })
})
