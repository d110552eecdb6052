import { describe, expect, it } from 'vitest'
import { withinLatePeriod } from './demo.seed'

const HOUR = 3_600_000

describe('withinLatePeriod (the demo appointment that is too close to cancel)', () => {
  it('is always in the future and within the 48-hour late period, whatever day and hour the demo is seeded', () => {
    // Every half hour of three weeks, across the October clock change and a weekend.
    const start = Date.parse('2026-10-19T00:00:00Z')
    for (let t = start; t < start + 21 * 24 * HOUR; t += HOUR / 2) {
      const now = new Date(t)
      const ahead = withinLatePeriod(now).getTime() - t
      expect(ahead, now.toISOString()).toBeGreaterThanOrEqual(HOUR)
      expect(ahead, now.toISOString()).toBeLessThan(48 * HOUR)
    }
  })

  it('keeps to a day James works when one is near (a Saturday morning gives the same afternoon)', () => {
    expect(withinLatePeriod(new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-11-28T15:00:00.000Z')
    expect(withinLatePeriod(new Date('2026-11-24T09:00:00Z')).toISOString()).toBe('2026-11-24T15:00:00.000Z')
  })
})
