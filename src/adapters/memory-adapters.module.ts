import { ContainerModule } from 'inversify'
import * as O from 'fp-ts/Option'
import { PORTS } from '../application/tokens'
import type { TokenStore } from '../application/ports/token-store.port'
import type { BookingStore } from '../application/ports/booking-store.port'
import type { Clock } from '../application/ports/clock.port'
import type { LiveEvents } from '../application/ports/live-events.port'
import type { Geocoder } from '../application/ports/geocoder.port'
import type { Logger } from '../application/ports/logger.port'
import { InMemoryBookingStore, InMemoryTokenStore, MemoryStorage } from './storage/in-memory.adapter'
import { ManualClock } from './clock/system-clock.adapter'
import { NoTagManager } from './analytics/gtm-tag-manager.adapter'
import { MemoryLogger } from './logging/console-logger.adapter'

export interface MemoryAdaptersConfig {
  tokens?: TokenStore
  store?: BookingStore
  clock?: Clock
  live?: LiveEvents
  geocoder?: Geocoder
  logger?: Logger
}

/** Local ports for tests and scripts: in memory, a manual clock (sleep is instant), no socket, no geocoder. */
export function memoryAdaptersModule(config: MemoryAdaptersConfig = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(PORTS.LocalStorage).toConstantValue(new MemoryStorage())
    bind(PORTS.SessionStorage).toConstantValue(new MemoryStorage())
    bind(PORTS.TokenStore).toConstantValue(config.tokens ?? new InMemoryTokenStore())
    bind(PORTS.BookingStore).toConstantValue(config.store ?? new InMemoryBookingStore())
    bind(PORTS.Clock).toConstantValue(config.clock ?? new ManualClock())
    bind(PORTS.LiveEvents).toConstantValue(config.live ?? { connect: () => ({ close: () => {} }) })
    bind(PORTS.Geocoder).toConstantValue(config.geocoder ?? { lookup: async () => O.none })
    bind(PORTS.TagManager).toConstantValue(new NoTagManager())
    bind(PORTS.Logger).toConstantValue(config.logger ?? new MemoryLogger())
  })
}
