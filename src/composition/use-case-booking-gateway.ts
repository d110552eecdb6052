import { inject, injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import * as O from 'fp-ts/Option'
import { PORTS, USE_CASES } from '../application/tokens'
import type { AppError } from '../application/failure'
import type { PaymentsApi } from '../application/ports/payments.port'
import type { CatalogueApi } from '../application/ports/catalogue.port'
import type { ListCategoriesAndServices, ListCourses, ListLocations, LoadLinks, LoadOrganisation } from '../application/use-cases/catalogue.use-case'
import type { GetAvailableDays, GetTimeSlots, ListPractitioners } from '../application/use-cases/availability.use-case'
import type { DeletePendingAppointment, RescheduleAppointment } from '../application/use-cases/appointments.use-case'
import type { ConfirmBooking } from '../application/use-cases/confirm-booking.use-case'
import type { ForgotPassword, GetCurrentUser, Login, Logout, Register } from '../application/use-cases/auth.use-case'
import type { VerifyCourseAssignment } from '../application/use-cases/courses.use-case'
import type { LocateClinic } from '../application/use-cases/session.use-case'
import type { Category } from '../contract/categories.routes'
import type { Service } from '../contract/services.routes'
import type { Course } from '../contract/courses.routes'
import type { Clinic } from '../contract/clinics.routes'
import type { CurrentUser } from '../contract/customers.codecs'
import type {
  BookingGateway, CategoryView, ChainSlot, ClinicView, ConfirmInput, ConfirmResult, CourseCategoryView, DaysQuery,
  OrganisationView, PractitionerView, RescheduleRequest, Result, ServiceView, SignUpRequest, SlotsQuery, UserView,
} from '../ui/view-models/booking-gateway'

const message = (e: AppError): string => e.message
const mapLeft = <T, U>(result: E.Either<AppError, T>, f: (t: T) => U): E.Either<string, U> =>
  E.isLeft(result) ? E.left(message(result.left)) : E.right(f(result.right))

export function toClinicView(c: Clinic): ClinicView {
  return { id: c.id, accountName: c.accountName, address: { ...c.address } }
}

export function toUserView(u: CurrentUser): UserView {
  return { id: u.id, email: u.email, firstName: u.firstName, surname: u.surname, accountBalance: u.accountBalance }
}

export function toServiceView(s: Service): ServiceView {
  const meta = s.metadata
  return {
    id: s.id,
    name: s.name,
    onlineName: s.onlineName,
    onlineDescription: s.onlineDescription,
    onlineSubtitle: s.onlineSubtitle,
    categoryId: s.category,
    defaultDuration: s.defaultDuration ?? meta?.lowestDuration ?? 0,
    defaultPrice: s.defaultPrice ?? s.defaultGrossPrice ?? meta?.price ?? 0,
    showDurationOnline: s.showDurationOnline,
    showPriceOnline: s.showPriceOnline,
    lowestPrice: meta?.lowestPrice,
    highestPrice: meta?.highestPrice,
    durationVaries: meta?.lowestDuration !== undefined && meta.highestDuration !== undefined && meta.lowestDuration !== meta.highestDuration,
    bookingDepositType: s.bookingDepositType,
    bookingDepositAmount: s.bookingDepositAmount,
    salePrice: s.salePrice,
  }
}

export function toCourseView(c: Course): ServiceView {
  return {
    id: c.id,
    name: c.name,
    onlineName: c.onlineName,
    onlineDescription: c.onlineDescription,
    onlineSubtitle: c.onlineSubtitle,
    categoryId: c.category,
    defaultDuration: 0,
    defaultPrice: c.salePrice,
    salePrice: c.salePrice,
    courseServices: c.courseServices.map((cs) => {
      const raw = cs as unknown as { id?: string; service?: string | { id: string; name?: string }; name?: string; quantity?: number }
      const service = typeof raw.service === 'object' ? raw.service : undefined
      return { id: service?.id ?? (typeof raw.service === 'string' ? raw.service : raw.id ?? ''), name: service?.name ?? raw.name ?? '', quantity: raw.quantity }
    }),
  }
}

/** Categories in order, each followed by its sub-categories (spec: categories, sub-categories and services). */
export function flattenCategories(categories: Category[]): CategoryView[] {
  const byOrder = <T extends { order?: number }>(list: T[]) => [...list].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
  const out: CategoryView[] = []
  const nested = new Set(categories.flatMap((c) => (c.subCategories ?? []).map((s) => s.id)))
  for (const c of byOrder(categories.filter((c) => !nested.has(c.id)))) {
    out.push({ id: c.id, name: c.name, order: c.order })
    for (const sub of byOrder(c.subCategories ?? [])) out.push({ id: sub.id, name: sub.name, parentName: c.name, order: sub.order })
  }
  return out
}

/** The use cases the location list needs, built without loading the whole application module. */
export interface FirstViewUseCases {
  loadOrganisation: Pick<LoadOrganisation, 'execute'>
  listLocations: Pick<ListLocations, 'execute'>
  getCurrentUser: Pick<GetCurrentUser, 'execute'>
}
export const FIRST_VIEW_USE_CASES = Symbol.for('FirstViewUseCases')

/** Resolves a binding of the lazily loaded modules (application use cases, all HTTP adapters). */
export type LazyResolver = <T>(token: symbol) => Promise<T>
export const LAZY_RESOLVER = Symbol.for('LazyResolver')

/**
 * The web app's BookingGateway on the application's use cases. The first view's three use cases are
 * at hand; every other one is resolved after the lazy modules load (keeping the location list's
 * JavaScript small). A single payment status check goes to the PaymentsApi port: the PollPayment use
 * case loops until paid, while the payment view model owns its 3-second cadence so 'Start again'
 * can stop it.
 */
@injectable()
export class UseCaseBookingGateway implements BookingGateway {
  constructor(
    @inject(FIRST_VIEW_USE_CASES) private readonly first: FirstViewUseCases,
    @inject(LAZY_RESOLVER) private readonly resolve: LazyResolver,
  ) {}

  private useCase<T>(token: symbol): Promise<T> {
    return this.resolve<T>(token)
  }

  async loadOrganisation(): Result<OrganisationView> {
    return mapLeft(await this.first.loadOrganisation.execute(), (org) => ({ ...org }))
  }

  async loadLinks(): Promise<void> {
    await (await this.useCase<LoadLinks>(USE_CASES.LoadLinks)).execute()
  }

  async listLocations(): Result<ClinicView[]> {
    return mapLeft(await this.first.listLocations.execute(), (l) => l.clinics.map(toClinicView))
  }

  async listCategories(clinicId: string): Result<CategoryView[]> {
    return mapLeft(await (await this.useCase<ListCategoriesAndServices>(USE_CASES.ListCategoriesAndServices)).execute({ clinic: clinicId, area: 'booking' }), (page) => flattenCategories(page.categories))
  }

  async listServices(clinicId: string, categoryId: string | undefined, offset: number, limit: number): Result<ServiceView[]> {
    if (!categoryId) return E.right([])
    const page = Math.floor(offset / limit)
    return mapLeft(await (await this.useCase<ListCategoriesAndServices>(USE_CASES.ListCategoriesAndServices)).execute({ clinic: clinicId, category: categoryId, page, area: 'booking' }), (p) =>
      p.services.filter((s) => s.showOnline !== false).map(toServiceView),
    )
  }

  /** A port call: no use case reads one public service. */
  async getService(serviceId: string): Result<ServiceView> {
    const result = await (await this.useCase<CatalogueApi>(PORTS.CatalogueApi)).service(serviceId)
    return E.isLeft(result) ? E.left(result.left._tag === 'HttpError' ? result.left.message : 'Something went wrong') : E.right(toServiceView(result.right))
  }

  async listCourses(clinicId: string): Result<CourseCategoryView[]> {
    return mapLeft(await (await this.useCase<ListCourses>(USE_CASES.ListCourses)).execute(clinicId), (groups) =>
      groups.map((g) => ({ id: g.category.id, name: g.category.name, courses: g.courses.map(toCourseView) })),
    )
  }

  async listPractitioners(clinicId: string, serviceId: string, month: string): Result<PractitionerView[]> {
    const [year, mm] = month.split('-').map(Number)
    return mapLeft(await (await this.useCase<ListPractitioners>(USE_CASES.ListPractitioners)).execute({ clinic: clinicId, service: serviceId, month: mm, year }), (list) => list.map((p) => ({ ...p })))
  }

  async availableDays(queries: DaysQuery[]): Result<string[]> {
    const first = queries[0]
    if (!first) return E.right([])
    return mapLeft(
      await (await this.useCase<GetAvailableDays>(USE_CASES.GetAvailableDays)).execute({
        clinic: first.location,
        month: first.month,
        year: first.year,
        items: queries.map((q) => ({ service: q.service, practitioner: q.practitioner ?? null })),
      }),
      (d) => d,
    )
  }

  async timeSlots(query: SlotsQuery): Result<ChainSlot[][]> {
    return mapLeft(
      await (await this.useCase<GetTimeSlots>(USE_CASES.GetTimeSlots)).execute({
        clinic: query.clinic,
        date: query.date,
        items: query.services.map((s) => ({ service: s.service, practitioner: s.staff ?? null })),
        rescheduleId: query.appointmentBeingReschedule,
        minimiseGaps: query.minimiseGaps,
      }),
      (chains) =>
        chains.map((c) => c.parts.map((p) => ({ startDate: p.startDate, endDate: p.endDate, practitioner: p.practitioner, valid: c.valid && p.valid }))),
    )
  }

  async confirm(request: ConfirmInput): Result<ConfirmResult> {
    if (request.kind === 'reschedule') {
      return this.toConfirmResult(
        await (await this.useCase<ConfirmBooking>(USE_CASES.ConfirmBooking)).execute({
          kind: 'reschedule',
          newStart: new Date(request.newStart),
          appointments: request.appointments.map((a) => ({
            appointmentId: a.appointmentId,
            isLinked: a.isLinked,
            event: { start: new Date(a.start), end: new Date(a.end) },
            clinic: request.clinicId,
            service: a.serviceId,
            ...(a.practitionerId ? { practitioner: a.practitionerId } : {}),
            ...(a.price !== undefined ? { price: a.price, grossPrice: a.price } : {}),
          })),
        }),
      )
    }
    if (request.kind === 'course') return this.toConfirmResult(await (await this.useCase<ConfirmBooking>(USE_CASES.ConfirmBooking)).execute(request))
    if (request.kind === 'giftVoucher') {
      return this.toConfirmResult(
        await (await this.useCase<ConfirmBooking>(USE_CASES.ConfirmBooking)).execute({
          kind: 'giftVoucher',
          customerId: request.customerId,
          clinicId: request.clinicId,
          vouchers: request.vouchers.map((v) => ({ value: v.value, ...(v.receiver ? { receiver: v.receiver } : {}) })),
        }),
      )
    }
    const [first, ...rest] = request.items
    if (!first || !first.practitionerId) return E.left('An unexpected error occurred')
    return this.toConfirmResult(
      await (await this.useCase<ConfirmBooking>(USE_CASES.ConfirmBooking)).execute({
        kind: 'book',
        customerId: request.customerId,
        clinicId: request.clinicId,
        appointment: {
          event: { start: first.start, end: first.end },
          practitioner: first.practitionerId,
          clinic: request.clinicId,
          service: first.serviceId,
          price: first.price,
          grossPrice: first.price,
          deposit: request.deposit,
          course: request.courseId ?? null,
          linkedAppointments: rest.map((item) => ({
            event: { start: item.start, end: item.end },
            clinic: request.clinicId,
            service: item.serviceId,
            price: item.price,
            ...(item.practitionerId ? { practitioner: item.practitionerId } : {}),
            isLinked: true,
            type: 'Appointment' as const,
            course: request.courseId ?? null,
          })),
        },
      }),
    )
  }

  private toConfirmResult(result: Awaited<ReturnType<ConfirmBooking['execute']>>): E.Either<string, ConfirmResult> {
    return mapLeft(result, (outcome): ConfirmResult => {
      if (outcome._tag !== 'PaymentRequired') return { _tag: 'Done' }
      return {
        _tag: 'Payment',
        paymentUrl: outcome.payment.paymentUrl,
        transactionId: outcome.payment.transactionId,
        invoiceId: outcome.payment.invoiceId,
        appointmentId: outcome.booking?.appointment.id,
      }
    })
  }

  async deletePending(appointmentId: string): Result<void> {
    await (await this.useCase<DeletePendingAppointment>(USE_CASES.DeletePendingAppointment)).execute(appointmentId)
    return E.right(undefined)
  }

  async reschedule(request: RescheduleRequest): Result<void> {
    return mapLeft(
      await (await this.useCase<RescheduleAppointment>(USE_CASES.RescheduleAppointment)).execute(request.appointmentId, {
        event: { start: request.start, end: request.end },
        clinic: request.clinicId,
        service: request.serviceId,
        price: request.price,
        grossPrice: request.price,
        ...(request.practitionerId ? { practitioner: request.practitionerId } : {}),
      }),
      () => undefined,
    )
  }

  async checkPayment(transactionId: string): Result<boolean> {
    const result = await (await this.useCase<PaymentsApi>(PORTS.PaymentsApi)).checkPayment(transactionId)
    return E.isLeft(result) ? E.left(result.left._tag === 'HttpError' ? result.left.message : 'Something went wrong') : E.right(result.right.isPaid)
  }

  async verifyCourseAssignment(invoiceId: string): Promise<void> {
    await (await this.useCase<VerifyCourseAssignment>(USE_CASES.VerifyCourseAssignment)).execute(invoiceId)
  }

  async currentUser(): Result<UserView | undefined> {
    const result = await this.first.getCurrentUser.execute()
    return E.isLeft(result) ? E.right(undefined) : E.right(toUserView(result.right))
  }

  async login(email: string, password: string): Result<UserView> {
    return mapLeft(await (await this.useCase<Login>(USE_CASES.Login)).execute({ email, password }), toUserView)
  }

  async register(request: SignUpRequest): Result<void> {
    return mapLeft(await (await this.useCase<Register>(USE_CASES.Register)).execute(request), () => undefined)
  }

  async forgotPassword(email: string, existingUser: boolean): Result<void> {
    return mapLeft(await (await this.useCase<ForgotPassword>(USE_CASES.ForgotPassword)).execute({ email, existingUser }), () => undefined)
  }

  logout(): void {
    void this.useCase<Logout>(USE_CASES.Logout).then((u) => u.execute())
  }

  async locate(clinic: ClinicView): Promise<{ latitude: number; longitude: number } | undefined> {
    const result = await (await this.useCase<LocateClinic>(USE_CASES.LocateClinic)).execute(clinic as Pick<Clinic, 'address'>)
    return E.isRight(result) && O.isSome(result.right) ? { latitude: result.right.value.lat, longitude: result.right.value.lng } : undefined
  }
}
