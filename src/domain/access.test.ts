import { describe, expect, it } from 'vitest'
import { availableFeatures, CONFIGURED_ACCESS_TIER, type Feature, isFeatureAvailable, type AccessTier } from './access'

describe('isFeatureAvailable', () => {
  const cases: [Feature, AccessTier, boolean][] = [
    ['calendar', 'Startup Access', true],
    ['POS', 'Startup Access', true],
    ['journey', 'Startup Access', false],
    ['marketing', 'Startup Access', false],
    ['journey', 'Builder Access', true],
    ['stock', 'Builder Access', false],
    ['stock', 'Expert Access', true],
    ['schedules', 'Expert Access', true],
  ]
  it.each(cases)('%s at %s -> %s', (feature, tier, expected) => {
    expect(isFeatureAvailable(feature, tier)).toBe(expected)
  })

  it('the configured tier is Expert Access and allows everything', () => {
    expect(CONFIGURED_ACCESS_TIER).toBe('Expert Access')
    expect(isFeatureAvailable('marketing')).toBe(true)
    expect(availableFeatures()).toHaveLength(9)
  })

  it.each([
    ['Startup Access', ['calendar', 'reporting', 'customer', 'admin', 'POS', 'schedules']],
    ['Builder Access', ['calendar', 'reporting', 'customer', 'admin', 'POS', 'schedules', 'journey']],
  ] as const)('availableFeatures(%s)', (tier, features) => {
    expect(availableFeatures(tier)).toEqual(features)
  })
})
