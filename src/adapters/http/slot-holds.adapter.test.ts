import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { HttpSlotHoldsApi } from './slot-holds.adapter'
import { api, id, testHttp, useNock } from './test-support'

useNock()
const holds = new HttpSlotHoldsApi(testHttp())
const event = { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T09:30:00.000Z' }
const key = { id: id(20), token: 'a-secret-token-of-the-hold' }
const hold = {
  ...key,
  expiresAt: '2026-03-02T08:05:00.000Z',
  secondsLeft: 300,
  extended: false,
  clinic: id(1),
  items: [{ service: id(3), practitioner: id(4), start: event.start, end: event.end }],
}

describe('HttpSlotHoldsApi', () => {
  it('POST /appointments/holds with the time and the hold it replaces', async () => {
    const body = { appointment: { event, practitioner: id(4), clinic: id(1), service: id(3) }, replaces: { id: id(21), token: 'the-previous-hold-token' }, seconds: 300 }
    api().post('/api/appointments/holds', body).reply(200, hold)
    expect(await holds.create(body)).toEqual(E.right(hold))
  })

  it('GET the hold with its token and the page that reads it; a taken time is a refusal with the server message', async () => {
    api().get(`/api/appointments/holds/${key.id}`).query((q) => q.token === key.token && typeof q.page === 'string' && q.page.length > 8).reply(200, hold)
    expect(await holds.get(key)).toEqual(E.right(hold))
    const taken = 'Sorry, this time is no longer available. Please choose another time.'
    api().post('/api/appointments/holds').reply(409, { statusCode: 409, message: taken })
    const refused = await holds.create({ appointment: { event, practitioner: id(4), clinic: id(1), service: id(3) } })
    expect(E.isLeft(refused) && refused.left).toMatchObject({ _tag: 'HttpError', status: 409, serverMessage: taken })
  })

  it('POST release (leaving: the page goes away, naming the page the reads named) and extend', async () => {
    const pages: unknown[] = []
    api().get(`/api/appointments/holds/${key.id}`).query((q) => pages.push(q.page) > 0).reply(200, hold)
    await holds.get(key)
    api().post(`/api/appointments/holds/${key.id}/release`, (b) => b.token === key.token && b.leaving === true && b.page === pages[0]).reply(200, { message: 'The time is no longer held.' })
    api().post(`/api/appointments/holds/${key.id}/extend`, { token: key.token }).reply(200, { ...hold, secondsLeft: 600, extended: true })
    expect(await holds.release(key, true)).toEqual(E.right({ message: 'The time is no longer held.' }))
    expect(await holds.extend(key)).toEqual(E.right({ ...hold, secondsLeft: 600, extended: true }))
  })
})
