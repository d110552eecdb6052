import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { HttpAppointmentsApi } from './appointments.adapter'
import { api, id, testHttp, useNock } from './test-support'

useNock()
const appointments = new HttpAppointmentsApi(testHttp())
const event = { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T09:30:00.000Z' }
const view = {
  id: id(10), status: 'Pending', event,
  service: { id: id(3), name: 'Facial' }, practitioner: { id: id(4), displayName: 'Ann' }, clinic: { id: id(1), accountName: 'Soho' },
}

describe('HttpAppointmentsApi', () => {
  it('POST /appointments/public and returns the server deposit', async () => {
    const body = {
      appointment: { event, practitioner: id(4), clinic: id(1), service: id(3), price: 50 },
      paymentDetails: null,
      coherentTransactionId: null,
    }
    const created = { appointment: view, appointments: [view], deposit: 5, holdExpiresAt: '2026-03-02T08:05:00.000Z' }
    api().post('/api/appointments/public', body).reply(200, created)
    expect(await appointments.hold(body)).toEqual(E.right(created))
  })

  it('GET /appointments/{id}, PUT cancel-by-customer, PUT reschedule', async () => {
    api().get(`/api/appointments/${id(10)}`).reply(200, view)
    api().put(`/api/appointments/cancel-by-customer/${id(10)}`).reply(200, { ...view, status: 'Cancelled' })
    const body = { appointment: { event, practitioner: id(4) } }
    api().put(`/api/appointments/reschedule/${id(10)}`, body).reply(200, { ...view, status: 'Scheduled' })
    expect(await appointments.get(id(10))).toEqual(E.right(view))
    expect(await appointments.cancel(id(10))).toEqual(E.right({ ...view, status: 'Cancelled' }))
    expect(await appointments.reschedule(id(10), body)).toEqual(E.right({ ...view, status: 'Scheduled' }))
  })

  it('GET /appointments/{id}/calendar.ics as the .ics text, with the server message on 404', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n'
    api().get(`/api/appointments/${id(10)}/calendar.ics`).reply(200, ics, { 'content-type': 'text/calendar; charset=utf-8' })
    api().get(`/api/appointments/${id(11)}/calendar.ics`).reply(404, { message: 'Appointment not found.' })
    expect(await appointments.calendar(id(10))).toEqual(E.right(ics))
    const missing = await appointments.calendar(id(11))
    expect(E.isLeft(missing) && missing.left).toMatchObject({ _tag: 'HttpError', status: 404, message: 'Appointment not found.' })
  })

  it('PUT delete-pending, and gives up after the timeout', async () => {
    api().put(`/api/appointments/delete-pending/${id(10)}`).reply(200, {})
    expect(await appointments.deletePending(id(10), 10_000)).toEqual(E.right({}))
    api().put(`/api/appointments/delete-pending/${id(11)}`).delay(200).reply(200, {})
    const slow = await appointments.deletePending(id(11), 20)
    expect(E.isLeft(slow) && slow.left._tag).toBe('Unreachable')
  })

  it('GET /appointments/customer/{id}?pageSize=100&group=ALL', async () => {
    api().get(`/api/appointments/customer/${id(7)}`).query({ pageSize: '100', group: 'ALL' }).reply(200, { appointments: [view] })
    expect(await appointments.ofCustomer(id(7), { pageSize: 100, group: 'ALL' })).toEqual(E.right({ appointments: [view] }))
  })

  it('maps a taken slot to the server message', async () => {
    api().post('/api/appointments/public').reply(409, { statusCode: 409, message: 'This time is no longer available' })
    const result = await appointments.hold({ appointment: { event, practitioner: id(4), clinic: id(1), service: id(3) } })
    expect(result).toEqual(E.left({ _tag: 'HttpError', status: 409, message: 'This time is no longer available', serverMessage: 'This time is no longer available' }))
  })
})
