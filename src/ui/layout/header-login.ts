import { stepFromUrl } from '../../domain/booking/steps'

/**
 * Where the header's 'Log in' leads once the customer is signed in: from the service step to the
 * customer area (spec section 2, /app: 'Sign-in on the service step returns here'); elsewhere the
 * customer stays where they are.
 */
export function headerLoginDestination(pathname: string): '/app' | undefined {
  const match = /^\/step\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname)
  if (!match || match[2] === 'confirm') return undefined
  const [, locationId, categoryId] = match.map((part) => (part === undefined ? undefined : decodeURIComponent(part)))
  return stepFromUrl({ locationId, categoryId }) === 'service' ? '/app' : undefined
}

/** What the header's account area offers on a page. */
export interface HeaderActions {
  /** 'Log in' when signed out, else 'Hi {first name}' */
  readonly account: boolean
  readonly manageAppointments: boolean
  /** A link back to the customer's booking site (the staff area's header). */
  readonly bookingSite: boolean
}

const isStaffArea = (pathname: string) => pathname === '/staff' || pathname.startsWith('/staff/')

/**
 * The staff area (/staff...) shares the public header, but staff are not customers: its header offers
 * neither the customer's 'Log in' (as if nobody were signed in) nor 'Manage appointments', only the way
 * to the booking site. The customer area hides 'Manage appointments' (it is that page).
 */
export function headerActions(pathname: string): HeaderActions {
  if (isStaffArea(pathname)) return { account: false, manageAppointments: false, bookingSite: true }
  return { account: true, manageAppointments: !pathname.startsWith('/app'), bookingSite: false }
}
