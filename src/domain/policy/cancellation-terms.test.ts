import { describe, expect, it } from 'vitest'
import type { CancellationSettings } from './cancellation'
import { cancellationPreview, cancellationTerms } from './cancellation-terms'

const start = new Date('2026-12-03T14:00:00Z') // Thursday 14:00 in London (GMT)
const monday = new Date('2026-11-30T09:00:00Z')
const scheduled = (price = 0) => ({ start, status: 'Scheduled', price })
const fixed16: CancellationSettings = { cancellationRules: 'allow', lateCancellationChargeType: 'AMOUNT', lateCancellationChargeValue: 16 }

describe('cancellationPreview (the account list, live)', () => {
  it.each<[string, Date, CancellationSettings, number, string | null]>([
    ['fixed fee, 48 hours by default', monday, fixed16, 0, 'Free to cancel until Tue 14:00, then £16.00'],
    ['percentage of the price, 24 hours', monday, { lateCancellationChargeType: 'PERCENTAGE', lateCancellationChargeValue: 20, lateCancellationPeriod: 24 }, 80, 'Free to cancel until Wed 14:00, then £16.00'],
    ['far off: the date too', new Date('2026-11-20T09:00:00Z'), fixed16, 0, 'Free to cancel until Tue 1 Dec 14:00, then £16.00'],
    ['no fee, rule allow: online until the period', monday, { cancellationRules: 'allow' }, 0, 'Free to cancel online until Tue 14:00'],
    ['no fee, late changes allowed', monday, { cancellationRules: 'allow-with-fee' }, 0, 'Free to cancel'],
    ['inside the period, rule allow: not online (the disabled Options say so)', new Date('2026-12-02T15:00:00Z'), fixed16, 0, null],
    ['inside the period, no fee, rule allow', new Date('2026-12-02T15:00:00Z'), { cancellationRules: 'allow' }, 0, null],
    ['inside the period, late changes allowed', new Date('2026-12-02T15:00:00Z'), { ...fixed16, cancellationRules: 'allow-with-fee' }, 0, 'Cancelling now costs £16.00'],
    ['cancelling not allowed', monday, { ...fixed16, cancellationRules: 'do-not-allow' }, 0, 'Cannot be cancelled or changed online'],
    ['euro', monday, { ...fixed16, currency: 'EUR' }, 0, 'Free to cancel until Tue 14:00, then €16.00'],
  ])('%s', (_name, now, settings, price, expected) => {
    expect(cancellationPreview(scheduled(price), now, settings)).toBe(expected)
  })

  it('gives London time in British Summer Time', () => {
    const summer = { start: new Date('2026-07-02T13:00:00Z'), status: 'Scheduled' } // Thursday 14:00 BST
    expect(cancellationPreview(summer, new Date('2026-07-01T09:00:00Z'), { ...fixed16, lateCancellationPeriod: 12 })).toBe('Free to cancel until Thu 02:00, then £16.00')
  })

  it('says nothing for past, checked-in or unscheduled appointments', () => {
    expect(cancellationPreview(scheduled(), new Date('2026-12-03T14:00:00Z'), fixed16)).toBeNull()
    expect(cancellationPreview({ ...scheduled(), checkedIn: true }, monday, fixed16)).toBeNull()
    expect(cancellationPreview({ ...scheduled(), status: 'Cancelled' }, monday, fixed16)).toBeNull()
  })

  it('moves from free to charged as time passes (the free-until moment is exclusive)', () => {
    const freeUntil = new Date('2026-12-01T14:00:00Z')
    expect(cancellationTerms(scheduled(), new Date(freeUntil.getTime() - 1), fixed16)).toEqual({ kind: 'freeUntil', freeUntil, fee: 16, lateOnline: false })
    expect(cancellationTerms(scheduled(), freeUntil, fixed16)).toEqual({ kind: 'late', fee: 16, online: false })
  })
})
