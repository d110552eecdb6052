import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { HttpWaitlistApi } from './waitlist.adapter'
import { HttpStaffWaitlistApi } from './staff-waitlist.adapter'
import { api, id, testHttp, useNock } from './test-support'

useNock()
const waitlist = new HttpWaitlistApi(testHttp())
const desk = new HttpStaffWaitlistApi(testHttp())
const entry = {
  id: id(30),
  clinic: { id: id(1), name: 'Harley Street' },
  services: [{ id: id(3), name: 'Facial' }],
  practitioner: null,
  from: '2026-03-12',
  to: '2026-03-20',
  parts: ['morning', 'evening'],
  status: 'active',
  createdAt: '2026-03-10T09:00:00.000Z',
}
const offer = {
  status: 'offered',
  clinic: { id: id(1), name: 'Harley Street' },
  items: [{ service: id(3), practitioner: id(4), start: '2026-03-12T10:00:00.000Z', end: '2026-03-12T11:00:00.000Z' }],
  expiresAt: '2026-03-10T09:15:00.000Z',
  secondsLeft: 900,
  hold: { id: id(20), token: 'the-offer-hold-token' },
}

describe('HttpWaitlistApi', () => {
  it('POST /waitlist with the basket, the range and the parts; a second entry for the basket is a refusal with the server text', async () => {
    const body = { clinic: id(1), services: [id(3)], practitioner: null, from: '2026-03-12', to: '2026-03-20', parts: ['morning' as const, 'evening' as const] }
    api().post('/api/waitlist', body).reply(200, entry)
    expect(await waitlist.join(body)).toEqual(E.right(entry))
    const already = 'You are already on the waitlist for these services here.'
    api().post('/api/waitlist').reply(409, { statusCode: 409, message: already })
    const refused = await waitlist.join(body)
    expect(E.isLeft(refused) && refused.left).toMatchObject({ _tag: 'HttpError', status: 409, serverMessage: already })
  })

  it('GET /waitlist, DELETE /waitlist/{id}', async () => {
    api().get('/api/waitlist').reply(200, { entries: [entry] })
    api().delete(`/api/waitlist/${entry.id}`).reply(200, { message: 'Removed' })
    expect(await waitlist.mine()).toEqual(E.right({ entries: [entry] }))
    expect(await waitlist.remove(entry.id)).toEqual(E.right({ message: 'Removed' }))
  })

  it('GET the offer of a link with its hold; POST decline', async () => {
    api().get('/api/waitlist/offers/link-token').reply(200, offer)
    api().post('/api/waitlist/offers/link-token/decline', {}).reply(200, { message: 'Declined' })
    expect(await waitlist.offer('link-token')).toEqual(E.right(offer))
    expect(await waitlist.decline('link-token')).toEqual(E.right({ message: 'Declined' }))
  })
})

describe('HttpStaffWaitlistApi', () => {
  it("GET /admin/waitlist for a clinic's day, POST an offer by hand, DELETE an entry", async () => {
    const adminEntry = { ...entry, customer: { id: id(9), name: 'Jo Bloggs', email: 'jo@example.com' } }
    api().get('/api/admin/waitlist').query({ from: '2026-03-12', to: '2026-03-12', clinic: id(1) }).reply(200, { entries: [adminEntry] })
    const made = { entry: entry.id, items: offer.items, expiresAt: offer.expiresAt }
    api().post(`/api/admin/waitlist/${entry.id}/offer`, { practitioner: id(4), start: '2026-03-12T10:00:00.000Z' }).reply(200, made)
    api().delete(`/api/admin/waitlist/${entry.id}`).reply(200, { message: 'Removed' })
    expect(await desk.entries({ from: '2026-03-12', to: '2026-03-12', clinic: id(1) })).toEqual(E.right({ entries: [adminEntry] }))
    expect(await desk.offer(entry.id, { practitioner: id(4), start: '2026-03-12T10:00:00.000Z' })).toEqual(E.right(made))
    expect(await desk.remove(entry.id)).toEqual(E.right({ message: 'Removed' }))
  })
})
