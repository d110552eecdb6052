import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { HttpAvailabilityApi } from './availability.adapter'
import { api, id, testHttp, useNock } from './test-support'

useNock()
const availability = new HttpAvailabilityApi(testHttp())

describe('HttpAvailabilityApi', () => {
  it('POST /appointments/days-available-by-month with the list of requests', async () => {
    const request = { service: id(3), month: 3, year: 2026, location: id(1), practitioner: null, withHolidays: true }
    api().post('/api/appointments/days-available-by-month', [request]).reply(200, [{ date: '2026-03-02' }])
    expect(await availability.daysAvailable([request])).toEqual(E.right([{ date: '2026-03-02' }]))
  })

  it('POST /practitioners/public', async () => {
    const staff = { id: id(4), displayName: 'Ann', grossPrice: 50, netPrice: 41.67, duration: 30 }
    api().post('/api/practitioners/public', { month: 3, clinic: id(1), service: id(3) }).reply(200, [staff])
    expect(await availability.practitioners({ month: 3, clinic: id(1), service: id(3) })).toEqual(E.right([staff]))
  })

  it('POST /practitioners/time', async () => {
    const body = { date: '2026-03-02', service: id(3), clinic: id(1), staff: null, forceInterval: 5, onlineBooking: true }
    const slot = {
      value: '09:00', startDate: '2026-03-02T09:00:00.000Z', endDate: '2026-03-02T09:30:00.000Z',
      duration: 30, valid: true, practitioner: id(4),
    }
    api().post('/api/practitioners/time', body).reply(200, [slot])
    expect(await availability.times(body)).toEqual(E.right([slot]))
  })

  it('POST /practitioners/next-available', async () => {
    const body = { clinic: id(1), services: [id(3)] }
    const next = { practitioners: [{ practitioner: id(4), startDate: '2026-12-02T10:15:00.000Z' }], any: '2026-12-02T10:15:00.000Z' }
    api().post('/api/practitioners/next-available', body).reply(200, next)
    expect(await availability.nextAvailable(body)).toEqual(E.right(next))
  })

  it('maps a failure with the server message', async () => {
    api().post('/api/practitioners/public').reply(404, { statusCode: 404, message: 'Service not found.' })
    expect(await availability.practitioners({ month: 3, clinic: id(1), service: id(3) })).toEqual(
      E.left({ _tag: 'HttpError', status: 404, message: 'Service not found.', serverMessage: 'Service not found.' }),
    )
  })
})
