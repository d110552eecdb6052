import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../service-error'
import { londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

let t: TestServer
let demo: string
let other: string
beforeAll(async () => {
  t = await buildTestServer()
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
})
afterAll(() => t.close())

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? t.auth(token) : {} })
const coursesUrl = (customer: string) => `/api/course/customer-course?customerId=${customer}&clinic=all&excludeExpired=false`

const day = londonDate(9)
const bookSession = (time: string, token = demo, course = DEMO.customerCourseDemo) =>
  t.app.inject({
    method: 'POST',
    url: '/api/appointments/public',
    headers: t.auth(token),
    payload: {
      appointment: {
        event: { start: londonInstant(day, time), end: londonInstant(day, time) },
        practitioner: DEMO.pOliver,
        clinic: DEMO.clinicManchester,
        service: DEMO.sLaserSmall,
        course,
      },
    },
  })

describe("a customer's courses", () => {
  it('lists the seeded course with quantity, used, booked and no expiry', async () => {
    const res = await get(coursesUrl(DEMO.customerDemo), demo)
    expect(res.statusCode, res.body).toBe(200)
    const [course] = res.json()
    expect(course).toMatchObject({
      id: DEMO.customerCourseDemo,
      name: 'Laser hair removal: 6 sessions',
      quantity: 6,
      redeemed: 1,
      reserved: 1,
      endsOn: null,
      service: { id: DEMO.sLaserSmall },
      purchaseLocation: { id: DEMO.clinicManchester, accountName: 'Harley Aesthetics Manchester' },
      course: { id: DEMO.courseLaser },
    })
  })

  it("refuses another customer's courses and a missing token", async () => {
    expect((await get(coursesUrl(DEMO.customerDemo), other)).statusCode).toBe(403)
    expect((await get(coursesUrl(DEMO.customerDemo))).statusCode).toBe(401)
    expect((await get('/api/course/customer-course', demo)).statusCode).toBe(400)
    expect((await get(`/api/course/withoutAppt/${DEMO.customerDemo}`, other)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'POST', url: '/api/course/verify-assignment/ffffffffffffffffffffffff', headers: t.auth(demo) })).statusCode).toBe(404)
  })

  it('books a course session with a paid service in one booking: the session uses one session, the other item is charged its deposit', async () => {
    const mixed = londonDate(12)
    const [course] = (await get(coursesUrl(DEMO.customerDemo), demo)).json()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/public',
      headers: t.auth(demo),
      payload: {
        appointment: {
          event: { start: londonInstant(mixed, '14:00'), end: londonInstant(mixed, '14:15') },
          practitioner: DEMO.pOliver,
          clinic: DEMO.clinicManchester,
          service: DEMO.sLaserSmall,
          course: DEMO.customerCourseDemo,
          linkedAppointments: [
            { event: { start: londonInstant(mixed, '14:15'), end: londonInstant(mixed, '15:00') }, clinic: DEMO.clinicManchester, service: DEMO.sPeel, practitioner: DEMO.pOliver, isLinked: true, type: 'Appointment', course: null },
          ],
        },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    // Oliver's peel costs 85; the demo deposit is 20 % of the paid items only.
    const booked = res.json()
    expect(booked.deposit).toBe(17)
    const [session, peel] = booked.appointments
    expect(session).toMatchObject({ status: 'Pending', course: DEMO.customerCourseDemo, price: 0 })
    expect(peel).toMatchObject({ status: 'Pending', price: 85 })
    expect(peel.course ?? null).toBeNull()
    const after = (await get(coursesUrl(DEMO.customerDemo), demo)).json()[0]
    expect(after.reserved).toBe(course.reserved + 1)
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/api/invoice/create',
      headers: t.auth(demo),
      payload: { customer: DEMO.customerDemo, clinic: DEMO.clinicManchester, appointmentId: booked.appointment.id, origin: 'SALE', description: 'Invoice for Booking Deposit' },
    })
    expect(invoice.statusCode, invoice.body).toBe(200)
    expect(invoice.json()).toMatchObject({ amount: 17, isDraft: true, paymentStatus: 'Unpaid' })
    // Released unpaid, the session is the course's again (the next test counts them).
    const released = await t.app.inject({ method: 'PUT', url: `/api/appointments/delete-pending/${booked.appointment.id}`, headers: t.auth(demo) })
    expect(released.statusCode, released.body).toBe(200)
    expect((await get(coursesUrl(DEMO.customerDemo), demo)).json()[0].reserved).toBe(course.reserved)
  })

  it('books sessions from the course without a deposit until they run out', async () => {
    expect((await get(`/api/course/withoutAppt/${DEMO.customerDemo}`, demo)).json().map((c: { id: string }) => c.id)).toEqual([DEMO.customerCourseDemo])
    // 6 sessions: 1 used, 1 booked by the seed, so 4 more fit.
    for (const time of ['09:00', '09:30', '10:00', '10:30']) {
      const res = await bookSession(time)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ deposit: 0, appointment: { status: 'Scheduled', course: DEMO.customerCourseDemo } })
    }
    const refused = await bookSession('11:00')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(MESSAGES.courseNoSessions)
    const [course] = (await get(coursesUrl(DEMO.customerDemo), demo)).json()
    expect(course).toMatchObject({ quantity: 6, redeemed: 1, reserved: 5 })
    expect((await get(`/api/course/withoutAppt/${DEMO.customerDemo}`, demo)).json()).toEqual([])
  })

  it("refuses booking from another customer's course", async () => {
    const res = await bookSession('15:00', other)
    expect([403, 404]).toContain(res.statusCode)
  })
})
