import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clearDate, londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { SLOT_TAKEN, TRANSACTION_IN_USE, transactionReusedText } from '../http/service-failure'
import { SESSION_ENDED, TOKEN_MESSAGE } from '../http/contract-route'
import { HoldSweeper } from './hold-sweeper'

let t: TestServer
let demo: string
let other: string
let offsetMs = 0
beforeAll(async () => {
  t = await buildTestServer({ clock: () => new Date(Date.now() + offsetMs) })
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
})
afterAll(() => t.close())

/** A day Sarah and James both work in London (Tuesday to Friday), clear of the seeded bookings, holiday and closed day. */
const day = londonDate(3, [2, 3, 4, 5])
const booking = (time: string, extra: Record<string, unknown> = {}) => ({
  appointment: {
    event: { start: londonInstant(day, time), end: londonInstant(day, time) },
    practitioner: DEMO.pSarah,
    clinic: DEMO.clinicLondon,
    service: DEMO.sAntiWrinkle1,
    ...extra,
  },
})
const post = (token: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/appointments/public', headers: token ? t.auth(token) : {}, payload: payload as object })

describe('POST /appointments/public', () => {
  it('needs a token, and valid input', async () => {
    expect((await post(undefined, booking('09:00'))).statusCode).toBe(401)
    const bad = await post(demo, { appointment: { event: { start: 'tomorrow' } } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^Invalid body/)
    const unknownService = await post(demo, booking('09:00', { service: 'ffffffffffffffffffffffff' }))
    expect(unknownService.statusCode).toBe(404)
    const wrongPractitioner = await post(demo, booking('09:00', { practitioner: DEMO.pOliver }))
    expect(wrongPractitioner.statusCode).toBe(400)
  })

  // The booking checks the session in its own read (under its locks), not at the door: an ended
  // session still answers 401 first, whatever else is wrong, and books nothing.
  it('refuses a logged-out token, one from before a password change and an unknown customer with 401, booking nothing', async () => {
    const ended = await t.login(DEMO_CUSTOMER)
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.auth(ended) })).statusCode).toBe(200)
    const beforeChange = await t.login(OTHER_CUSTOMER)
    await t.db.updateTable('customers').set({ tokens_valid_after: new Date(Date.now() + 60_000) }).where('id', '=', DEMO.customerOther).execute()
    const tenant = JSON.parse(Buffer.from(demo.split('.')[1], 'base64url').toString()).tenant as string
    const unknown = await t.app.deps.jwt.sign({ sub: 'no-such-customer', tenant, role: 'customer' })
    try {
      for (const [token, message] of [[ended, SESSION_ENDED], [beforeChange, SESSION_ENDED], [unknown, TOKEN_MESSAGE]] as const) {
        for (const payload of [booking('11:30'), booking('11:30', { service: 'ffffffffffffffffffffffff' }), booking('07:00')]) {
          const refused = await post(token, payload)
          expect(refused.json()).toEqual({ statusCode: 401, message })
        }
      }
    } finally {
      await t.db.updateTable('customers').set({ tokens_valid_after: null }).where('id', '=', DEMO.customerOther).execute()
    }
    const booked = await t.db.selectFrom('appointments').select('id').where('starts_at', '=', new Date(londonInstant(day, '11:30'))).execute()
    expect(booked).toEqual([])
  })

  it('holds the slot with the server deposit; the same slot again is a 409', async () => {
    const created = await post(demo, booking('09:30'))
    expect(created.statusCode).toBe(200)
    const body = created.json()
    // Sarah's price 180, organisation deposit 20%.
    expect(body).toMatchObject({ deposit: 36, appointment: { status: 'Pending', price: 180, practitioner: { id: DEMO.pSarah } } })
    expect(new Date(body.holdExpiresAt).getTime() - Date.now()).toBeGreaterThan(290_000)
    expect(body.appointment.event.end).toBe(londonInstant(day, '10:00'))
    const read = await t.app.inject({ method: 'GET', url: `/api/appointments/${body.appointment.id}`, headers: t.auth(demo) })
    expect(read.json()).toEqual(body.appointment)
    const again = await post(other, booking('09:45'))
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ statusCode: 409, message: SLOT_TAKEN })
  })

  it('refuses times outside working hours, in a break and in the past', async () => {
    expect((await post(demo, booking('07:00'))).statusCode).toBe(409)
    expect((await post(demo, booking('13:00'))).statusCode).toBe(409)
    const past = await post(demo, { appointment: { ...booking('10:00').appointment, event: { start: londonInstant(londonDate(-7), '10:00'), end: londonInstant(londonDate(-7), '10:30') } } })
    expect(past.statusCode).toBe(409)
  })

  it('answers a retried request with the same transaction id with the same booking', async () => {
    const first = await post(demo, { ...booking('15:00'), coherentTransactionId: 'txn-retry-1' })
    const second = await post(demo, { ...booking('15:00'), coherentTransactionId: 'txn-retry-1' })
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(second.json().appointment.id).toBe(first.json().appointment.id)
  })

  // Stripe's idempotency keys compare the request: the same id for another booking is no retry.
  it('refuses the same transaction id with another time or service with 409 naming the first booking, booking nothing', async () => {
    const first = await post(demo, { ...booking('15:30'), coherentTransactionId: 'txn-reused-1' })
    expect(first.statusCode, first.body).toBe(200)
    const id = first.json().appointment.id
    // What the server computes (the end) is no part of the request: sent otherwise, still a retry.
    const retry = await post(demo, { appointment: { ...booking('15:30').appointment, event: { start: londonInstant(day, '15:30'), end: londonInstant(day, '16:00') } }, coherentTransactionId: 'txn-reused-1' })
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json().appointment.id).toBe(id)
    // Invalid too (an unknown service: 404 on its own; a practitioner not offering it: 400): the id is compared first, as Stripe's keys.
    for (const other of [booking('14:30'), booking('15:30', { service: DEMO.sConsultation }), booking('15:30', { service: 'ffffffffffffffffffffffff' }), booking('15:30', { practitioner: DEMO.pOliver })]) {
      const reused = await post(demo, { ...other, coherentTransactionId: 'txn-reused-1' })
      expect(reused.json()).toEqual({ statusCode: 409, message: transactionReusedText(id) })
    }
    // Another customer's request with the id: not theirs (409); a logged-out token: 401 before anything is answered.
    expect((await post(other, { ...booking('15:30', { service: 'ffffffffffffffffffffffff' }), coherentTransactionId: 'txn-reused-1' })).json()).toEqual({ statusCode: 409, message: TRANSACTION_IN_USE })
    const ended = await t.login(DEMO_CUSTOMER)
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: t.auth(ended) })).statusCode).toBe(200)
    expect((await post(ended, { ...booking('15:30', { practitioner: DEMO.pOliver }), coherentTransactionId: 'txn-reused-1' })).json()).toEqual({ statusCode: 401, message: SESSION_ENDED })
    const rows = await t.db.selectFrom('appointments').select('id').where('transaction_id', '=', 'txn-reused-1').execute()
    expect(rows.map((r) => r.id)).toEqual([id])
    expect(await t.db.selectFrom('appointments').select('id').where('customer_id', '=', DEMO.customerDemo).where('starts_at', '=', new Date(londonInstant(day, '14:30'))).execute()).toEqual([])
  })

  it('books a chain of services as one linked booking, scheduled at once when nothing is due', async () => {
    const start = londonInstant(day, '11:00')
    const created = await post(demo, {
      appointment: {
        event: { start, end: start },
        practitioner: DEMO.pSarah,
        clinic: DEMO.clinicLondon,
        service: DEMO.sConsultation,
        linkedAppointments: [{ event: { start: londonInstant(day, '11:15'), end: londonInstant(day, '11:15') }, clinic: DEMO.clinicLondon, service: DEMO.sConsultation, practitioner: DEMO.pJames, isLinked: true }],
      },
    })
    expect(created.statusCode).toBe(200)
    const body = created.json()
    expect(body.deposit).toBe(0)
    // Nothing is held: no hold expiry.
    expect(body).not.toHaveProperty('holdExpiresAt')
    expect(body.appointments).toHaveLength(2)
    expect(body.appointments.map((a: { status: string }) => a.status)).toEqual(['Scheduled', 'Scheduled'])
    expect(body.appointment.linkedAppointments[0]).toMatchObject({ isLinked: true, practitioner: { id: DEMO.pJames } })
    // The answer is read back in the statement that writes the rows: it is what a read gives.
    for (const view of body.appointments) {
      const read = await t.app.inject({ method: 'GET', url: `/api/appointments/${view.id}`, headers: t.auth(demo) })
      expect(read.json()).toEqual(view)
    }
    await t.app.deps.mail.flush() // notices become mails
    const mails = await t.db.selectFrom('outbox').select(['subject', 'attachments']).where('to_address', '=', DEMO_CUSTOMER.email).execute()
    const confirmation = mails.find((m) => m.subject.startsWith('Booking confirmed'))
    expect(confirmation?.attachments[0].filename).toBe('appointment.ics')
  })
})

describe('holds', () => {
  it('releases an expired hold in the same transaction as a new booking', async () => {
    const held = await post(demo, booking('16:00'))
    expect(held.statusCode).toBe(200)
    expect((await post(other, booking('16:00'))).statusCode).toBe(409)
    offsetMs = 301_000
    try {
      const taken = await post(other, booking('16:00'))
      expect(taken.statusCode).toBe(200)
    } finally {
      offsetMs = 0
    }
    const first = await t.app.inject({ method: 'GET', url: `/api/appointments/${held.json().appointment.id}`, headers: t.auth(demo) })
    expect(first.json().status).toBe('Deleted')
  })

  it('the sweeper releases expired holds', async () => {
    const held = await post(demo, booking('16:30'))
    const id = held.json().appointment.id
    await t.db.updateTable('appointments').set({ hold_expires_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute()
    expect(await new HoldSweeper(t.db).sweep()).toBeGreaterThanOrEqual(1)
    const row = await t.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.status).toBe('Deleted')
  })

  it('delete-pending releases the customer own hold only', async () => {
    const held = await post(demo, booking('14:00'))
    const id = held.json().appointment.id
    const foreign = await t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${id}`, headers: t.auth(other) })
    expect(foreign.statusCode).toBe(404)
    expect((await t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${id}` })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'PUT', url: '/api/appointments/delete-pending/nope', headers: t.auth(demo) })).statusCode).toBe(400)
    const released = await t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${id}`, headers: t.auth(demo) })
    expect(released.statusCode).toBe(200)
    const twice = await t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${id}`, headers: t.auth(demo) })
    expect(twice.statusCode).toBe(409)
    expect((await post(other, booking('14:00'))).statusCode).toBe(200)
  })
})

describe('availability follows bookings at once (cached calendars are versioned)', () => {
  const times = async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/practitioners/time', payload: { date: day, service: DEMO.sConsultation, clinic: DEMO.clinicLondon, staff: DEMO.pSarah, minimiseGaps: false } })
    return (response.json() as { value: string; valid: boolean }[]).filter((s) => s.valid).map((s) => s.value)
  }

  it('a new hold takes its time out of the list, and releasing it gives it back', async () => {
    expect(await times()).toContain('12:45')
    const held = await post(demo, booking('12:30'))
    expect(held.statusCode).toBe(200)
    expect(await times()).not.toContain('12:45')
    await t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${held.json().appointment.id}`, headers: t.auth(demo) })
    expect(await times()).toContain('12:45')
  })
})

describe('GET /appointments/{id} and the customer list', () => {
  it('shows own appointments only', async () => {
    const own = await t.app.inject({ method: 'GET', url: `/api/appointments/${DEMO.apptLinkedMain}`, headers: t.auth(demo) })
    expect(own.statusCode).toBe(200)
    expect(own.json()).toMatchObject({ id: DEMO.apptLinkedMain, status: 'Scheduled', clinic: { id: DEMO.clinicLondon }, linkedAppointments: [{ id: DEMO.apptLinkedSecond, isLinked: true }] })
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/${DEMO.apptOther}`, headers: t.auth(demo) })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/${DEMO.apptOther}` })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments/123', headers: t.auth(demo) })).statusCode).toBe(400)
  })

  it('lists the customer appointments newest first, never another customer', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/appointments/customer/${DEMO.customerDemo}?pageSize=100&group=ALL`, headers: t.auth(demo) })
    expect(list.statusCode).toBe(200)
    const ids = list.json().appointments.map((a: { id: string }) => a.id)
    expect(ids).toEqual(expect.arrayContaining([DEMO.apptPast, DEMO.apptFuture, DEMO.apptCourse, DEMO.apptPastCancelled]))
    expect(ids).not.toContain(DEMO.apptOther)
    const starts = list.json().appointments.map((a: { event: { start: string } }) => a.event.start)
    expect([...starts].sort().reverse()).toEqual(starts)
    const course = list.json().appointments.find((a: { id: string }) => a.id === DEMO.apptCourse)
    expect(course.course).toBe(DEMO.customerCourseDemo)
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/customer/${DEMO.customerOther}`, headers: t.auth(demo) })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/customer/${DEMO.customerDemo}` })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/customer/${DEMO.customerDemo}?pageSize=ten`, headers: t.auth(demo) })).statusCode).toBe(400)
  })
})

describe('cancel and reschedule', () => {
  it('cancels an own appointment outside the late period; refuses inside it, and others', async () => {
    const foreign = await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${DEMO.apptOther}`, headers: t.auth(demo) })
    expect(foreign.statusCode).toBe(404)
    // as the staff commands say it: a sentence, with its full stop
    expect(foreign.json().message).toBe('Appointment not found.')
    const late = await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${DEMO.apptSoon}`, headers: t.auth(demo) })
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('This appointment starts within 48 hours and cannot be changed online.')
    const past = await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${DEMO.apptPast}`, headers: t.auth(demo) })
    expect(past.json()).toEqual({ statusCode: 409, message: 'This appointment is in the past.' })
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${DEMO.apptFuture}`, headers: t.auth(demo) })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json().status).toBe('Cancelled')
    const again = await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${DEMO.apptFuture}`, headers: t.auth(demo) })
    expect(again.json().message).toBe('This appointment is not scheduled.')
  })

  it('reschedules to a free time; a taken time is a 409; linked ones cannot move', async () => {
    const made = await post(demo, booking('10:00', { service: DEMO.sConsultation }))
    expect(made.json().appointment.status).toBe('Scheduled')
    const id = made.json().appointment.id
    const move = (token: string, time: string, target = id) =>
      t.app.inject({ method: 'PUT', url: `/api/appointments/reschedule/${target}`, headers: t.auth(token), payload: { appointment: { event: { start: londonInstant(day, time), end: londonInstant(day, time) } } } })
    // 09:30-10:00 is held by the first test's booking.
    expect((await move(demo, '09:30')).json()).toEqual({ statusCode: 409, message: SLOT_TAKEN })
    // Moving within its own time (overlapping itself) is fine.
    const moved = await move(demo, '10:10')
    expect(moved.statusCode).toBe(200)
    expect(moved.json().event.start).toBe(londonInstant(day, '10:10'))
    expect((await move(other, '10:30')).statusCode).toBe(404)
    const linked = await move(demo, '10:30', DEMO.apptLinkedSecond)
    expect(linked.json()).toEqual({ statusCode: 409, message: 'Linked appointments cannot be rescheduled.' })
    const bad = await t.app.inject({ method: 'PUT', url: `/api/appointments/reschedule/${id}`, headers: t.auth(demo), payload: { appointment: {} } })
    expect(bad.statusCode).toBe(400)
  })
})

describe('no double booking', () => {
  it('50 concurrent creates of one slot: exactly 1 success and 49 clear 409s', async () => {
    const slot = booking('12:00', { service: DEMO.sConsultation })
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => post(i % 2 ? demo : other, slot)))
    const statuses = responses.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(49)
    for (const r of responses.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(SLOT_TAKEN)
  })

  it('the database itself refuses overlapping occupying appointments', async () => {
    const [row] = await t.db.selectFrom('appointments').selectAll().where('id', '=', DEMO.apptLinkedMain).execute()
    await expect(
      t.db.insertInto('appointments').values({ ...row, id: 'ffffffffffffffffffffff01', created_at: undefined, updated_at: undefined } as never).execute(),
    ).rejects.toMatchObject({ code: '23P01' })
    // A cancelled one does not occupy time.
    await t.db.insertInto('appointments').values({ ...row, id: 'ffffffffffffffffffffff02', status: 'Cancelled', created_at: undefined, updated_at: undefined } as never).execute()
  })
})

describe('booking a session from a course', () => {
  const manchesterDay = londonDate(4)
  const session = (time: string, course = DEMO.customerCourseDemo) => ({
    appointment: {
      event: { start: londonInstant(manchesterDay, time), end: londonInstant(manchesterDay, time) },
      practitioner: DEMO.pOliver,
      clinic: DEMO.clinicManchester,
      service: DEMO.sLaserSmall,
      course,
    },
  })

  it('books with no deposit until the sessions run out; another customer cannot use the course', async () => {
    expect((await post(other, session('09:00'))).statusCode).toBe(403)
    // 6 sessions, 1 used, 1 booked (seed): 4 left.
    for (const time of ['09:00', '09:30', '10:00', '10:30']) {
      const booked = await post(demo, session(time))
      expect(booked.statusCode).toBe(200)
      expect(booked.json()).toMatchObject({ deposit: 0, appointment: { status: 'Scheduled', course: DEMO.customerCourseDemo, price: 0 } })
    }
    const none = await post(demo, session('11:00'))
    expect(none.statusCode).toBe(409)
    expect(none.json().message).toBeTruthy()
  })
})

describe('the hold sweeper', () => {
  it("the sweeper judges a hold by the server's clock (which set its expiry), not the database's", async () => {
    // Last in this file: a sweep on a clock 6 minutes on releases every hold then live. A day of its own.
    const far = clearDate(40)
    const hold = async (time: string) => {
      const held = await post(demo, { appointment: { ...booking(time).appointment, event: { start: londonInstant(far, time), end: londonInstant(far, time) } } })
      expect(held.statusCode, held.body).toBe(200)
      return held.json().appointment.id as string
    }
    const status = async (id: string) => (await t.db.selectFrom('appointments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
    const lapsed = await hold('10:00')
    // The sweeper's clock 6 minutes on (as a test moves the server's; as a database's clock may lag): lapsed,
    // whatever the database's own clock says.
    const ahead = () => new Date(Date.now() + 6 * 60_000)
    expect(await new HoldSweeper(t.db, undefined, ahead).sweep()).toBeGreaterThanOrEqual(1)
    expect(await status(lapsed)).toBe('Deleted')
    // One an hour behind does not release a hold the server still counts as live.
    const live = await hold('11:00')
    await new HoldSweeper(t.db, undefined, () => new Date(Date.now() - 60 * 60_000)).sweep()
    expect(await status(live)).toBe('Pending')
    expect((await t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${live}`, headers: t.auth(demo) })).statusCode).toBe(200)
  })
})
