/**
 * DI tokens of the application layer: one per port (bound by the composition roots to adapters).
 * Use cases need none: they are bound and injected by class. Symbol.for so every bundle shares them.
 */
export const PORTS = {
  HttpClient: Symbol.for('HttpClient'),
  CatalogueApi: Symbol.for('CatalogueApi'),
  LinksApi: Symbol.for('LinksApi'),
  AvailabilityApi: Symbol.for('AvailabilityApi'),
  AppointmentsApi: Symbol.for('AppointmentsApi'),
  SlotHoldsApi: Symbol.for('SlotHoldsApi'),
  AuthApi: Symbol.for('AuthApi'),
  AccountApi: Symbol.for('AccountApi'),
  PaymentsApi: Symbol.for('PaymentsApi'),
  CardsApi: Symbol.for('CardsApi'),
  CoursesApi: Symbol.for('CoursesApi'),
  FormsApi: Symbol.for('FormsApi'),
  LeadsApi: Symbol.for('LeadsApi'),
  /** The device's storage (KeyValueStorage): localStorage in the browser, safe where it is refused. */
  LocalStorage: Symbol.for('LocalStorage'),
  /** The device's per-tab storage (KeyValueStorage): sessionStorage in the browser. */
  SessionStorage: Symbol.for('SessionStorage'),
  TokenStore: Symbol.for('TokenStore'),
  BookingStore: Symbol.for('BookingStore'),
  Clock: Symbol.for('Clock'),
  LiveEvents: Symbol.for('LiveEvents'),
  Geocoder: Symbol.for('Geocoder'),
  TagManager: Symbol.for('TagManager'),
  Logger: Symbol.for('Logger'),
} as const

export type PortToken = keyof typeof PORTS
