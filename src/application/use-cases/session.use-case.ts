import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import * as O from 'fp-ts/Option'
import { PORTS } from '../tokens'
import type { LiveConnection, LiveEvents } from '../ports/live-events.port'
import type { TokenStore } from '../ports/token-store.port'
import type { Geocoder, LatLng } from '../ports/geocoder.port'
import type { AppError } from '../failure'
import { notSignedIn } from '../errors'
import type { Clinic } from '../../contract/clinics.routes'
import { LoadLinks } from './catalogue.use-case'
import { Logout } from './auth.use-case'

export const LOGOUT_CUSTOMER_SENDER = 'logout-customer'

/**
 * The live socket (spec section 1): connects to the links' websocket URL with the token, and logs
 * the customer out when a 'logout-customer' message for them arrives. Left when signed out or the
 * links cannot be loaded (the caller only logs it).
 *
 * A password change ends every earlier token and the server sends 'logout-customer' to the sockets
 * opened with one. When this app meanwhile stored a newer token (its own session changed the password,
 * perhaps in another tab sharing the token), the message is about the socket's old token, not about
 * the session: the socket follows the new token instead of logging the session out. Events that
 * arrive after close() are ignored.
 */
@injectable()
export class WatchSession {
  constructor(
    @inject(PORTS.LiveEvents) private readonly live: LiveEvents,
    @inject(PORTS.TokenStore) private readonly tokens: TokenStore,
    @inject(LoadLinks) private readonly links: LoadLinks,
    @inject(Logout) private readonly logout: Logout,
  ) {}
  async execute(input: { customerId: string; onLoggedOut: () => void }): Promise<E.Either<AppError, LiveConnection>> {
    const token = this.tokens.get()
    if (!token) return E.left(notSignedIn)
    const links = await this.links.execute()
    if (E.isLeft(links)) return links
    const url = links.right.websocket
    let closed = false
    let current: LiveConnection | undefined
    /** counts the sockets opened: only the latest one's events count */
    let opened = 0
    const open = (socketToken: string): void => {
      const mine = ++opened
      current = this.live.connect(url, socketToken, (event) => {
        if (closed || mine !== opened) return
        if (event.from !== LOGOUT_CUSTOMER_SENDER || event.customerId !== input.customerId) return
        current?.close()
        const stored = this.tokens.get()
        if (stored && stored !== socketToken) {
          open(stored)
          return
        }
        closed = true
        void this.logout.execute().then(() => input.onLoggedOut())
      })
    }
    open(token)
    return E.right({
      close: () => {
        closed = true
        current?.close()
      },
    })
  }
}

/** Where the thank-you map points: the clinic's coordinates, else a geocode of its address (none on failure). */
@injectable()
export class LocateClinic {
  constructor(@inject(PORTS.Geocoder) private readonly geocoder: Geocoder) {}
  async execute(clinic: Pick<Clinic, 'address'>): Promise<E.Either<never, O.Option<LatLng>>> {
    const { latitude, longitude } = clinic.address
    if (typeof latitude === 'number' && typeof longitude === 'number') return E.right(O.some({ lat: latitude, lng: longitude }))
    const text = [clinic.address.line1, clinic.address.line2, clinic.address.city, clinic.address.postCode, clinic.address.country]
      .filter((part) => part && part.trim() !== '')
      .join(', ')
    return E.right(await this.geocoder.lookup(text))
  }
}
