/**
 * Access tiers (spec §6 "Access tiers: ordered; a feature is available if its tier is at or below the
 * configured one. Startup Access (calendar, reporting, customer, admin, POS, schedules), Builder Access
 * (journey), Expert Access (marketing, stock). The configured tier is Expert Access.").
 */

export const ACCESS_TIERS = ['Startup Access', 'Builder Access', 'Expert Access'] as const
export type AccessTier = (typeof ACCESS_TIERS)[number]

export const FEATURE_TIERS = {
  calendar: 'Startup Access',
  reporting: 'Startup Access',
  customer: 'Startup Access',
  admin: 'Startup Access',
  POS: 'Startup Access',
  schedules: 'Startup Access',
  journey: 'Builder Access',
  marketing: 'Expert Access',
  stock: 'Expert Access',
} as const satisfies Record<string, AccessTier>
export type Feature = keyof typeof FEATURE_TIERS

export const CONFIGURED_ACCESS_TIER: AccessTier = 'Expert Access'

/** Position of a tier in the order (0 = lowest). */
export function tierRank(tier: AccessTier): number {
  return ACCESS_TIERS.indexOf(tier)
}

/** True when the feature's tier is at or below the configured tier. */
export function isFeatureAvailable(feature: Feature, configuredTier: AccessTier = CONFIGURED_ACCESS_TIER): boolean {
  return tierRank(FEATURE_TIERS[feature]) <= tierRank(configuredTier)
}

/** Every feature available at the configured tier, in declaration order. */
export function availableFeatures(configuredTier: AccessTier = CONFIGURED_ACCESS_TIER): Feature[] {
  return (Object.keys(FEATURE_TIERS) as Feature[]).filter((f) => isFeatureAvailable(f, configuredTier))
}
