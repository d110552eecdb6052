import { ContainerModule } from 'inversify'
import { PORTS } from '../application/tokens'
import { LocalStorageBookingStore, LocalStorageTokenStore } from './storage/local-storage.adapter'
import { SystemClock } from './clock/system-clock.adapter'
import { BrowserLiveEvents } from './realtime/browser-live-events.adapter'
import { NominatimGeocoder } from './geocoder/nominatim-geocoder.adapter'
import { GtmTagManager } from './analytics/gtm-tag-manager.adapter'
import { ConsoleLogger } from './logging/console-logger.adapter'

export interface BrowserAdaptersConfig {
  /** A Nominatim-compatible search URL for the thank-you map (default OpenStreetMap's). */
  geocoderUrl?: string
  storage?: Storage
}

export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search'

/** The browser's local ports: localStorage stores, system clock, WebSocket, geocoder, tag manager, console. */
export function browserAdaptersModule(config: BrowserAdaptersConfig = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(PORTS.TokenStore).toDynamicValue(() => new LocalStorageTokenStore(config.storage)).inSingletonScope()
    bind(PORTS.BookingStore).toDynamicValue(() => new LocalStorageBookingStore(config.storage)).inSingletonScope()
    bind(PORTS.Clock).toConstantValue(new SystemClock())
    bind(PORTS.LiveEvents).toDynamicValue(() => new BrowserLiveEvents()).inSingletonScope()
    bind(PORTS.Geocoder).toConstantValue(new NominatimGeocoder({ url: config.geocoderUrl ?? DEFAULT_GEOCODER_URL }))
    bind(PORTS.TagManager).toDynamicValue(() => new GtmTagManager()).inSingletonScope()
    bind(PORTS.Logger).toConstantValue(new ConsoleLogger())
  })
}
