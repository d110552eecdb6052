/**
 * Cross-tenant access: a customer of tenant 'other' (same email, own account) and the demo
 * customer's token sent to the other tenant. Nothing of 'demo' is readable, payable or changeable
 * from 'other', whatever the ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, seedIds, type TestServer } from '../test-support/test-server'

let t: TestServer
let demo: string
let otherTenant: string
const OTHER = seedIds('other')
const X = { 'x-tenant': 'other' }
beforeAll(async () => {
  t = await buildTestServer()
  demo = await t.login(DEMO_CUSTOMER)
  otherTenant = await t.login(DEMO_CUSTOMER, 'other')
})
afterAll(() => t.close())

const day = londonDate(4)
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers: { ...(token ? t.auth(token) : {}), ...headers }, ...(payload ? { payload } : {}) })

describe('tenant isolation', () => {
  it("a demo token is not a customer of 'other'", async () => {
    const me = await inject('GET', '/api/user/me', demo, X)
    expect(me.statusCode).toBe(401)
    expect(me.json()).toMatchObject({ statusCode: 401, message: expect.any(String) })
    expect((await inject('GET', `/api/appointments/${OTHER.apptFuture}`, demo, X)).statusCode).toBe(401)
  })

  it("an 'other' customer reaches none of demo's appointments, invoices, payments, cards or courses", async () => {
    const held = await inject('POST', '/api/appointments/public', demo, {}, {
      appointment: { event: { start: londonInstant(day, '10:00'), end: londonInstant(day, '10:00') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
    })
    expect(held.statusCode, held.body).toBe(200)
    const appointmentId = held.json().appointment.id
    const invoice = (await inject('POST', '/api/invoice/create', demo, {}, { customer: DEMO.customerDemo, clinic: DEMO.clinicLondon, appointmentId })).json()
    const started = (await inject('POST', `/api/invoice/${invoice.id}/pay`, demo, {}, { payments: [{ value: 36, type: 'Card', coherentPaymentFlag: true }] })).json()
    const setup = (await inject('POST', '/api/card-setup-intents', demo, {}, { customerId: DEMO.customerDemo })).json()
    const meBefore = (await inject('GET', '/api/user/me', demo)).json()

    const attempts = [
      inject('GET', `/api/appointments/${appointmentId}`, otherTenant, X),
      inject('PUT', `/api/appointments/cancel-by-customer/${DEMO.apptFuture}`, otherTenant, X),
      inject('PUT', `/api/appointments/delete-pending/${appointmentId}`, otherTenant, X),
      inject('PUT', `/api/appointments/reschedule/${DEMO.apptFuture}`, otherTenant, X, { appointment: { event: { start: londonInstant(day, '15:00'), end: londonInstant(day, '15:00') } } }),
      inject('GET', `/api/appointments/customer/${DEMO.customerDemo}`, otherTenant, X),
      inject('GET', `/api/invoices/${invoice.id}`, otherTenant, X),
      inject('POST', `/api/invoice/${invoice.id}/pay`, otherTenant, X, { payments: [{ value: 36, type: 'Card', coherentPaymentFlag: true }] }),
      inject('POST', `/api/invoice/${invoice.id}/has-payment-intent`, otherTenant, X),
      inject('POST', '/api/invoice/create', otherTenant, X, { customer: OTHER.customerDemo, clinic: OTHER.clinicLondon, appointmentId }),
      inject('GET', `/api/coherence/check-payment/${started.transactionId}`, undefined, X),
      inject('GET', `/api/card-setup-intents/${setup.clientSecret}`, undefined, X),
      inject('GET', `/api/square/get-customer-cards/${DEMO.customerDemo}`, otherTenant, X),
      inject('PUT', `/api/customers/${DEMO.customerDemo}`, otherTenant, X, { firstName: 'Mallory' }),
      inject('GET', `/api/course/withoutAppt/${DEMO.customerCourseDemo}`, otherTenant, X),
      inject('POST', `/api/course/verify-assignment/${DEMO.customerCourseDemo}`, otherTenant, X, {}),
      inject('GET', `/api/categories/${DEMO.catFace}`, undefined, X),
      inject('GET', `/api/services/public/${DEMO.sAntiWrinkle1}`, undefined, X),
    ]
    for (const res of await Promise.all(attempts)) {
      expect([401, 403, 404], `${res.statusCode} ${res.body}`).toContain(res.statusCode)
      expect(res.json()).toMatchObject({ statusCode: res.statusCode, message: expect.any(String) })
    }
    // A booking in 'other' with demo's clinic, practitioner and service ids finds none of them.
    const foreign = await inject('POST', '/api/appointments/public', otherTenant, X, {
      appointment: { event: { start: londonInstant(day, '11:00'), end: londonInstant(day, '11:00') }, practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service: DEMO.sAntiWrinkle1 },
    })
    expect(foreign.statusCode).toBe(404)
    // Nothing of demo's changed.
    expect((await inject('GET', `/api/appointments/${DEMO.apptFuture}`, demo)).json().status).toBe('Scheduled')
    expect((await inject('GET', `/api/appointments/${appointmentId}`, demo)).json().status).toBe('Pending')
    expect((await inject('GET', '/api/user/me', demo)).json()).toEqual(meBefore)
    expect(JSON.stringify(meBefore)).not.toContain('Mallory')
  })
})
