import type { ViewModelResolver } from '../ui/use-view-model'
import { SessionViewModel } from '../ui/view-models/session.view-model'
import { LocationsViewModel } from '../ui/view-models/locations.view-model'
import { WEB_CONFIG, type WebConfig } from '../ui/view-models/views'

/**
 * The paths whose first view the server renders into the page (issue 28): the location list. Any
 * query that sends the page elsewhere at once (a card redirect's return), the embedded booking flow
 * (no header), or a course booking (its clinics link to the course's service, a URL the server's one
 * page per firstViewUrl does not hold) is left to the browser's own render.
 */
export function rendersFirstView(pathname: string, search: string): boolean {
  if (pathname !== '/' && pathname !== '/step/location') return false
  const query = new URLSearchParams(search)
  return !['embed', 'stripeRedirect', 'setup_intent_client_secret', 'courseServiceBooking'].some((name) => query.has(name))
}

/**
 * The URL the first view's markup depends on: its path and `newAppt=true` (the list's title) only;
 * every other query (a campaign's utm_*, a course's preselected service) changes what a tap does
 * after hydration, not the markup. The server renders and keeps one page each.
 */
export function firstViewUrl(pathname: string, search: string): string {
  return new URLSearchParams(search).get('newAppt') === 'true' ? `${pathname}?newAppt=true` : pathname
}

/**
 * What the first view's markup depends on besides the build, as one string: the server writes it
 * beside its markup and the browser hydrates that markup where its own reads the same (always, with
 * the page's own answers). What differs between visitors (a cookie answer, a signed-in customer, a
 * frame) is not in it: the hydrating render shows a new visitor's (src/ui/use-after-hydration.ts).
 */
export function firstViewState(container: ViewModelResolver, url: string): string {
  const session = container.get<SessionViewModel>(SessionViewModel)
  const locations = container.get<LocationsViewModel>(LocationsViewModel)
  return JSON.stringify([
    url,
    container.get<WebConfig>(WEB_CONFIG).environment,
    session.organisation?.name ?? null,
    session.organisation?.gtmId ?? null,
    session.organisation?.analyticsConsentBanner ?? null,
    locations.loaded ? locations.clinics.map((c) => c.id).join(',') : null,
  ])
}

/** The attribute of the root element that carries the server's state (the root holds its markup then). */
export const FIRST_VIEW_STATE_ATTRIBUTE = 'data-first-view'
