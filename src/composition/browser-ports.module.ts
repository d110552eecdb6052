import { ContainerModule } from 'inversify'
import { PORTS } from '../application/tokens'
import { LocalStorageBookingStore, LocalStorageTokenStore } from '../adapters/storage/local-storage.adapter'
import { SystemClock } from '../adapters/clock/system-clock.adapter'
import { BrowserLiveEvents } from '../adapters/realtime/browser-live-events.adapter'
import { NominatimGeocoder } from '../adapters/geocoder/nominatim-geocoder.adapter'
import { GtmTagManager } from '../adapters/analytics/gtm-tag-manager.adapter'
import { ConsoleLogger } from '../adapters/logging/console-logger.adapter'

export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search'

/**
 * The browser's local ports, as browserAdaptersModule of src/adapters/adapters.module binds them;
 * bound here from the adapter files themselves because adapters.module.ts also imports every HTTP
 * adapter (and axios), which the first view must not load.
 */
export function browserPortsModule(config: { geocoderUrl?: string; storage?: Storage } = {}): ContainerModule {
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
