import { ContainerModule } from 'inversify'
import { PORTS } from '../application/tokens'
import { configDir, FileBookingStore, FileTokenStore } from './storage/file-store.adapter'
import { MemoryStorage } from './storage/in-memory.adapter'
import { SystemClock } from './clock/system-clock.adapter'
import { WsLiveEvents } from './realtime/ws-live-events.adapter'
import { NominatimGeocoder } from './geocoder/nominatim-geocoder.adapter'
import { NoTagManager } from './analytics/gtm-tag-manager.adapter'
import { ConsoleLogger } from './logging/console-logger.adapter'
import { DEFAULT_GEOCODER_URL } from './adapters.module'

export interface NodeAdaptersConfig {
  /** Where the token (0600) and booking info live; default $XDG_CONFIG_HOME/clinic or ~/.config/clinic. */
  configDir?: string
  /** The server and tenant the token belongs to: a token is only sent back to where it came from. */
  tokenScope?: string
  geocoderUrl?: string
}

/**
 * The CLI's local ports: file stores in the config directory, the device's key-value storage in
 * memory (a command is one process), system clock, `ws`, no tag manager, console (stderr).
 */
export function nodeAdaptersModule(config: NodeAdaptersConfig = {}): ContainerModule {
  const dir = config.configDir ?? configDir()
  return new ContainerModule(({ bind }) => {
    bind(PORTS.LocalStorage).toConstantValue(new MemoryStorage())
    bind(PORTS.SessionStorage).toConstantValue(new MemoryStorage())
    bind(PORTS.TokenStore).toConstantValue(new FileTokenStore(dir, config.tokenScope))
    bind(PORTS.BookingStore).toConstantValue(new FileBookingStore(dir))
    bind(PORTS.Clock).toConstantValue(new SystemClock())
    bind(PORTS.LiveEvents).toDynamicValue(() => new WsLiveEvents()).inSingletonScope()
    bind(PORTS.Geocoder).toConstantValue(new NominatimGeocoder({ url: config.geocoderUrl ?? DEFAULT_GEOCODER_URL }))
    bind(PORTS.TagManager).toConstantValue(new NoTagManager())
    bind(PORTS.Logger).toConstantValue(new ConsoleLogger())
  })
}
