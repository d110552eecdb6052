import type { Container } from 'inversify'
import { SessionViewModel } from '../ui/view-models/session.view-model'
import { LocationsViewModel } from '../ui/view-models/locations.view-model'
import { WEB_CONFIG, type WebConfig } from '../ui/view-models/views'

/**
 * The paths whose first view the server renders into the page (issue 28): the location list. Any
 * query that sends the page elsewhere at once (a card redirect's return), or the embedded booking
 * flow (no header), is left to the browser's own render.
 */
export function rendersFirstView(pathname: string, search: string): boolean {
  if (pathname !== '/' && pathname !== '/step/location') return false
  const query = new URLSearchParams(search)
  return !['embed', 'stripeRedirect', 'setup_intent_client_secret'].some((name) => query.has(name))
}

/**
 * What the first view shows that is not the same for every visitor of a tenant, as one string: the
 * server renders a new visitor's (no token, no cookie answer, no frame) and writes it beside its
 * markup; the browser hydrates that markup only where its own state reads the same (a signed-in or
 * returning visitor, or a page in a frame, is rendered afresh instead: no hydration mismatch).
 */
export function firstViewState(container: Pick<Container, 'get'>, place: { path: string; framed: boolean }): string {
  const session = container.get<SessionViewModel>(SessionViewModel)
  const locations = container.get<LocationsViewModel>(LocationsViewModel)
  return JSON.stringify([
    place.path,
    place.framed,
    container.get<WebConfig>(WEB_CONFIG).environment,
    session.organisation?.name ?? null,
    session.user === undefined ? null : 'user',
    session.cookiesAccepted,
    session.analyticsConsent ?? null,
    locations.loaded ? locations.clinics.map((c) => c.id).join(',') : null,
  ])
}

/** The attribute of the root element that carries the server's state (the root holds its markup then). */
export const FIRST_VIEW_STATE_ATTRIBUTE = 'data-first-view'
