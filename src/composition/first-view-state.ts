import type { ViewModelResolver } from '../ui/use-view-model'
import { SessionViewModel } from '../ui/view-models/session.view-model'
import { LocationsViewModel } from '../ui/view-models/locations.view-model'
import { WEB_CONFIG, type WebConfig } from '../ui/view-models/views'

/**
 * The paths whose first view the server renders into the page (issue 28): the location list, a
 * clinic's service list (`/step/{clinic}`, the wizard's first step for a new visitor) and the customer
 * area's shell (`/app`, not in a frame). Any query that
 * sends the page elsewhere at once (a card redirect's return), the embedded booking flow (no header),
 * or a course booking (its clinics link to the course's service, a URL the server's one page per
 * firstViewUrl does not hold) is left to the browser's own render; on a step, every query but a
 * campaign's (the wizard reads the rest: a course, a reschedule, a held time).
 */
export function rendersFirstView(pathname: string, search: string): boolean {
  const query = new URLSearchParams(search)
  // The customer area's shell: its loading state, the same markup whatever its query says.
  if (isAccountPath(pathname)) return !query.has('embed')
  if (stepClinicOf(pathname) !== undefined) return [...query.keys()].every((name) => CAMPAIGN.test(name))
  if (pathname !== '/' && pathname !== '/step/location') return false
  return !['embed', 'stripeRedirect', 'setup_intent_client_secret', 'courseServiceBooking'].some((name) => query.has(name))
}

/** A campaign's query parameters: they change what is reported, never what the page shows. */
const CAMPAIGN = /^(utm_[a-z_]+|fbclid|gclid|msclkid)$/

/**
 * The customer area, `/app`: the server renders its shell (header, heading, the page's loading state),
 * the same for every visitor (the token is in the browser's storage, never sent with the page).
 */
export function isAccountPath(pathname: string): boolean {
  return pathname === '/app'
}

/** The clinic of a service list's URL, `/step/{clinic}` (an id as the API writes them), or undefined. */
export function stepClinicOf(pathname: string): string | undefined {
  return /^\/step\/([0-9a-f]{24})$/.exec(pathname)?.[1]
}

/**
 * The URL the first view's markup depends on: its path and `newAppt=true` (the list's title) only;
 * every other query (a campaign's utm_*, a course's preselected service) changes what a tap does
 * after hydration, not the markup. The server renders and keeps one page each.
 */
export function firstViewUrl(pathname: string, search: string): string {
  if (stepClinicOf(pathname) !== undefined || isAccountPath(pathname)) return pathname
  return new URLSearchParams(search).get('newAppt') === 'true' ? `${pathname}?newAppt=true` : pathname
}

/**
 * What the first view's markup depends on besides the build, as one string: the server writes it
 * beside its markup and the browser hydrates that markup where its own reads the same (always, with
 * the page's own answers). What differs between visitors (a cookie answer, a signed-in customer, a
 * frame) is not in it: the hydrating render shows a new visitor's (src/ui/use-after-hydration.ts).
 * `page`: what the page's own markup depends on (step-first-view.ts's stepViewState).
 */
export function firstViewState(container: ViewModelResolver, url: string, page: unknown[] = []): string {
  const session = container.get<SessionViewModel>(SessionViewModel)
  const locations = container.get<LocationsViewModel>(LocationsViewModel)
  return JSON.stringify([
    url,
    container.get<WebConfig>(WEB_CONFIG).environment,
    session.organisation?.name ?? null,
    session.organisation?.gtmId ?? null,
    session.organisation?.analyticsConsentBanner ?? null,
    locations.loaded ? locations.clinics.map((c) => c.id).join(',') : null,
    // The page's own (a step's service list: step-first-view.ts).
    ...page,
  ])
}

/** The attribute of the root element that carries the server's state (the root holds its markup then). */
export const FIRST_VIEW_STATE_ATTRIBUTE = 'data-first-view'
