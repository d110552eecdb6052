import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import type { AppError } from '../../application/failure'
import type { AdminWaitlistEntry, AdminWaitlistQuery, OfferWaitlistTimeBody, WaitlistOfferMade } from '../../contract/waitlist.codecs'
import { StaffWaitlistViewModel } from './staff-waitlist.view-model'

const entry = (id: string, more: Partial<AdminWaitlistEntry> = {}): AdminWaitlistEntry => ({
  id,
  clinic: { id: 'c1', name: 'Harley Street' },
  services: [{ id: 's1', name: 'Facial' }],
  practitioner: null,
  from: '2026-03-12',
  to: '2026-03-12',
  parts: ['morning'],
  status: 'active',
  createdAt: '2026-03-10T09:00:00.000Z',
  customer: { id: 'u1', name: 'Jo Bloggs', email: 'jo@example.com', phone: '+447700900123' },
  ...more,
})

function setUp(offerAnswer: E.Either<AppError, WaitlistOfferMade> = E.right({ entry: 'e1', items: [], expiresAt: '2026-03-12T09:15:00.000Z' })) {
  const queries: AdminWaitlistQuery[] = []
  const offers: [string, OfferWaitlistTimeBody][] = []
  const removed: string[] = []
  let entries = [entry('e1'), entry('e2', { practitioner: { id: 'p2', name: 'Ben Jones' }, customer: { id: 'u2', name: 'Sam Lee', email: 'sam@example.com' } })]
  const vm = new StaffWaitlistViewModel(
    { execute: async (q) => (queries.push(q), E.right(entries)) },
    { execute: async (id, body) => (offers.push([id, body]), offerAnswer) },
    { execute: async (id) => (removed.push(id), (entries = entries.filter((e) => e.id !== id)), E.right(true as const)) },
    { execute: async () => E.right([{ id: 'p1', name: 'Anna Smith' }, { id: 'p2', name: 'Ben Jones' }]) },
  )
  return { vm, queries, offers, removed }
}

describe('StaffWaitlistViewModel', () => {
  it("lists the location's waiting customers of the desk's day, in order of joining, with their contact", async () => {
    const { vm, queries } = setUp()
    await vm.load('c1', '2026-03-12')
    expect(queries).toEqual([{ from: '2026-03-12', to: '2026-03-12', clinic: 'c1' }])
    expect(vm.waiting.map((w) => [w.customer, w.contact, w.practitioner])).toEqual([
      ['Jo Bloggs', 'jo@example.com · +447700900123', 'Any practitioner'],
      ['Sam Lee', 'sam@example.com', 'Ben Jones'],
    ])
  })

  it("'Offer a time': the entry's practitioner (else the first working), the day's London time as an instant", async () => {
    const { vm, offers } = setUp()
    await vm.load('c1', '2026-06-12')
    vm.askOffer(vm.waiting[1])
    expect(vm.offering?.practitioner).toBe('p2')
    vm.closeOffer()
    vm.askOffer(vm.waiting[0])
    expect(vm.offering?.practitioner).toBe('p1')
    vm.setOffer('time', '9.30')
    await vm.confirmOffer()
    expect(vm.offering?.error).toBe('Enter a time (HH:mm).')
    expect(offers).toEqual([])
    vm.setOffer('time', '09:30')
    await vm.confirmOffer()
    // June: London is on summer time (UTC+1)
    expect(offers).toEqual([['e1', { practitioner: 'p1', start: '2026-06-12T08:30:00.000Z' }]])
    expect(vm.offering).toBeUndefined()
    expect(vm.notice).toBe('Offered 09:30 to Jo Bloggs: held for them until 09:15.')
  })

  it("a refused offer keeps the form open with the server's text", async () => {
    const { vm } = setUp(E.left({ _tag: 'Refused', status: 409, message: 'Sorry, this time is no longer available.' }))
    await vm.load('c1', '2026-03-12')
    vm.askOffer(vm.waiting[0])
    vm.setOffer('time', '10:00')
    await vm.confirmOffer()
    expect(vm.offering?.error).toBe('Sorry, this time is no longer available.')
  })

  it('Remove asks first, then the entry goes', async () => {
    const { vm, removed } = setUp()
    await vm.load('c1', '2026-03-12')
    vm.askRemove(vm.waiting[0])
    await vm.confirmRemove()
    expect(removed).toEqual(['e1'])
    expect(vm.waiting.map((w) => w.id)).toEqual(['e2'])
    expect(vm.notice).toBe('Removed Jo Bloggs from the waitlist.')
  })
})
