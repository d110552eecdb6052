import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { withBusyRetry } from './busy-retry'
import { callRoute } from './api-client'
import { HttpCatalogueApi } from './catalogue.adapter'
import { HttpAppointmentsApi } from './appointments.adapter'
import { HttpPaymentsApi } from './payments.adapter'
import { api, id, testHttp, useNock } from './test-support'
import { getPublicClinics } from '../../contract/clinics.routes'
import { retryAfterSeconds } from './retry-after'

useNock()
const clinic = { id: id(1), accountName: 'Soho', address: { line1: '1 High St', city: 'London' } }
const BUSY = { statusCode: 503, message: 'The service is temporarily unavailable. Please try again in a moment.' }

/** The axios client behind the retry, with the waits recorded instead of slept. */
function busyAware(maxRetries?: number) {
  const waits: number[] = []
  const told: [number, number][] = []
  const http = withBusyRetry(testHttp(), {
    ...(maxRetries !== undefined ? { maxRetries } : {}),
    sleep: async (ms) => void waits.push(ms),
    onWait: (seconds, retry) => told.push([seconds, retry]),
  })
  return { http, waits, told }
}

describe('withBusyRetry: a 503 with Retry-After', () => {
  it('sends a read again after the wait, telling the caller, and answers what came next', async () => {
    const { http, waits, told } = busyAware()
    api().get('/api/public-clinics').reply(503, BUSY, { 'Retry-After': '2' })
    api().get('/api/public-clinics').reply(503, BUSY, { 'Retry-After': '1' })
    api().get('/api/public-clinics').reply(200, [clinic])
    expect(await new HttpCatalogueApi(http).publicClinics()).toEqual(E.right([clinic]))
    expect(waits).toEqual([2000, 1000])
    expect(told).toEqual([
      [2, 1],
      [1, 2],
    ])
  })

  it('gives up after a few tries: the last 503 goes to the caller with its wait', async () => {
    const { http, waits } = busyAware(2)
    api().get('/api/public-clinics').times(3).reply(503, BUSY, { 'Retry-After': '1' })
    const result = await callRoute(http, getPublicClinics)
    expect(result).toEqual(E.left({ _tag: 'HttpError', status: 503, message: BUSY.message, serverMessage: BUSY.message, retryAfterSeconds: 1 }))
    expect(waits).toEqual([1000, 1000])
  })

  it('does not wait without a Retry-After (an outage, not a queue) nor past 30 s', async () => {
    const { http, waits } = busyAware()
    api().get('/api/public-clinics').reply(503, BUSY)
    expect(E.isLeft(await new HttpCatalogueApi(http).publicClinics())).toBe(true)
    api().get('/api/public-clinics').reply(503, BUSY, { 'Retry-After': '120' })
    expect(await new HttpCatalogueApi(http).publicClinics()).toMatchObject(E.left({ status: 503, retryAfterSeconds: 120 }))
    expect(waits).toEqual([])
  })

  it('never sends a booking again (no idempotency key): its 503 comes back at once, with the wait', async () => {
    const { http, waits } = busyAware()
    api().post('/api/appointments/public').reply(503, BUSY, { 'Retry-After': '1' })
    const booking = await new HttpAppointmentsApi(http).hold({
      appointment: { event: { start: '2030-01-01T10:00:00.000Z', end: '2030-01-01T10:30:00.000Z' }, practitioner: id(2), clinic: id(1), service: id(3) },
    } as never)
    expect(booking).toMatchObject(E.left({ _tag: 'HttpError', status: 503, retryAfterSeconds: 1 }))
    expect(waits).toEqual([])
  })

  it('sends a payment with its idempotency key again after the wait (the server starts one payment whatever the tries)', async () => {
    const { http, waits } = busyAware()
    const started = { paymentUrl: 'https://pay.test/1', transactionId: 'tx-1' }
    const body = { payments: [{ value: 10, paymentType: 'card' }], idempotencyKey: 'inv:card' } as never
    api().post(`/api/invoice/${id(7)}/pay`).reply(503, BUSY, { 'Retry-After': '1' })
    api().post(`/api/invoice/${id(7)}/pay`).reply(200, started)
    const paid = await new HttpPaymentsApi(http).pay(id(7), body)
    expect(paid).toEqual(E.right(started))
    expect(waits).toEqual([1000])
  })
})

describe('withBusyRetry: a purchase with its key', () => {
  it("sends a course purchase's invoice again after the wait (the server makes one invoice a key)", async () => {
    const { http, waits } = busyAware()
    let sent = 0
    api().post('/api/invoice/create').reply(503, BUSY, { 'Retry-After': '1' })
    api().post('/api/invoice/create').reply(() => {
      sent += 1
      return [409, { statusCode: 409, message: 'This invoice is already paid.' }]
    })
    const body = { customer: id(1), clinic: id(2), items: [{ type: 'Course', quantity: 1, referenceId: id(3) }], idempotencyKey: 'k1' } as never
    const made = await new HttpPaymentsApi(http).createInvoice(body)
    // The second try's answer, not the first's 503.
    expect(made).toMatchObject(E.left({ _tag: 'HttpError', status: 409 }))
    expect(sent).toBe(1)
    expect(waits).toEqual([1000])
  })
})

describe('retryAfterSeconds', () => {
  it.each([
    [{ 'retry-after': '5' }, 5],
    [{ 'retry-after': '0' }, 0],
    [{ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }, 10],
    [{ 'retry-after': 'soon' }, undefined],
    [{}, undefined],
    [new Headers({ 'Retry-After': '3' }), 3],
  ])('%o: %s', (headers, seconds) => {
    expect(retryAfterSeconds(headers, Date.parse('2026-01-01T00:00:00Z'))).toBe(seconds)
  })
})
