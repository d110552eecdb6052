// Fakes for the booking view model tests: a scripted gateway, a manual clock, a recording navigator.
import * as E from 'fp-ts/Either'
import type {
  BookingGateway, ClinicView, LocalSettings, OrganisationView, PractitionerView, ServiceView, Ticker, UserView, WebConfig,
} from './booking-gateway'
import type { Navigator } from './app-services'
import { SessionViewModel } from './session.view-model'
import { ToastViewModel } from './toast.view-model'
import { BookingViewModel } from './booking.view-model'

export class ManualTicker implements Ticker {
  time = Date.parse('2026-03-10T09:00:00Z')
  private timers: { at: number; every?: number; run: () => void; id: number }[] = []
  private nextId = 1
  now(): number {
    return this.time
  }
  every(ms: number, tick: () => void): () => void {
    const id = this.nextId++
    this.timers.push({ at: this.time + ms, every: ms, run: tick, id })
    return () => (this.timers = this.timers.filter((t) => t.id !== id))
  }
  after(ms: number, run: () => void): () => void {
    const id = this.nextId++
    this.timers.push({ at: this.time + ms, run, id })
    return () => (this.timers = this.timers.filter((t) => t.id !== id))
  }
  /** Moves the clock forward, firing due timers in order. */
  advance(ms: number): void {
    const end = this.time + ms
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      this.time = due.at
      if (due.every) due.at += due.every
      else this.timers = this.timers.filter((t) => t.id !== due.id)
      due.run()
    }
    this.time = end
  }
  get pending(): number {
    return this.timers.length
  }
}

export class RecordingNavigator implements Navigator {
  paths: string[] = []
  /** the paths that replaced the current history entry */
  replaced: string[] = []
  left: string[] = []
  go(path: string, options?: { replace?: boolean }): void {
    this.paths.push(path)
    if (options?.replace) this.replaced.push(path)
  }
  leave(url: string): void {
    this.left.push(url)
  }
  get last(): string | undefined {
    return this.paths[this.paths.length - 1]
  }
}

export class MemorySettings implements LocalSettings {
  values: Record<string, string> = {}
  get(key: string): string | undefined {
    return this.values[key]
  }
  set(key: string, value: string): void {
    this.values[key] = value
  }
}

export const clinicA: ClinicView = { id: 'c1', accountName: 'Harley Street', address: { line1: '1 Harley Street', city: 'London', latitude: 51.52, longitude: -0.147 } }
export const clinicB: ClinicView = { id: 'c2', accountName: 'Bath', address: { line1: '2 Milsom Street', line2: 'Upper floor', city: 'Bath' } }
export const facial: ServiceView = { id: 's1', name: 'Facial', categoryId: 'cat1', defaultDuration: 60, defaultPrice: 80 }
export const massage: ServiceView = { id: 's2', name: 'Massage', categoryId: 'cat1', defaultDuration: 30, defaultPrice: 50 }
export const course: ServiceView = { id: 'k1', name: 'Six facials', categoryId: 'kc', defaultDuration: 0, defaultPrice: 400, salePrice: 400 }
export const anna: PractitionerView = { id: 'p1', displayName: 'Anna Smith', grossPrice: 90, duration: 60 }
export const ben: PractitionerView = { id: 'p2', displayName: 'Ben Jones', grossPrice: 70, duration: 60 }
export const user: UserView = { id: 'u1', email: 'jo@example.com', firstName: 'Jo', surname: 'Bloggs', accountBalance: 0 }
export const organisation: OrganisationView = {
  name: 'Demo Clinic',
  currency: 'GBP',
  bookingDepositType: 'percentage',
  bookingDepositAmount: 50,
  bookingDepositMultipleServicesRule: 'sum',
  bookingDepositRule: 'each time',
  termsAndConditionsText: 'Cancel {LateCancellationPeriod} hours ahead.',
  termsAndConditionsTextCourse: 'Course terms',
  termsAndConditionsTextGiftVoucher: 'Voucher terms',
  thankYouText: 'See you soon',
  thankYouTextCourse: 'Enjoy your course',
  thankYouTextGiftVoucher: 'Voucher on its way',
  lateCancellationPeriod: 24,
  sellGiftVoucherOnline: true,
  giftVoucherValues: [],
}

/** A gateway whose every call succeeds with simple data unless a test replaces the method. */
export function fakeGateway(overrides: Partial<BookingGateway> = {}): BookingGateway & { calls: Record<string, unknown[][]> } {
  const calls: Record<string, unknown[][]> = {}
  const record = <A extends unknown[], R>(name: string, f: (...args: A) => R) => (...args: A): R => {
    ;(calls[name] ??= []).push(args)
    return f(...args)
  }
  const base: BookingGateway = {
    loadOrganisation: async () => E.right(organisation),
    loadLinks: async () => undefined,
    listLocations: async () => E.right([clinicA, clinicB]),
    listCategories: async () => E.right([{ id: 'cat1', name: 'Face' }]),
    listServices: async () => E.right([facial, massage]),
    getService: async (id) => E.right(id === massage.id ? massage : facial),
    listCourses: async () => E.right([{ id: 'kc', name: 'Courses', courses: [course] }]),
    listPractitioners: async () => E.right([anna, ben]),
    availableDays: async () => E.right(['2026-03-12', '2026-03-13']),
    timeSlots: async () => E.right([]),
    confirm: async () => E.right({ _tag: 'Payment', paymentUrl: '/sandbox/pay/t1', transactionId: 't1', appointmentId: 'a1', invoiceId: 'i1' }),
    deletePending: async () => E.right(undefined),
    reschedule: async () => E.right(undefined),
    checkPayment: async () => E.right(false),
    verifyCourseAssignment: async () => undefined,
    currentUser: async () => E.right(undefined),
    login: async () => E.right(user),
    register: async () => E.right(undefined),
    forgotPassword: async () => E.right(undefined),
    logout: () => undefined,
    locate: async () => ({ latitude: 51.38, longitude: -2.36 }),
  }
  const merged = { ...base, ...overrides } as BookingGateway
  const wrapped = Object.fromEntries(
    Object.entries(merged).map(([k, f]) => [k, record(k, f as (...a: unknown[]) => unknown)]),
  ) as unknown as BookingGateway
  return Object.assign(wrapped, { calls })
}

export interface World {
  gateway: ReturnType<typeof fakeGateway>
  ticker: ManualTicker
  navigator: RecordingNavigator
  settings: MemorySettings
  config: WebConfig
  toasts: ToastViewModel
  session: SessionViewModel
  booking: BookingViewModel
}

export function world(overrides: Partial<BookingGateway> = {}, config: Partial<WebConfig> = {}): World {
  const gateway = fakeGateway(overrides)
  const ticker = new ManualTicker()
  const navigator = new RecordingNavigator()
  const settings = new MemorySettings()
  const fullConfig: WebConfig = { environment: 'production', holdSeconds: 300, mapTilesUrl: 'https://tiles/{z}/{x}/{y}.png', ...config }
  const toasts = new ToastViewModel(ticker)
  const session = new SessionViewModel(gateway, settings, fullConfig)
  const booking = new BookingViewModel(navigator, ticker, fullConfig, settings, session)
  return { gateway, ticker, navigator, settings, config: fullConfig, toasts, session, booking }
}

/** At clinicA: a facial with Anna, then a massage with `second` ('any' for any practitioner), no third service. */
export function chooseFacialAndMassage(booking: BookingViewModel, second: PractitionerView | 'any' = ben): void {
  booking.setLocation(clinicA)
  booking.chooseService(facial, 'cat1')
  booking.choosePractitioner(anna)
  booking.answerAnotherService(true)
  booking.chooseService(massage, 'cat1')
  booking.choosePractitioner(second)
  booking.answerAnotherService(false)
}

/** Resolves pending promises (gateway calls are async). */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
