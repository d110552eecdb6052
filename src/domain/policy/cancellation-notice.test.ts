import { describe, expect, it } from 'vitest'
import { cancellationNotice } from './cancellation-notice'

const start = new Date('2026-12-03T14:00:00Z') // Thursday 14:00 in London (GMT)

describe('cancellationNotice', () => {
  it.each([
    ['fixed fee, before the period', new Date('2026-11-30T09:00:00Z'), { lateCancellationChargeType: 'AMOUNT', lateCancellationChargeValue: 25 }, 0, 'Free to cancel until Tue 14:00; after that a £25.00 charge.'],
    ['percentage of the price', new Date('2026-11-30T09:00:00Z'), { lateCancellationChargeType: 'PERCENTAGE', lateCancellationChargeValue: 50, lateCancellationPeriod: 24 }, 80, 'Free to cancel until Wed 14:00; after that a £40.00 charge.'],
    ['inside the period', new Date('2026-12-02T15:00:00Z'), { lateCancellationChargeType: 'AMOUNT', lateCancellationChargeValue: 25 }, 0, 'Cancelling or changing this appointment now means a £25.00 charge.'],
    ['no fee', new Date('2026-11-30T09:00:00Z'), {}, 0, null],
    ['cancelling not allowed', new Date('2026-11-30T09:00:00Z'), { cancellationRules: 'do-not-allow', lateCancellationChargeValue: 25 }, 0, null],
  ])('%s', (_name, now, settings, price, expected) => {
    expect(cancellationNotice(start, now, settings, price)).toBe(expected)
  })
})
