/**
 * What an outside tester sends: hostile and malformed input on every kind of route, times the grid
 * does not offer, foreign locations, negative amounts, paying a released hold, another customer's
 * card setup. Every refusal is a 4xx with `{ statusCode, message }`, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'
import { TRANSACTION_IN_USE } from '../http/service-failure'
import { KEEPS_CLINIC, KEEPS_SERVICE, MAX_SERVICES, OFF_GRID, TOO_MANY_SERVICES } from '../booking/booking.service'
import { MESSAGES } from '../service-error'

let t: TestServer
let demo: string
let other: string
beforeAll(async () => {
  t = await buildTestServer()
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
})
afterAll(() => t.close())

const FF = 'ffffffffffffffffffffffff'
const day = londonDate(4)
const at = (time: string, d: string = day) => ({ start: londonInstant(d, time), end: londonInstant(d, time) })
const booking = (time: string, extra: Record<string, unknown> = {}) => ({
  appointment: { event: at(time), practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1, ...extra },
})
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? t.auth(token) : {}), ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as string } : {}),
  })

function expectError(res: { statusCode: number; json(): unknown }, status: number, message?: string | RegExp) {
  expect(res.statusCode).toBe(status)
  const body = res.json() as { statusCode: number; message: string }
  expect(body.statusCode).toBe(status)
  expect(typeof body.message).toBe('string')
  if (typeof message === 'string') expect(body.message).toBe(message)
  else if (message) expect(body.message).toMatch(message)
}

describe('malformed input is a 400 with a clear message, never a 500', () => {
  it('a deeply nested body', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000)
    for (const url of ['/api/appointments/public', '/api/practitioners/time', '/api/appointments/days-available-by-month']) {
      expectError(await send('POST', url, demo, deep), 400, /nested more than 32 levels/)
    }
  })

  it('NUL characters in a path parameter and in a body', async () => {
    expectError(await send('GET', '/api/coherence/check-payment/%00'), 400, /NUL/)
    expectError(await send('GET', '/api/card-setup-intents/a%00b', demo), 400, /NUL/)
    const lead = { firstName: 'A\u0000n', surname: 'Lee', email: 'ann@example.com' }
    expectError(await send('POST', '/api/customers-lead?from=customer', undefined, lead), 400, 'Invalid body: a text may not contain NUL characters (firstName).')
  })

  it('sandbox card pages with an id that cannot be a processor id', async () => {
    for (const url of ['/sandbox/pay/a%00b', '/sandbox/setup/a%00b', '/sandbox/pay/txn%20x']) {
      expectError(await send('GET', url), 404)
      expectError(await send('POST', url, undefined, {}), 404)
    }
  })

  it('a number, list or object where a text belongs is called so, not "empty"', async () => {
    for (const firstName of [1, [], {}, true]) {
      const lead = { firstName, surname: 'Lee', email: 'ann@example.com' }
      expectError(await send('POST', '/api/customers-lead?from=customer', undefined, lead), 400, /^Invalid body: firstName must be a text \(got /)
    }
    expectError(await send('POST', '/api/customers-lead?from=customer', undefined, { firstName: '  ', surname: 'Lee', email: 'ann@example.com' }), 400, /^Invalid body: firstName must not be empty/)
  })

  it('huge texts and huge lists', async () => {
    const lead = { firstName: 'Ann', surname: 'Lee', email: 'ann@example.com', message: 'x'.repeat(30_000) }
    expectError(await send('POST', '/api/customers-lead?from=customer', undefined, lead), 400, /longer than 20000 characters \(message\)/)
    const many = { firstName: 'Ann', surname: 'Lee', email: 'ann@example.com', interested: Array.from({ length: 501 }, () => 'x') }
    expectError(await send('POST', '/api/customers-lead?from=customer', undefined, many), 400, /more than 500 entries \(interested\)/)
    // A value that does not decode is shown shortened, not echoed whole.
    const res = await send('POST', '/api/appointments/public', demo, { appointment: { ...booking('10:00').appointment, practitioner: 'y'.repeat(5_000) } })
    expectError(res, 400, /^Invalid body: appointment\.practitioner must be a 24-character hexadecimal id \(got "y+…\)\.$/)
    expect(res.body.length).toBeLessThan(300)
  })

  it('dates that do not exist on the calendar', async () => {
    const feb30 = { appointment: { ...booking('10:00').appointment, event: { start: '2026-02-30T10:00:00Z', end: '2026-02-30T10:00:00Z' } } }
    expectError(await send('POST', '/api/appointments/public', demo, feb30), 400, /"2026-02-30T10:00:00Z" is not a real date \(appointment\.event\.(start|end)\)/)
    const year0 = { appointment: { ...booking('10:00').appointment, event: { start: '0000-01-06T10:00:00Z', end: '0000-01-06T10:00:00Z' } } }
    expectError(await send('POST', '/api/appointments/public', demo, year0), 400, /is not a real date/)
    const far = { appointment: { ...booking('10:00').appointment, event: { start: '9999-12-31T23:59:59Z', end: '9999-12-31T23:59:59Z' } } }
    expectError(await send('POST', '/api/appointments/public', demo, far), 400, /is outside the years 1800 to 2999 \(appointment\.event\.(start|end)\)/)
    expectError(await send('POST', '/api/practitioners/time', undefined, { date: '9999-12-31', service: DEMO.sAntiWrinkle1, clinic: DEMO.clinicLondon }), 400, /outside the years/)
    expectError(await send('POST', '/api/practitioners/time', undefined, { date: '2026-13-01', service: DEMO.sAntiWrinkle1, clinic: DEMO.clinicLondon }), 400, /is not a real date \(date\)/)
    expectError(await send('PUT', `/api/customers/${DEMO.customerDemo}`, demo, { dateOfBirth: '1990-02-29T12:00:00.000Z' }), 400, /is not a real date \(dateOfBirth\)/)
  })

  it('names the field and what it expects', async () => {
    expectError(await send('POST', '/api/appointments/public', demo, {}), 400, 'Invalid body: appointment is required.')
    expectError(await send('POST', '/api/appointments/public', demo), 400, 'Invalid body: a JSON body is required.')
    expectError(await send('POST', '/api/appointments/public', demo, '[]'), 400, 'Invalid body: the body must be an object (got []).')
    const badLinked = booking('10:00', { linkedAppointments: [{ event: {}, clinic: DEMO.clinicLondon, service: DEMO.sConsultation }] })
    expectError(await send('POST', '/api/appointments/public', demo, badLinked), 400, 'Invalid body: appointment.linkedAppointments[0].event.start is required.')
    expectError(await send('GET', '/api/appointments/abc', demo), 400, 'Invalid path parameters: id must be a 24-character hexadecimal id (got "abc").')
    expectError(await send('GET', `/api/appointments/customer/${DEMO.customerDemo}?pageSize=x`, demo), 400, 'Invalid query: pageSize must be a whole number (got "x").')
    expectError(await send('POST', '/api/appointments/public', demo, '{bad json'), 400)
  })

  it('availability steps and years the calendar cannot walk (a negative step ran the server out of memory)', async () => {
    const times = (forceInterval: number) =>
      send('POST', '/api/practitioners/time', undefined, { date: day, service: DEMO.sAntiWrinkle1, clinic: DEMO.clinicLondon, staff: DEMO.pSarah, forceInterval })
    for (const bad of [-1, -60, 1441]) expectError(await times(bad), 400, 'forceInterval must be between 0 and 1440 minutes.')
    expect((await times(5)).statusCode).toBe(200)
    const month = (year: number) => send('POST', '/api/appointments/days-available-by-month', undefined, [{ service: DEMO.sAntiWrinkle1, month: 1, year, location: DEMO.clinicLondon }])
    for (const bad of [-1, 0, 9999, 2 ** 53]) expectError(await month(bad), 400, 'year must be between 1800 and 2999')
    expect((await month(2027)).statusCode).toBe(200)
  })

  it('paging values a database cannot use', async () => {
    expectError(await send('GET', '/api/services/public?pageSize=-5'), 400, 'Paging values must be between 0 and 100000.')
    expectError(await send('GET', '/api/services/public?offset=100000000000000000000'), 400, 'Paging values must be between 0 and 100000.')
    expectError(await send('GET', '/api/categories?count=-1'), 400, 'Paging values must be between 0 and 100000.')
    expectError(await send('GET', `/api/appointments/customer/${DEMO.customerDemo}?page=100000000000000000000`, demo), 400)
    expect((await send('GET', '/api/services/public?pageSize=2')).json()).toHaveLength(2)
  })
})

describe('bookings the grid does not offer', () => {
  it('a start between two offered times is refused; an offered one is held', async () => {
    expectError(await send('POST', '/api/appointments/public', demo, booking('10:07')), 400, OFF_GRID)
    expectError(await send('POST', '/api/appointments/public', demo, booking('10:00', { event: { start: `${londonInstant(day, '10:00').slice(0, 17)}30.000Z`, end: londonInstant(day, '10:00') } })), 400, OFF_GRID)
    expect((await send('POST', '/api/appointments/public', demo, booking('10:15'))).statusCode).toBe(200)
  })

  it('a reschedule to a time off the 5-minute grid is refused', async () => {
    const made = await send('POST', '/api/appointments/public', demo, booking('15:00', { service: DEMO.sConsultation }))
    expect(made.json().appointment.status).toBe('Scheduled')
    const id = made.json().appointment.id
    const move = (time: string) => send('PUT', `/api/appointments/reschedule/${id}`, demo, { appointment: { event: at(time) } })
    expectError(await move('15:32'), 400, OFF_GRID)
    expect((await move('15:35')).statusCode).toBe(200)
  })

  it('a reschedule keeps the service and the location; another practitioner reprices it', async () => {
    // The seeded future appointment: lip filler with Sarah (her price 320); Emma charges the service's 300.
    const move = (change: Record<string, unknown>, d = londonDate(4, [1, 3, 5])) =>
      send('PUT', `/api/appointments/reschedule/${DEMO.apptFuture}`, demo, { appointment: { event: at('10:00', d), ...change } })
    expectError(await move({ service: DEMO.sCheekFiller }), 400, KEEPS_SERVICE)
    expectError(await move({ clinic: DEMO.clinicManchester }), 400, KEEPS_CLINIC)
    const moved = await move({ practitioner: DEMO.pEmma, service: DEMO.sLipFiller, clinic: DEMO.clinicLondon })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ practitioner: { id: DEMO.pEmma }, service: { id: DEMO.sLipFiller }, price: 300 })
  })

  it(`more than ${MAX_SERVICES} services in one booking`, async () => {
    const linked = Array.from({ length: MAX_SERVICES }, (_, i) => ({ event: at(`16:${String(i * 5).padStart(2, '0')}`), clinic: DEMO.clinicLondon, service: DEMO.sConsultation, practitioner: DEMO.pJames }))
    expectError(await send('POST', '/api/appointments/public', demo, booking('16:00', { linkedAppointments: linked })), 400, TOO_MANY_SERVICES)
  })

  it('a course spent on a service it does not include is refused, and no session is used', async () => {
    const remaining = async () => {
      const list = (await send('GET', `/api/course/customer-course?customerId=${DEMO.customerDemo}`, demo)).json()
      return list.find((c: { id: string }) => c.id === DEMO.customerCourseDemo).reserved
    }
    const before = await remaining()
    // The demo course is laser hair removal; anti-wrinkle injections are not part of it.
    const res = await send('POST', '/api/appointments/public', demo, booking('11:00', { course: DEMO.customerCourseDemo }))
    expectError(res, 400, MESSAGES.courseService)
    expect(await remaining()).toBe(before)
  })

  it("another customer's transaction id is a clear 409, not a 500", async () => {
    const first = await send('POST', '/api/appointments/public', demo, { ...booking('16:00', { service: DEMO.sConsultation }), coherentTransactionId: 'txn-shared-1' })
    expect(first.statusCode, first.body).toBe(200)
    const taken = await send('POST', '/api/appointments/public', other, { ...booking('16:30', { service: DEMO.sConsultation }), coherentTransactionId: 'txn-shared-1' })
    expectError(taken, 409, TRANSACTION_IN_USE)
    // The retry of the owner still answers its booking.
    const retry = await send('POST', '/api/appointments/public', demo, { ...booking('16:00', { service: DEMO.sConsultation }), coherentTransactionId: 'txn-shared-1' })
    expect(retry.json().appointment.id).toBe(first.json().appointment.id)
  })

  it('unknown clinic, practitioner and service', async () => {
    expectError(await send('POST', '/api/appointments/public', demo, booking('10:30', { clinic: FF })), 404)
    expectError(await send('POST', '/api/appointments/public', demo, booking('10:30', { practitioner: FF })), 400)
    expectError(await send('POST', '/api/appointments/public', demo, booking('10:30', { service: FF })), 404)
  })
})

describe('commerce refusals', () => {
  const courseInvoice = (clinic: string, extra: Record<string, unknown> = {}) => ({
    customer: DEMO.customerDemo,
    clinic,
    items: [{ type: 'Course', quantity: 1, referenceId: DEMO.courseAntiWrinkle, ...extra }],
  })

  it('an invoice or voucher at a location that does not exist, or with too many lines', async () => {
    expectError(await send('POST', '/api/invoice/create', demo, courseInvoice(FF)), 404, MESSAGES.clinicNotFound)
    expectError(await send('POST', '/api/invoice/create', demo, courseInvoice(DEMO.clinicLondon, { location: FF })), 404, MESSAGES.clinicNotFound)
    // The other tenant's clinic is not this tenant's.
    const otherClinic = (await send('GET', '/api/public-clinics', undefined, undefined, { 'x-tenant': 'other' })).json()[0].id
    expectError(await send('POST', '/api/invoice/create', demo, courseInvoice(otherClinic)), 404, MESSAGES.clinicNotFound)
    expectError(await send('POST', '/api/gift-vouchers/purchase', demo, { customer: DEMO.customerDemo, clinic: FF, vouchers: [{ value: 50 }] }), 404, MESSAGES.clinicNotFound)
    const lines = Array.from({ length: 21 }, () => ({ value: 50, quantity: 1 }))
    expectError(await send('POST', '/api/gift-vouchers/purchase', demo, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, vouchers: lines }), 400, MESSAGES.tooManyLines)
    const made = await send('POST', '/api/invoice/create', demo, courseInvoice(DEMO.clinicLondon))
    expect(made.statusCode, made.body).toBe(200)
  })

  it('a negative payment amount', async () => {
    const held = await send('POST', '/api/appointments/public', demo, booking('11:30'))
    const invoice = (await send('POST', '/api/invoice/create', demo, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId: held.json().appointment.id })).json()
    const res = await send('POST', `/api/invoice/${invoice.id}/pay`, demo, { payments: [{ value: -36, type: 'Card', coherentPaymentFlag: true }] })
    expectError(res, 400, 'A payment amount cannot be negative.')
  })

  it('paying again after the hold was released is refused, and the started payment can no longer charge', async () => {
    const held = await send('POST', '/api/appointments/public', demo, booking('12:00'))
    const id = held.json().appointment.id
    const invoice = (await send('POST', '/api/invoice/create', demo, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId: id })).json()
    const payBody = { payments: [{ value: 36, type: 'Card', coherentPaymentFlag: true }] }
    const started = await send('POST', `/api/invoice/${invoice.id}/pay`, demo, payBody)
    expect(started.statusCode).toBe(200)
    expect((await send('PUT', `/api/appointments/delete-pending/${id}`, demo)).statusCode).toBe(200)
    expectError(await send('POST', `/api/invoice/${invoice.id}/pay`, demo, payBody), 409, MESSAGES.holdExpired)
    const card = { cardNo: '4242 4242 4242 4242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' }
    const late = await t.app.inject({ method: 'POST', url: `/sandbox/pay/${started.json().transactionId}`, payload: card })
    expect(late.statusCode).toBe(409)
    const state = (await send('GET', `/api/coherence/check-payment/${started.json().transactionId}`)).json()
    expect(state).toMatchObject({ isPaid: false })
    expect((await send('GET', `/api/invoices/${invoice.id}`, demo)).json().paymentStatus).not.toBe('Paid')
  })

  it("another customer's card setup is not found for a signed-in customer", async () => {
    const setup = await send('POST', '/api/card-setup-intents', demo, { customerId: DEMO.customerDemo })
    expect(setup.statusCode).toBe(200)
    const url = `/api/card-setup-intents/${setup.json().clientSecret}`
    expect((await send('GET', url, demo)).statusCode).toBe(200)
    expectError(await send('GET', url, other), 404, 'Card setup not found.')
  })
})
