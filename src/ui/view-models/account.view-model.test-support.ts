// Test support for the customer-area view models: real SessionViewModel, BookingViewModel and
// ToastViewModel over scripted fakes, a manual clock and a recording navigator.
import { vi } from 'vitest'
import * as E from 'fp-ts/Either'
import type { UserView, WebConfig } from './views'
import { InMemoryBookingStore } from '../../adapters/storage/in-memory.adapter'
import { SelectLocation } from '../../application/use-cases/catalogue.use-case'
import type { Navigator } from './app-services'
import { SessionViewModel } from './session.view-model'
import { BookingViewModel } from './booking.view-model'
import { ToastViewModel } from './toast.view-model'
import { SessionWatchViewModel } from './session-watch.view-model'
import type { AppointmentView } from '../../contract/appointments.codecs'
import type { CustomerCourse } from '../../contract/customer-courses.routes'
import type { OrganisationPublic } from '../../contract/organisation.routes'
import { ManualClock as AdapterManualClock } from '../../adapters/clock/system-clock.adapter'

/** A use case double: `execute` answers what the test scripted and records its calls. */
export function useCase<A extends unknown[], R>(answer: (...args: A) => R | Promise<R>) {
  return { execute: vi.fn(async (...args: A) => answer(...args)) }
}

/** The adapters' manual clock, starting at this suite's moment. */
export class ManualClock extends AdapterManualClock {
  constructor(time: number = Date.parse('2026-06-01T09:00:00Z')) {
    super(time)
  }
}

export class RecordingNavigator implements Navigator {
  paths: string[] = []
  left: string[] = []
  go(path: string): void {
    this.paths.push(path)
  }
  leave(url: string): void {
    this.left.push(url)
  }
  get last(): string | undefined {
    return this.paths[this.paths.length - 1]
  }
}

export const CUSTOMER: UserView = { id: 'c'.repeat(24), email: 'jane@example.com', firstName: 'Jane', surname: 'Doe' }

export interface World {
  clock: ManualClock
  navigator: RecordingNavigator
  session: SessionViewModel
  booking: BookingViewModel
  toasts: ToastViewModel
  /** the session's use cases */
  sessionUseCases: { logout: ReturnType<typeof vi.fn>; currentUser: ReturnType<typeof vi.fn>; loadOrganisation: ReturnType<typeof vi.fn>; loadLinks: ReturnType<typeof vi.fn> }
}

/** Session (signed in as CUSTOMER unless `signedIn` is false), booking wizard and toasts. */
export function world(options: { signedIn?: boolean } = {}): World {
  const clock = new ManualClock()
  const navigator = new RecordingNavigator()
  const sessionUseCases = {
    logout: vi.fn(async () => E.right(undefined)),
    currentUser: vi.fn(async () => (options.signedIn === false ? E.left({ _tag: 'NotSignedIn' as const, message: 'Not signed in' }) : E.right(CUSTOMER))),
    loadOrganisation: vi.fn(async () => E.right({ name: 'Demo Clinic', currency: 'GBP' })),
    loadLinks: vi.fn(async () => E.right({})),
  }
  const config: WebConfig = { environment: 'local', holdSeconds: 300, mapTilesUrl: '' }
  const store = new InMemoryBookingStore()
  const session = new SessionViewModel(
    { execute: sessionUseCases.loadOrganisation } as never,
    { execute: sessionUseCases.currentUser } as never,
    { execute: sessionUseCases.loadLinks } as never,
    { execute: sessionUseCases.logout },
    store,
    config,
  )
  session.userLoaded = true
  if (options.signedIn !== false) session.user = { ...CUSTOMER }
  const booking = new BookingViewModel(navigator, clock, config, new SelectLocation(store), session)
  const toasts = new ToastViewModel(clock)
  return { clock, navigator, session, booking, toasts, sessionUseCases }
}

export const ORGANISATION: OrganisationPublic = {
  id: 'a'.repeat(24),
  name: 'Demo Clinic',
  currency: 'GBP',
  country: 'GB',
  showHomeBannerText: false,
  bookingDepositType: 'percentage' as OrganisationPublic['bookingDepositType'],
  bookingDepositAmount: 0,
  bookingDepositMultipleServicesRule: 'single' as OrganisationPublic['bookingDepositMultipleServicesRule'],
  bookingDepositRule: 'each time' as OrganisationPublic['bookingDepositRule'],
  showCancelTerms: true,
  sellGiftVoucherOnline: false,
  giftVoucherValues: [],
  minimiseGaps: false,
  cancellationRules: 'other',
  lateCancellationPeriod: 48,
  lateCancellationChargeType: 'AMOUNT',
  lateCancellationChargeValue: 25,
}

const CLINIC_ID = '1'.repeat(24)
const SERVICE_ID = '2'.repeat(24)
const CATEGORY_ID = '3'.repeat(24)
const STAFF_ID = '4'.repeat(24)

/** An appointment `hoursAhead` hours after the clock's time. */
export function appointment(id: string, hoursAhead: number, patch: Partial<AppointmentView> = {}): AppointmentView {
  const start = new Date(Date.parse('2026-06-01T09:00:00Z') + hoursAhead * 3_600_000)
  return {
    id,
    status: 'Scheduled',
    event: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() },
    service: {
      id: SERVICE_ID,
      name: 'Facial',
      onlineName: 'Signature facial',
      category: CATEGORY_ID,
      defaultDuration: 60,
      defaultGrossPrice: 80,
      showOnline: true,
      locations: [{ clinic: CLINIC_ID, showOnline: true }] as AppointmentView['service']['locations'],
    },
    practitioner: { id: STAFF_ID, displayName: 'Amy Lee' },
    clinic: { id: CLINIC_ID, accountName: 'Harley Street' },
    price: 80,
    linkedAppointments: [],
    ...patch,
  }
}

export function course(id: string, patch: Partial<CustomerCourse> = {}): CustomerCourse {
  return {
    id,
    name: 'Six facials',
    course: { id: '5'.repeat(24), name: 'Six facials', services: [{ id: SERVICE_ID, name: 'Facial' }] },
    service: { id: SERVICE_ID, name: 'Facial' },
    quantity: 6,
    redeemed: 1,
    reserved: 2,
    soldAt: '2026-03-10T10:00:00.000Z',
    endsOn: null,
    invoiceItem: { createdAt: '2026-03-10T10:00:00.000Z', quantity: 1, grossPrice: 420, netPrice: 350 },
    purchaseLocation: { id: CLINIC_ID, accountName: 'Harley Street' },
    category: { id: CATEGORY_ID, name: 'Skin' },
    ...patch,
  }
}

export const IDS = { CLINIC_ID, SERVICE_ID, CATEGORY_ID, STAFF_ID }

/** Lets pending promises settle. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A live-session watcher over a fake WatchSession that records each connection. */
export function sessionWatch(w: World) {
  const connections: { customerId: string; onLoggedOut: () => void; close: ReturnType<typeof vi.fn> }[] = []
  const watch = useCase((input: { customerId: string; onLoggedOut: () => void }) => {
    const connection = { ...input, close: vi.fn() }
    connections.push(connection)
    return E.right({ close: connection.close })
  })
  const logout = useCase(() => E.right(undefined))
  const vm = new SessionWatchViewModel(watch as never, logout as never, w.session, w.booking, w.navigator)
  return { vm, watch, logout, connections }
}
