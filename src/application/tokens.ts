import { token } from './inject'
import type { HttpTransport } from './ports/http-transport.port'
import type { CatalogueApi } from './ports/catalogue.port'
import type { LinksApi } from './ports/links.port'
import type { AvailabilityApi } from './ports/availability.port'
import type { AppointmentsApi } from './ports/appointments.port'
import type { SlotHoldsApi } from './ports/slot-holds.port'
import type { AuthApi } from './ports/auth.port'
import type { AccountApi } from './ports/account.port'
import type { PaymentsApi } from './ports/payments.port'
import type { CardsApi } from './ports/cards.port'
import type { CoursesApi } from './ports/courses.port'
import type { FormsApi } from './ports/forms.port'
import type { LeadsApi } from './ports/leads.port'
import type { WaitlistApi } from './ports/waitlist.port'
import type { KeyValueStorage } from './ports/storage.port'
import type { TokenStore } from './ports/token-store.port'
import type { BookingStore } from './ports/booking-store.port'
import type { Clock } from './ports/clock.port'
import type { LiveEvents } from './ports/live-events.port'
import type { Geocoder } from './ports/geocoder.port'
import type { TagManager } from './ports/tag-manager.port'
import type { Logger } from './ports/logger.port'

/**
 * DI tokens of the application layer: one per port (bound by the composition roots to adapters),
 * each typed with its port so an `@inject` of another type fails the typecheck (./inject).
 * Use cases need none: they are bound and injected by class.
 */
export const PORTS = {
  HttpClient: token<HttpTransport>('HttpClient'),
  CatalogueApi: token<CatalogueApi>('CatalogueApi'),
  LinksApi: token<LinksApi>('LinksApi'),
  AvailabilityApi: token<AvailabilityApi>('AvailabilityApi'),
  AppointmentsApi: token<AppointmentsApi>('AppointmentsApi'),
  SlotHoldsApi: token<SlotHoldsApi>('SlotHoldsApi'),
  AuthApi: token<AuthApi>('AuthApi'),
  AccountApi: token<AccountApi>('AccountApi'),
  PaymentsApi: token<PaymentsApi>('PaymentsApi'),
  CardsApi: token<CardsApi>('CardsApi'),
  CoursesApi: token<CoursesApi>('CoursesApi'),
  FormsApi: token<FormsApi>('FormsApi'),
  LeadsApi: token<LeadsApi>('LeadsApi'),
  WaitlistApi: token<WaitlistApi>('WaitlistApi'),
  /** The device's storage: localStorage in the browser, safe where it is refused. */
  LocalStorage: token<KeyValueStorage>('LocalStorage'),
  /** The device's per-tab storage: sessionStorage in the browser. */
  SessionStorage: token<KeyValueStorage>('SessionStorage'),
  TokenStore: token<TokenStore>('TokenStore'),
  BookingStore: token<BookingStore>('BookingStore'),
  Clock: token<Clock>('Clock'),
  LiveEvents: token<LiveEvents>('LiveEvents'),
  Geocoder: token<Geocoder>('Geocoder'),
  TagManager: token<TagManager>('TagManager'),
  Logger: token<Logger>('Logger'),
} as const

export type PortToken = keyof typeof PORTS
