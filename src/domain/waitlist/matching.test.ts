/** Matching a freed time to waitlist entries, and the order of offers (issue 32): tables. */
import { describe, expect, it } from 'vitest'
import { chainDay } from '../scheduling/chain'
import { at, LONG_AGO, practitioner, service } from '../scheduling/test-fixtures'
import type { ChainOption, PractitionerDay, ServiceRequest } from '../scheduling/types'
import { acceptsStart, JOIN_REFUSALS, joinRefusal, mayMatch, offerQueue, offerTimeFor, partOfDay, type QueueFacts } from './matching'
import type { FreedTime, WaitlistWish } from './waitlist'

const D = '2026-06-10' // British Summer Time: London is UTC+1
const wish = (extra: Partial<WaitlistWish> = {}): WaitlistWish => ({
  id: 'e1',
  customerId: 'c1',
  clinicId: 'k1',
  serviceIds: ['cut'],
  practitionerId: null,
  from: '2026-06-01',
  to: '2026-06-30',
  parts: ['morning', 'afternoon', 'evening'],
  createdAt: 1,
  status: 'active',
  ...extra,
})
const freed = (from: string, to: string, practitionerId = 'ann', date = D): FreedTime => ({ clinicId: 'k1', practitionerId, start: at(date, from), end: at(date, to) })
const hhmm = (t: number): string => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(t)
const describeOption = (o: ChainOption | undefined): string | undefined => o && o.services.map((s) => `${s.serviceId}@${hhmm(s.start)}:${s.practitioner}`).join(' ')

// Ann works 09:00-19:00 and is booked all day but for the freed time; Bob likewise but free 14:00-15:00.
function day(freeAnn: [string, string], freeBob?: [string, string]): PractitionerDay[] {
  const busyAround = (free: [string, string] | undefined) =>
    free ? [{ start: at(D, '09:00'), end: at(D, free[0]) }, { start: at(D, free[1]), end: at(D, '19:00') }] : [{ start: at(D, '09:00'), end: at(D, '19:00') }]
  return [practitioner('ann', D, [['09:00', '19:00']], { busy: busyAround(freeAnn) }), practitioner('bob', D, [['09:00', '19:00']], { busy: busyAround(freeBob) })]
}
const options = (practitioners: PractitionerDay[], services: ServiceRequest[]): ChainOption[] => chainDay({ date: D, practitioners, services, options: { now: LONG_AGO } })

describe('partOfDay (London clock)', () => {
  it.each([
    ['00:00', 'morning'],
    ['11:59', 'morning'],
    ['12:00', 'afternoon'],
    ['16:59', 'afternoon'],
    ['17:00', 'evening'],
    ['23:30', 'evening'],
  ])('%s is %s', (time, part) => {
    expect(partOfDay(at(D, time))).toBe(part)
    // and in winter (GMT) alike
    expect(partOfDay(at('2026-01-14', time))).toBe(part)
  })
})

describe('acceptsStart: date range and parts of the day', () => {
  it.each([
    { name: 'inside the range, wanted part', w: {}, start: at(D, '10:00'), expected: true },
    { name: 'first day of the range', w: { from: D }, start: at(D, '09:00'), expected: true },
    { name: 'last day of the range', w: { to: D }, start: at(D, '18:00'), expected: true },
    { name: 'the day before the range', w: { from: '2026-06-11' }, start: at(D, '10:00'), expected: false },
    { name: 'the day after the range', w: { to: '2026-06-09' }, start: at(D, '10:00'), expected: false },
    { name: 'afternoon only, a morning start', w: { parts: ['afternoon'] as const }, start: at(D, '11:45'), expected: false },
    { name: 'afternoon only, noon', w: { parts: ['afternoon'] as const }, start: at(D, '12:00'), expected: true },
    { name: 'morning and evening, 17:00', w: { parts: ['morning', 'evening'] as const }, start: at(D, '17:00'), expected: true },
    { name: 'London date, not UTC: 00:30 BST is the previous UTC day', w: { from: D, to: D }, start: at(D, '00:30'), expected: true },
  ])('$name', ({ w, start, expected }) => {
    expect(acceptsStart(wish(w), start)).toBe(expected)
  })
})

describe('offerTimeFor: the first start of the day that uses the freed time', () => {
  const cut = service('cut', [['ann', 30], ['bob', 30]])
  const annOnlyCut = service('cut', [['ann', 30]])
  const dry = service('dry', [['ann', 20], ['bob', 20]])
  it.each([
    { name: 'one service, any practitioner', w: {}, free: day(['10:00', '11:00']), basket: [cut], f: freed('10:00', '11:00'), expected: 'cut@10:00:ann' },
    { name: 'the chosen practitioner is the freed one', w: { practitionerId: 'ann' }, free: day(['10:00', '11:00']), basket: [annOnlyCut], f: freed('10:00', '11:00'), expected: 'cut@10:00:ann' },
    { name: "another practitioner's freed time", w: { practitionerId: 'bob' }, free: day(['10:00', '11:00']), basket: [cut], f: freed('10:00', '11:00'), expected: undefined },
    { name: 'any practitioner: a time of Bob is not the freed one of Ann', w: {}, free: day(['15:00', '16:00'], ['14:00', '15:00']), basket: [cut], f: freed('15:00', '16:00'), expected: 'cut@15:00:ann' },
    { name: 'a chain that fits whole in the freed time', w: { serviceIds: ['cut', 'dry'] }, free: day(['10:00', '11:00']), basket: [cut, dry], f: freed('10:00', '11:00'), expected: 'cut@10:00:ann dry@10:30:ann' },
    { name: 'a chain too long for the freed time', w: { serviceIds: ['cut', 'dry'] }, free: day(['10:00', '10:40']), basket: [cut, dry], f: freed('10:00', '10:40'), expected: undefined },
    { name: 'a chain across two practitioners, freed on the second', w: { serviceIds: ['cut', 'dry'] }, free: day(['14:30', '15:00'], ['14:00', '14:30']), basket: [service('cut', [['bob', 30]]), service('dry', [['ann', 20]])], f: freed('14:30', '15:00'), expected: 'cut@14:00:bob dry@14:30:ann' },
    { name: 'a freed time the entry does not want (morning only, afternoon time)', w: { parts: ['morning'] as const }, free: day(['14:00', '15:00']), basket: [cut], f: freed('14:00', '15:00'), expected: undefined },
    { name: 'parts of the day judge the start: 11:30 is morning', w: { parts: ['morning'] as const }, free: day(['11:30', '12:30']), basket: [cut], f: freed('11:30', '12:30'), expected: 'cut@11:30:ann' },
    { name: 'outside the date range', w: { to: '2026-06-09' }, free: day(['10:00', '11:00']), basket: [cut], f: freed('10:00', '11:00'), expected: undefined },
    { name: 'another clinic', w: { clinicId: 'k2' }, free: day(['10:00', '11:00']), basket: [cut], f: freed('10:00', '11:00'), expected: undefined },
    { name: 'the basket in another order is another basket', w: { serviceIds: ['dry', 'cut'] }, free: day(['10:00', '11:00']), basket: [cut, dry], f: freed('10:00', '11:00'), expected: undefined },
  ])('$name', ({ w, free, basket, f, expected }) => {
    expect(describeOption(offerTimeFor(wish(w), f, options(free, basket)))).toBe(expected)
  })

  it('mayMatch: clinic, practitioner and the day before any slot is worked out', () => {
    expect(mayMatch(wish(), freed('10:00', '11:00'))).toBe(true)
    expect(mayMatch(wish({ practitionerId: 'bob' }), freed('10:00', '11:00'))).toBe(false)
    expect(mayMatch(wish({ clinicId: 'k2' }), freed('10:00', '11:00'))).toBe(false)
    expect(mayMatch(wish({ from: '2026-06-11' }), freed('10:00', '11:00'))).toBe(false)
  })
})

describe('offerQueue: first joined first, skipping who cannot take it', () => {
  const none: QueueFacts = { today: '2026-06-05', customersWithOpenOffer: new Set(), customersBookedThen: new Set(), offeredBefore: new Set() }
  const a = wish({ id: 'a', customerId: 'ca', createdAt: 300 })
  const b = wish({ id: 'b', customerId: 'cb', createdAt: 100 })
  const c = wish({ id: 'c', customerId: 'cc', createdAt: 200 })
  it.each([
    { name: 'order of joining', wishes: [a, b, c], facts: none, expected: ['b', 'c', 'a'] },
    { name: 'same instant: by id', wishes: [wish({ id: 'y', createdAt: 5 }), wish({ id: 'x', createdAt: 5 })], facts: none, expected: ['x', 'y'] },
    { name: 'a customer with an open offer is skipped', wishes: [a, b, c], facts: { ...none, customersWithOpenOffer: new Set(['cb']) }, expected: ['c', 'a'] },
    { name: 'a customer booked at an overlapping time is skipped', wishes: [a, b, c], facts: { ...none, customersBookedThen: new Set(['cc']) }, expected: ['b', 'a'] },
    { name: 'an entry that already had this time (lapsed or declined) is skipped', wishes: [a, b, c], facts: { ...none, offeredBefore: new Set(['b']) }, expected: ['c', 'a'] },
    { name: 'an expired entry (range ended before today) is skipped', wishes: [a, wish({ id: 'old', createdAt: 1, to: '2026-06-04' })], facts: none, expected: ['a'] },
    { name: 'an entry ending today still waits', wishes: [wish({ id: 'today', to: '2026-06-05' })], facts: none, expected: ['today'] },
    { name: 'offered, booked and removed entries are not waiting', wishes: [wish({ id: 'o', status: 'offered' }), wish({ id: 'bk', status: 'booked' }), wish({ id: 'r', status: 'removed' }), a], facts: none, expected: ['a'] },
  ])('$name', ({ wishes, facts, expected }) => {
    expect(offerQueue(wishes, facts).map((w) => w.id)).toEqual(expected)
  })
})

describe('joinRefusal', () => {
  const today = '2026-06-05'
  const ok = { services: ['cut'], from: today, to: '2026-06-20', parts: ['morning'] }
  it.each([
    { name: 'a good request', r: ok, expected: undefined },
    { name: 'no service', r: { ...ok, services: [] }, expected: JOIN_REFUSALS.noService },
    { name: 'no part of the day', r: { ...ok, parts: [] }, expected: JOIN_REFUSALS.noPart },
    { name: 'from after to', r: { ...ok, from: '2026-06-21' }, expected: JOIN_REFUSALS.fromAfterTo },
    { name: 'from in the past', r: { ...ok, from: '2026-06-04' }, expected: JOIN_REFUSALS.past },
    { name: 'exactly 8 weeks ahead', r: { ...ok, to: '2026-07-31' }, expected: undefined },
    { name: 'a day more than 8 weeks ahead', r: { ...ok, to: '2026-08-01' }, expected: JOIN_REFUSALS.tooFar },
  ])('$name', ({ r, expected }) => {
    expect(joinRefusal(r, today)).toBe(expected)
  })
})
