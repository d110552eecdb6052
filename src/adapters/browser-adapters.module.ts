import { ContainerModule } from 'inversify'
import { PORTS } from '../application/tokens'
import type { KeyValueStorage } from '../application/ports/storage.port'
import { LocalStorageBookingStore, LocalStorageTokenStore } from './storage/local-storage.adapter'
import { safeLocalStorage, safeSessionStorage } from './storage/safe-storage.adapter'
import { SystemClock } from './clock/system-clock.adapter'
import { BrowserLiveEvents } from './realtime/browser-live-events.adapter'
import { NominatimGeocoder } from './geocoder/nominatim-geocoder.adapter'
import { GtmTagManager } from './analytics/gtm-tag-manager.adapter'
import { ConsoleLogger } from './logging/console-logger.adapter'
import type { TagManager } from '../application/ports/tag-manager.port'

export interface BrowserAdaptersConfig {
  /** A Nominatim-compatible search URL for the thank-you map (default OpenStreetMap's). */
  geocoderUrl?: string
  /** localStorage (default: the browser's, through SafeStorage). */
  storage?: KeyValueStorage
  /** sessionStorage (default: the browser's, through SafeStorage). */
  sessionStorage?: KeyValueStorage
  /** The tag manager (default: Google Tag Manager's snippet; the server's render of the first view starts none). */
  tagManager?: TagManager
}

export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search'

/**
 * The browser's local ports: the device's storage (never throwing: memory where the browser refuses
 * it, as in a third-party frame) and the stores on it, system clock, WebSocket, geocoder, tag manager, console.
 */
export function browserAdaptersModule(config: BrowserAdaptersConfig = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<KeyValueStorage>(PORTS.LocalStorage).toConstantValue(config.storage ?? safeLocalStorage())
    bind<KeyValueStorage>(PORTS.SessionStorage).toConstantValue(config.sessionStorage ?? safeSessionStorage())
    bind(PORTS.TokenStore).toDynamicValue((ctx) => new LocalStorageTokenStore(ctx.get<KeyValueStorage>(PORTS.LocalStorage))).inSingletonScope()
    bind(PORTS.BookingStore).toDynamicValue((ctx) => new LocalStorageBookingStore(ctx.get<KeyValueStorage>(PORTS.LocalStorage))).inSingletonScope()
    bind(PORTS.Clock).toConstantValue(new SystemClock())
    bind(PORTS.LiveEvents).toDynamicValue(() => new BrowserLiveEvents()).inSingletonScope()
    bind(PORTS.Geocoder).toConstantValue(new NominatimGeocoder({ url: config.geocoderUrl ?? DEFAULT_GEOCODER_URL }))
    bind(PORTS.TagManager).toDynamicValue(() => config.tagManager ?? new GtmTagManager()).inSingletonScope()
    bind(PORTS.Logger).toConstantValue(new ConsoleLogger())
  })
}
