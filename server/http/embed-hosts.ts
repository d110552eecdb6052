/**
 * Which sites may frame the app (issue 17): the organisation setting embedHosts lists the sites
 * (origins such as https://www.example-clinic.com, or https://*.example-clinic.com) where the tenant
 * embeds the lead form and the booking flow. It becomes the pages' CSP frame-ancestors.
 */
import type { OrganisationSettings } from '../db/schema'

/** An origin as CSP source syntax takes it: scheme, host (optionally '*.' first), optional port. */
const ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i

/** The listed hosts that are origins; anything else (paths, quotes, ';') would change the policy and is left out. */
export function embedHostsOf(settings: Pick<OrganisationSettings, 'embedHosts'> | undefined): string[] {
  return (settings?.embedHosts ?? []).map((h) => h.trim().replace(/\/$/, '')).filter((h) => ORIGIN.test(h))
}

/**
 * frame-ancestors for a page: the app itself plus the tenant's hosts. The lead form is made to be
 * embedded anywhere, so with no list it keeps '*'; the booking flow (payments, accounts) stays
 * same-site until the tenant lists its sites.
 */
export function frameAncestors(hosts: readonly string[], page: 'lead' | 'app'): string {
  if (hosts.length === 0) return page === 'lead' ? '*' : "'self'"
  return ["'self'", ...hosts].join(' ')
}

/** The policy with its frame-ancestors directive replaced. */
export function withFrameAncestors(csp: string, value: string): string {
  return /frame-ancestors [^;]*/.test(csp) ? csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${value}`) : `${csp}; frame-ancestors ${value}`
}
