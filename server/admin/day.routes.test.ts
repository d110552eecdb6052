/** The day's work through the admin API, on the seeded demo tenant with staff created by the real services. */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { insertStaff } from '../staff/staff.repository'
import { setPasswordLink } from '../staff/staff.service'
import { operatorDb } from '../staff/staff.tables'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { STAFF_PASSWORD } from './admin-test-support'
import { clearDays, londonInstant } from '../test-support/dates'

let t: TestServer
let admin: Record<string, string>
let sarah: Record<string, string>
let futureDate: string
/** How far the server's clock is ahead of the real time (a test moves it, then puts it back). */
let offsetMs = 0

async function staffLogin(email: string, role: 'admin' | 'practitioner', practitionerId: string | null): Promise<Record<string, string>> {
  const db = operatorDb(t.db)
  const row = await insertStaff(db, { tenant: 'demo', email, displayName: email, role, practitionerId })
  const token = (await setPasswordLink(db, 'demo', row.id, 'http://x', new Date())).split('/').pop()!
  await t.app.inject({ method: 'POST', url: '/api/staff/set-password', payload: { token, password: STAFF_PASSWORD } })
  const login = await t.app.inject({ method: 'POST', url: '/api/staff/login', payload: { email, password: STAFF_PASSWORD } })
  return { authorization: `Bearer ${login.json().token as string}` }
}

beforeAll(async () => {
  t = await buildTestServer({ clock: () => new Date(Date.now() + offsetMs) })
  admin = await staffLogin('desk@demo.example.com', 'admin', null)
  sarah = await staffLogin('sarah@demo.example.com', 'practitioner', DEMO.pSarah)
  const row = await t.db.selectFrom('appointments').select('starts_at').where('id', '=', DEMO.apptFuture).executeTakeFirstOrThrow()
  futureDate = formatInTimeZone(row.starts_at, 'Europe/London', 'yyyy-MM-dd')
})
afterAll(() => t.close())

const bookings = (headers: Record<string, string>, query: string) => t.app.inject({ method: 'GET', url: `/api/admin/bookings?${query}`, headers })

describe('GET /admin/bookings', () => {
  it("lists the day's appointments per practitioner, filtered by location and practitioner", async () => {
    const day = await bookings(admin, `date=${futureDate}`)
    expect(day.statusCode, day.body).toBe(200)
    const future = day.json().find((b: { id: string }) => b.id === DEMO.apptFuture)
    expect(future).toMatchObject({ status: 'Scheduled', practitioner: 'Dr Sarah Jones', customer: 'Jane Doe', customerEmail: DEMO_CUSTOMER.email, customerPhone: '+447700900123', depositPaid: 0 })
    expect((await bookings(admin, `date=${futureDate}&location=manchester`)).json().map((b: { id: string }) => b.id)).not.toContain(DEMO.apptFuture)
    expect((await bookings(admin, `date=${futureDate}&practitioner=Dr%20Sarah%20Jones`)).json().map((b: { id: string }) => b.id)).toContain(DEMO.apptFuture)
  })

  it('refuses a location or practitioner that matches nothing (a typo), rather than answering an empty day', async () => {
    const location = await bookings(admin, `date=${futureDate}&location=nowhere`)
    expect(location.statusCode, location.body).toBe(400)
    expect(location.json().message).toBe("No location is called 'nowhere'.")
    const practitioner = await bookings(admin, `date=${futureDate}&practitioner=nobody`)
    expect(practitioner.statusCode, practitioner.body).toBe(400)
    expect(practitioner.json().message).toBe("No practitioner is called 'nobody'.")
  })

  it('shows a practitioner only their own appointments, and refuses a customer token', async () => {
    const all = (await bookings(sarah, `date=${futureDate}`)).json() as { practitioner: string }[]
    expect(all.length).toBeGreaterThan(0)
    expect(new Set(all.map((b) => b.practitioner))).toEqual(new Set(['Dr Sarah Jones']))
    const customer = await t.login(DEMO_CUSTOMER)
    expect((await bookings(t.auth(customer), `date=${futureDate}`)).statusCode).toBe(401)
    // and an admin-only call is 403 for a practitioner
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/customers?q=jane', headers: sarah })).statusCode).toBe(403)
  })
  it("refuses a practitioner the admins' desk actions on their own appointment (move, cancel, checkout), leaving it as it was", async () => {
    const before = await t.db.selectFrom('appointments').select(['starts_at', 'status']).where('id', '=', DEMO.apptFuture).executeTakeFirstOrThrow()
    const later = new Date(before.starts_at.getTime() + 3_600_000).toISOString()
    const move = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${DEMO.apptFuture}/move`, headers: sarah, payload: { start: later } })
    expect(move.statusCode).toBe(403)
    const cancel = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${DEMO.apptFuture}/cancel`, headers: sarah, payload: {} })
    expect(cancel.statusCode).toBe(403)
    const checkout = await t.app.inject({ method: 'GET', url: `/api/admin/appointments/${DEMO.apptFuture}/checkout`, headers: sarah })
    expect(checkout.statusCode).toBe(403)
    const after = await t.db.selectFrom('appointments').select(['starts_at', 'status']).where('id', '=', DEMO.apptFuture).executeTakeFirstOrThrow()
    expect(after).toEqual(before)
  })

  it('leaves out times held while a customer books (slot holds) and released holds: they were never bookings', async () => {
    const row = await t.db.selectFrom('appointments').selectAll().where('id', '=', DEMO.apptFuture).executeTakeFirstOrThrow()
    const at = (hours: number) => new Date(row.starts_at.getTime() + 365 * 86_400_000 + hours * 3_600_000)
    const copy = (id: string, hours: number, extra: Record<string, unknown>) => ({ ...row, id, starts_at: at(hours), ends_at: new Date(at(hours).getTime() + 1_800_000), created_at: undefined, updated_at: undefined, ...extra })
    await t.db.insertInto('appointments').values([
      copy('eeeeeeeeeeeeeeeeeeeeee01', 0, {}),
      copy('eeeeeeeeeeeeeeeeeeeeee02', 1, { status: 'Pending', customer_id: null, hold_id: 'eeeeeeeeeeeeeeeeeeeeee02', hold_expires_at: at(1) }),
      copy('eeeeeeeeeeeeeeeeeeeeee03', 2, { status: 'Deleted' }),
    ] as never).execute()
    const day = await bookings(admin, `date=${formatInTimeZone(at(0), 'Europe/London', 'yyyy-MM-dd')}`)
    expect(day.statusCode, day.body).toBe(200)
    const ids = day.json().map((b: { id: string }) => b.id)
    expect(ids).toContain('eeeeeeeeeeeeeeeeeeeeee01')
    expect(ids).not.toContain('eeeeeeeeeeeeeeeeeeeeee02')
    expect(ids).not.toContain('eeeeeeeeeeeeeeeeeeeeee03')
  })
})

describe('GET /admin/rota', () => {
  it('names who works at the location that weekday; a practitioner sees themself', async () => {
    const rota = (headers: Record<string, string>, query: string) => t.app.inject({ method: 'GET', url: `/api/admin/rota?${query}`, headers })
    const hours = await t.db.selectFrom('practitioner_hours').select(['practitioner_id', 'weekday']).where('clinic_id', '=', DEMO.clinicLondon).where('practitioner_id', '=', DEMO.pSarah).executeTakeFirstOrThrow()
    // a date of that weekday
    const date = new Date(Date.UTC(2026, 11, 6 + hours.weekday)).toISOString().slice(0, 10)
    const all = await rota(admin, `date=${date}&location=${DEMO.clinicLondon}`)
    expect(all.statusCode, all.body).toBe(200)
    expect(all.json()).toContainEqual({ id: DEMO.pSarah, name: 'Dr Sarah Jones' })
    expect((await rota(sarah, `date=${date}&location=${DEMO.clinicLondon}`)).json()).toEqual([{ id: DEMO.pSarah, name: 'Dr Sarah Jones' }])
    expect((await rota(admin, `date=${date}&location=nowhere`)).json()).toEqual([])
  })
})

describe('on a customer’s behalf', () => {
  it('finds customers by email or name', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/api/admin/customers?q=jane%20doe', headers: admin })
    expect(found.json()).toEqual([expect.objectContaining({ id: DEMO.customerDemo, email: DEMO_CUSTOMER.email })])
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/customers?q=demo@example', headers: admin })).json()).toHaveLength(1)
  })

  const attendance = (id: string, headers: Record<string, string>, mark: 'checked-in' | 'no-show') =>
    t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${id}/attendance`, headers, payload: { mark } })
  const startOf = async (id: string) => new Date((await t.db.selectFrom('appointments').select('starts_at').where('id', '=', id).executeTakeFirstOrThrow()).starts_at)
  /** Sets the server's clock to `at` (the real clock goes on ticking from there). */
  const serverTimeIs = (at: Date) => {
    offsetMs = at.getTime() - Date.now()
  }

  it("refuses a move outside the practitioner's working day, naming the hours, as the desk's booking does", async () => {
    const start = await startOf(DEMO.apptOther)
    const date = formatInTimeZone(start, 'Europe/London', 'yyyy-MM-dd')
    const longDate = formatInTimeZone(start, 'Europe/London', 'EEEE do MMMM yyyy')
    const at = (time: string) => fromZonedTime(`${date}T${time}:00`, 'Europe/London').toISOString()
    const moveTo = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${DEMO.apptOther}/move`, headers: admin, payload })
    // Sarah works 09:00 to 17:00 in London on weekdays, with a break 13:00 to 13:30; the visit is 45 minutes.
    expect((await moveTo({ start: at('07:00') })).json()).toEqual({ statusCode: 409, message: `This time is outside Dr Sarah Jones's working hours: 09:00 to 17:00 on ${longDate}. Please choose a time within them.` })
    expect((await moveTo({ start: at('16:30') })).statusCode).toBe(409)
    expect((await moveTo({ start: at('12:45') })).json().message).toBe(`This time is in Dr Sarah Jones's break (13:00 to 13:30) on ${longDate}. Please choose another time.`)
    // Tom works in London on Saturdays only
    expect((await moveTo({ start: at('10:00'), practitioner: 'Tom Brown' })).json().message).toBe(`Tom Brown does not work here on ${longDate}. Please choose another day or practitioner.`)
    expect(await startOf(DEMO.apptOther)).toEqual(start)
  })

  it("checks in on the appointment's day only, moves, marks no-show once the start has passed, cancels without a fee", async () => {
    try {
      // 11 days ahead: neither check-in nor no-show yet, and nothing changes
      const tooEarly = await attendance(DEMO.apptOther, sarah, 'checked-in')
      expect(tooEarly.statusCode, tooEarly.body).toBe(409)
      expect(tooEarly.json()).toEqual({ statusCode: 409, message: 'A customer can be checked in only on the day of the appointment.' })

      const later = new Date((await startOf(DEMO.apptOther)).getTime() - 24 * 3_600_000 * 7).toISOString()
      const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${DEMO.apptOther}/move`, headers: admin, payload: { start: later } })
      expect(moved.statusCode, moved.body).toBe(200)
      expect(moved.json().start).toBe(later)
      // into Sarah's own booked time: the overlap constraint says no
      const future = await t.db.selectFrom('appointments').select('starts_at').where('id', '=', DEMO.apptFuture).executeTakeFirstOrThrow()
      const clash = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${DEMO.apptOther}/move`, headers: admin, payload: { start: new Date(future.starts_at).toISOString() } })
      expect(clash.statusCode).toBe(409)

      const start = await startOf(DEMO.apptOther)
      // an hour before its start (09:00 London, so the same London day): check-in yes, no-show not yet
      serverTimeIs(new Date(start.getTime() - 3_600_000))
      const notStarted = await attendance(DEMO.apptOther, admin, 'no-show')
      expect(notStarted.statusCode, notStarted.body).toBe(409)
      expect(notStarted.json()).toEqual({ statusCode: 409, message: 'A no-show can be marked only once the appointment has started.' })
      const checked = await attendance(DEMO.apptOther, sarah, 'checked-in')
      expect(checked.statusCode, checked.body).toBe(200)
      expect(checked.json()).toMatchObject({ checkedIn: true, status: 'Scheduled' })
      offsetMs = 0

      // apptSoon is hours ahead: not Sarah's (403), and not a no-show before it starts
      expect((await attendance(DEMO.apptSoon, sarah, 'no-show')).statusCode).toBe(403)
      const soonEarly = await attendance(DEMO.apptSoon, admin, 'no-show')
      expect(soonEarly.statusCode, soonEarly.body).toBe(409)
      expect((await t.db.selectFrom('appointments').select('status').where('id', '=', DEMO.apptSoon).executeTakeFirstOrThrow()).status).toBe('Scheduled')
      serverTimeIs(new Date((await startOf(DEMO.apptSoon)).getTime() + 60_000))
      const noShow = await attendance(DEMO.apptSoon, admin, 'no-show')
      expect(noShow.statusCode, noShow.body).toBe(200)
      expect(noShow.json().status).toBe('No show')
    } finally {
      offsetMs = 0
    }
    // a fee is never taken unless asked for (late-fee.routes.test.ts)
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${DEMO.apptLinkedMain}/cancel`, headers: admin, payload: {} })
    expect(cancelled.json().status).toBe('Cancelled')
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${DEMO.apptLinkedMain}/cancel`, headers: admin, payload: {} })).statusCode).toBe(409)
    // the linked service left leads its own visit: not linked any more, so it can be moved online
    const left = await t.db.selectFrom('appointments').select(['is_linked', 'group_id', 'status']).where('id', '=', DEMO.apptLinkedSecond).executeTakeFirstOrThrow()
    expect(left).toEqual({ is_linked: false, group_id: null, status: 'Scheduled' })
  })

  it('checks in a booking still waiting for its pay-link deposit as Scheduled, whose balance checkout then takes', async () => {
    const [day] = clearDays(4, 1)
    const booked = await t.app.inject({
      method: 'POST', url: '/api/admin/desk/bookings', headers: admin,
      payload: { customer: DEMO.customerOther, location: DEMO.clinicLondon, start: londonInstant(day!, '11:00'), services: [{ service: DEMO.sAntiWrinkle1, practitioner: DEMO.pSarah }], payment: 'link' },
    })
    expect(booked.statusCode, booked.body).toBe(201)
    const id = booked.json().appointments[0].id as string
    expect(booked.json().status).toBe('Pending')
    try {
      serverTimeIs(new Date(Date.parse(londonInstant(day!, '11:00')) - 3_600_000))
      const checked = await attendance(id, admin, 'checked-in')
      expect(checked.statusCode, checked.body).toBe(200)
      expect(checked.json()).toMatchObject({ checkedIn: true, status: 'Scheduled' })
      const checkout = await t.app.inject({ method: 'GET', url: `/api/admin/appointments/${id}/checkout`, headers: admin })
      expect(checkout.statusCode, checkout.body).toBe(200)
      expect(checkout.json()).toMatchObject({ paid: 0, balance: checkout.json().price })
      expect(checkout.json().price).toBeGreaterThan(0)
    } finally {
      offsetMs = 0
    }
  })

  it('refuses to move, cancel (with a fee or without) or mark a checked-in appointment: the customer came', async () => {
    const start = await startOf(DEMO.apptFuture)
    const row = () => t.db.selectFrom('appointments').select(['starts_at', 'status', 'checked_in', 'practitioner_id']).where('id', '=', DEMO.apptFuture).executeTakeFirstOrThrow()
    const refusal = { statusCode: 409, message: 'This appointment is checked in and cannot be changed.' }
    try {
      serverTimeIs(new Date(start.getTime() - 3_600_000))
      expect((await attendance(DEMO.apptFuture, admin, 'checked-in')).statusCode).toBe(200)
      const before = await row()
      expect(before.checked_in).toBe(true)
      // past its start, when a no-show could otherwise be marked
      serverTimeIs(new Date(start.getTime() + 60_000))
      const tomorrow = new Date(start.getTime() + 24 * 3_600_000).toISOString()
      const answers = [
        await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${DEMO.apptFuture}/move`, headers: admin, payload: { start: tomorrow } }),
        await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${DEMO.apptFuture}/move`, headers: admin, payload: { start: tomorrow, practitioner: 'James Patel' } }),
        await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${DEMO.apptFuture}/cancel`, headers: admin, payload: {} }),
        await t.app.inject({ method: 'PUT', url: `/api/admin/appointments/${DEMO.apptFuture}/cancel`, headers: admin, payload: { chargeFee: true } }),
        await attendance(DEMO.apptFuture, admin, 'no-show'),
        await attendance(DEMO.apptFuture, sarah, 'checked-in'),
      ]
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(409)
        expect(answer.json()).toEqual(refusal)
      }
      expect(await row()).toEqual(before)
    } finally {
      offsetMs = 0
    }
  })

  it("delivers 'logout-customer' to the customer's live socket", async () => {
    const token = await t.login(DEMO_CUSTOMER)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/api/ws?token=${encodeURIComponent(token)}`)
    const messages: { from: string }[] = []
    const waiters: (() => void)[] = []
    socket.on('message', (data) => {
      messages.push(JSON.parse(String(data)) as { from: string })
      for (const wake of waiters.splice(0)) wake()
    })
    const nth = async (n: number) => {
      while (messages.length < n) await new Promise<void>((resolve) => waiters.push(resolve))
      return messages[n - 1]
    }
    // The server greets a registered socket first: from then on it receives what is published.
    expect((await nth(1))?.from).toBe('connected')
    const sent = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${DEMO.customerDemo}/logout`, headers: admin })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(await nth(2)).toEqual({ from: 'logout-customer', customerId: DEMO.customerDemo })
    socket.close()
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/customers/${'f'.repeat(24)}/logout`, headers: admin })).statusCode).toBe(404)
  })
})
