// Fakes for the booking view model tests: scripted use cases, a manual clock, a recording navigator.
import { runInAction } from 'mobx'
import * as E from 'fp-ts/Either'
import type { AppError } from '../../application/failure'
import type { GetCurrentUser, Login, Logout, Register, ForgotPassword } from '../../application/use-cases/auth.use-case'
import { SelectLocation, type GetService, type ListCategoriesAndServices, type ListCourses, type ListLocations, type LoadLinks, type LoadOrganisation } from '../../application/use-cases/catalogue.use-case'
import { InMemoryBookingStore } from '../../adapters/storage/in-memory.adapter'
import type { ChainedSlot, GetAvailableDays, GetTimeSlots, ListPractitioners } from '../../application/use-cases/availability.use-case'
import type { ConfirmBooking, ConfirmOutcome } from '../../application/use-cases/confirm-booking.use-case'
import type { DeletePendingAppointment, GetAppointment, RescheduleAppointment } from '../../application/use-cases/appointments.use-case'
import type { CheckPayment, GetOpenPurchase } from '../../application/use-cases/payments.use-case'
import type { PaymentCheck } from '../../contract/invoices.routes'
import type { ListMyCourses, VerifyCourseAssignment } from '../../application/use-cases/courses.use-case'
import type { LocateClinic } from '../../application/use-cases/session.use-case'
import type { GetNextAvailable } from '../../application/use-cases/next-available.use-case'
import type { ExtendHeldTime, HoldTime, ReadHeldTime, ReleaseHeldTime } from '../../application/use-cases/slot-holds.use-case'
import type { SlotHold } from '../../contract/holds.routes'
import type { KeyValueStorage } from '../../application/ports/storage.port'
import { SlotHoldViewModel } from './slot-hold.view-model'
import { PaymentViewModel } from './payment.view-model'
import type { Clinic } from '../../contract/clinics.routes'
import type { Service } from '../../contract/services.routes'
import type { Course } from '../../contract/courses.routes'
import type { Practitioner } from '../../contract/practitioners.routes'
import type { CurrentUser } from '../../contract/customers.codecs'
import type { OrganisationPublic } from '../../contract/organisation.routes'
import * as O from 'fp-ts/Option'
import type { ChainSlot, ClinicView, OrganisationView, PractitionerView, ServiceView, UserView, WebConfig } from './views'
import { toCourseView, toServiceView } from './catalogue-views'
import type { Navigator } from './app-services'
import { SessionViewModel } from './session.view-model'
import { ToastViewModel } from './toast.view-model'
import { BookingViewModel, type RouteState } from './booking.view-model'
import { ManualClock as AdapterManualClock } from '../../adapters/clock/system-clock.adapter'

/** The adapters' manual clock, starting at this suite's moment. */
export class ManualClock extends AdapterManualClock {
  constructor(time: number = Date.parse('2026-03-10T09:00:00Z')) {
    super(time)
  }
}

export class RecordingNavigator implements Navigator {
  paths: string[] = []
  /** the paths that replaced the current history entry */
  replaced: string[] = []
  left: string[] = []
  /** what the router does with a path (world(): a step URL arrives in the booking wizard, as the step page syncs it) */
  arrive?: (path: string) => void
  go(path: string, options?: { replace?: boolean }): void {
    this.paths.push(path)
    if (options?.replace) this.replaced.push(path)
    this.arrive?.(path)
  }
  leave(url: string): void {
    this.left.push(url)
  }
  get last(): string | undefined {
    return this.paths[this.paths.length - 1]
  }
}

/** A use case's error as the view models receive it: they show its message. */
export const refused = (message: string): AppError => ({ _tag: 'Refused', message })

export const clinicA: ClinicView = { id: 'c1', accountName: 'Harley Street', address: { line1: '1 Harley Street', city: 'London', latitude: 51.52, longitude: -0.147 } }
export const clinicB: ClinicView = { id: 'c2', accountName: 'Bath', address: { line1: '2 Milsom Street', line2: 'Upper floor', city: 'Bath' } }
export const facialService = { id: 's1', name: 'Facial', category: 'cat1', defaultDuration: 60, defaultPrice: 80 } as Service
export const massageService = { id: 's2', name: 'Massage', category: 'cat1', defaultDuration: 30, defaultPrice: 50 } as Service
export const courseRecord = { id: 'k1', name: 'Six facials', category: 'kc', salePrice: 400, courseServices: [] } as unknown as Course
/** A catalogue service as the server sends it, from the wizard's shape (scripted answers). */
export const serviceOf = (v: ServiceView): Service => ({ id: v.id, name: v.name, onlineName: v.onlineName, onlineDescription: v.onlineDescription, onlineSubtitle: v.onlineSubtitle, category: v.categoryId, defaultDuration: v.defaultDuration, defaultPrice: v.defaultPrice, salePrice: v.salePrice, bookingDepositType: v.bookingDepositType, bookingDepositAmount: v.bookingDepositAmount }) as Service
export const facial: ServiceView = toServiceView(facialService)
export const massage: ServiceView = toServiceView(massageService)
export const course: ServiceView = toCourseView(courseRecord)
export const anna: PractitionerView = { id: 'p1', displayName: 'Anna Smith', grossPrice: 90, duration: 60 }
export const ben: PractitionerView = { id: 'p2', displayName: 'Ben Jones', grossPrice: 70, duration: 60 }
export const user: UserView = { id: 'u1', email: 'jo@example.com', firstName: 'Jo', surname: 'Bloggs', accountBalance: 0 }
export const organisation: OrganisationView = {
  id: '64b000000000000000000001',
  name: 'Demo Clinic',
  currency: 'GBP',
  country: 'GB',
  showHomeBannerText: false,
  showCancelTerms: false,
  minimiseGaps: false,
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

type Execute<T extends { execute: (...args: never[]) => unknown }> = T['execute']

/** The use cases the booking view models call, by class name: each test scripts the ones it needs. */
export interface UseCaseFakes {
  LoadOrganisation: Execute<LoadOrganisation>
  LoadLinks: Execute<LoadLinks>
  GetCurrentUser: Execute<GetCurrentUser>
  Logout: Execute<Logout>
  ListLocations: Execute<ListLocations>
  ListCategoriesAndServices: Execute<ListCategoriesAndServices>
  GetService: Execute<GetService>
  ListCourses: Execute<ListCourses>
  ListPractitioners: Execute<ListPractitioners>
  GetAvailableDays: Execute<GetAvailableDays>
  GetTimeSlots: Execute<GetTimeSlots>
  GetNextAvailable: Execute<GetNextAvailable>
  ConfirmBooking: Execute<ConfirmBooking>
  DeletePendingAppointment: Execute<DeletePendingAppointment>
  RescheduleAppointment: Execute<RescheduleAppointment>
  GetAppointment: Execute<GetAppointment>
  CheckPayment: Execute<CheckPayment>
  VerifyCourseAssignment: Execute<VerifyCourseAssignment>
  ListMyCourses: Execute<ListMyCourses>
  Login: Execute<Login>
  Register: Execute<Register>
  ForgotPassword: Execute<ForgotPassword>
  LocateClinic: Execute<LocateClinic>
  HoldTime: Execute<HoldTime>
  ReadHeldTime: Execute<ReadHeldTime>
  ReleaseHeldTime: Execute<ReleaseHeldTime>
  ExtendHeldTime: Execute<ExtendHeldTime>
  GetOpenPurchase: Execute<GetOpenPurchase>
}

/** Time-slot chains of the GetTimeSlots use case from the wizard's chain shape. */
export function chainsOf(chains: ChainSlot[][]): ChainedSlot[] {
  return chains.map((parts) => ({
    value: parts[0]?.startDate ?? '',
    startDate: parts[0]?.startDate ?? '',
    endDate: parts[parts.length - 1]?.endDate ?? '',
    valid: parts.every((p) => p.valid !== false),
    parts: parts.map((p) => ({ startDate: p.startDate, endDate: p.endDate, practitioner: p.practitioner ?? '', valid: p.valid !== false })),
  })) as ChainedSlot[]
}

/** A payment outcome of ConfirmBooking (the appointment id is left out for course and voucher purchases). */
export function paymentOutcome(p: { paymentUrl: string; transactionId: string; invoiceId?: string; appointmentId?: string }): ConfirmOutcome {
  return {
    _tag: 'PaymentRequired',
    payment: { paymentUrl: p.paymentUrl, transactionId: p.transactionId, invoiceId: p.invoiceId ?? '', amount: 0 },
    ...(p.appointmentId ? { booking: { appointment: { id: p.appointmentId }, deposit: 1 } } : {}),
  } as ConfirmOutcome
}

/** ConfirmBooking's outcome without a payment step (booked straight through). */
export const booked = { _tag: 'Booked', booking: { appointment: { id: 'a1' }, deposit: 0 } } as ConfirmOutcome

/** One answer of the CheckPayment use case. */
export const paymentCheck = (isPaid: boolean) => ({ isPaid }) as PaymentCheck

export type Fakes = { [K in keyof UseCaseFakes]: { execute: UseCaseFakes[K] } } & { calls: Partial<Record<keyof UseCaseFakes, unknown[][]>> }

/** Use cases whose every call succeeds with simple data unless a test scripts it; calls are recorded by use case. */
export function fakeUseCases(overrides: Partial<UseCaseFakes> = {}): Fakes {
  const calls: Partial<Record<keyof UseCaseFakes, unknown[][]>> = {}
  const base: UseCaseFakes = {
    LoadOrganisation: async () => E.right(organisation as OrganisationPublic),
    LoadLinks: async () => E.right({ websocket: 'ws://x' } as never),
    GetCurrentUser: async () => E.left({ _tag: 'NotSignedIn', message: 'Not signed in' }),
    Logout: async () => E.right(undefined),
    ListLocations: async () => E.right({ clinics: [clinicA, clinicB] as Clinic[] }),
    ListCategoriesAndServices: async (query) =>
      E.right(query.category ? { categories: [], services: [facialService, massageService], hasMore: false } : { categories: [{ id: 'cat1', name: 'Face' }] as never, services: [], hasMore: false }),
    GetService: async (id) => E.right(id === massage.id ? massageService : facialService),
    ListCourses: async () => E.right([{ category: { id: 'kc', name: 'Courses' }, courses: [courseRecord] }] as never),
    ListPractitioners: async () => E.right([anna, ben] as Practitioner[]),
    GetAvailableDays: async () => E.right(['2026-03-12', '2026-03-13']),
    GetTimeSlots: async () => E.right([]),
    GetNextAvailable: async () => E.right({ practitioners: [], any: null }),
    ConfirmBooking: async () => E.right(paymentOutcome({ paymentUrl: '/sandbox/pay/t1', transactionId: 't1', appointmentId: 'a1', invoiceId: 'i1' })),
    DeletePendingAppointment: async () => E.right(true),
    RescheduleAppointment: async () => E.right({} as never),
    GetAppointment: async () => E.left({ _tag: 'Refused', status: 404, message: 'Appointment not found.' }),
    CheckPayment: async () => E.right({ isPaid: false } as never),
    VerifyCourseAssignment: async () => E.right(true),
    ListMyCourses: async () => E.right([]),
    Login: async () => E.right(user as CurrentUser),
    Register: async () => E.right('Your account has been created'),
    ForgotPassword: async () => E.right('sent'),
    LocateClinic: async () => E.right(O.some({ lat: 51.38, lng: -2.36 })),
    HoldTime: async (body) => E.right(heldTime(body.appointment.event.start, body.appointment.event.end)),
    // what the use case makes of the server's 404 HOLD_ENDED (its own case since issue 27)
    ReadHeldTime: async () => E.left({ _tag: 'HoldLost', status: 404, message: 'This time is no longer held for you. Please choose your time again.' }),
    ReleaseHeldTime: async () => E.right('released' as const),
    ExtendHeldTime: async () => E.right({ ...heldTime('2026-03-12T10:00:00.000Z', '2026-03-12T10:30:00.000Z'), secondsLeft: 600, extended: true }),
    GetOpenPurchase: async () => E.right(undefined),
  }
  const merged = { ...base, ...overrides }
  const fakes = Object.fromEntries(
    Object.entries(merged).map(([name, f]) => [
      name,
      {
        execute: (...args: unknown[]) => {
          ;(calls[name as keyof UseCaseFakes] ??= []).push(args)
          return (f as (...a: unknown[]) => unknown)(...args)
        },
      },
    ]),
  ) as Omit<Fakes, 'calls'>
  return Object.assign(fakes, { calls })
}

export interface World {
  useCases: Fakes
  clock: ManualClock
  navigator: RecordingNavigator
  /** the real booking store port in memory (what the app keeps locally) */
  store: InMemoryBookingStore
  config: WebConfig
  toasts: ToastViewModel
  session: SessionViewModel
  booking: BookingViewModel
}

export function world(overrides: Partial<UseCaseFakes> = {}, config: Partial<WebConfig> = {}): World {
  const useCases = fakeUseCases(overrides)
  const clock = new ManualClock()
  const navigator = new RecordingNavigator()
  const store = new InMemoryBookingStore()
  const fullConfig: WebConfig = { environment: 'production', holdSeconds: 300, mapTilesUrl: 'https://tiles/{z}/{x}/{y}.png', ...config }
  const toasts = new ToastViewModel(clock)
  const session = new SessionViewModel(useCases.LoadOrganisation, useCases.GetCurrentUser, useCases.LoadLinks, useCases.Logout, store, fullConfig)
  const booking = new BookingViewModel(navigator, clock, fullConfig, new SelectLocation(store), session)
  navigator.arrive = (path) => {
    if (path.startsWith('/step/')) booking.syncRoute(stepRouteOf(path))
  }
  return { useCases, clock, navigator, store, config: fullConfig, toasts, session, booking }
}

/** The route a step URL stands for, as the step page reads it. */
export function stepRouteOf(path: string): RouteState {
  const url = new URL(path, 'http://wizard.invalid')
  const parts = url.pathname.split('/').filter((p) => p !== '').map(decodeURIComponent)
  const confirm = parts[parts.length - 1] === 'confirm'
  const [, locationId, categoryId, serviceId] = confirm ? parts.slice(0, -1) : parts
  return { locationId: locationId === 'location' ? undefined : locationId, categoryId, serviceId, confirm, query: Object.fromEntries(url.searchParams.entries()) }
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

/** Resolves pending promises (use case calls are async). */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** The server's answer to a hold of [start, end) with Anna at clinicA: 300 s left. */
export function heldTime(start: string, end: string): SlotHold {
  return { id: 'a0000000000000000000000a', token: 'secret-token-of-the-hold', expiresAt: end, secondsLeft: 300, extended: false, clinic: 'c1', items: [{ service: 's1', practitioner: 'p1', start, end }] }
}

/** The hold view model of a world, over its fake use cases. */
export function slotHoldOf(w: World, payment = paymentOf(w), sessionStorage?: KeyValueStorage): SlotHoldViewModel {
  const u = w.useCases
  return new SlotHoldViewModel(u.HoldTime, u.ReadHeldTime, u.ReleaseHeldTime, u.ExtendHeldTime, u.ListPractitioners, w.booking, w.session, w.toasts, w.clock, w.config, payment, w.store, sessionStorage)
}

/** The payment step's view model of a world, over its fake use cases (and the tab's session storage, if given). */
export function paymentOf(w: World, tab?: KeyValueStorage): PaymentViewModel {
  const u = w.useCases
  return new PaymentViewModel(u.CheckPayment, u.VerifyCourseAssignment, u.DeletePendingAppointment, w.booking, w.navigator, w.clock, tab, w.store, u.GetOpenPurchase)
}

/** A test's starting point that no user action reaches directly (a mode, a view past its lock): set on the wizard's state. */
export function givenBookingState(booking: BookingViewModel, change: Partial<BookingViewModel['state']>): void {
  runInAction(() => {
    booking.state = { ...booking.state, ...change }
  })
}
