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
