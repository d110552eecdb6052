import { makeAutoObservable, observableRef, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { ListMyCourses } from '../../application/use-cases/courses.use-case'
import { ListCategoriesAndServices } from '../../application/use-cases/catalogue.use-case'
import { toServiceView } from './catalogue-views'
import type { CustomerCourse } from '../../contract/customer-courses.routes'
import { courseAvailable, courseExpiryText, isCourseBookDisabled } from '../../domain/booking/course'
import { currencyOrDefault, formatMoney } from '../../domain/pricing/money'
import { formatLondonDate } from '../../domain/time'
import { type ServiceView } from './views'
import { NAVIGATOR, type Navigator, type Exec } from './app-services'
import { BookingViewModel } from './booking.view-model'
import { SessionViewModel } from './session.view-model'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'

export const NO_COURSES = 'No courses to show.'
export const COURSE_COLUMNS = ['Date', 'Course', 'Course Price', 'Service', 'Quantity', 'Used', 'Booked', 'Available', 'Expiry date', 'Book'] as const


export interface CourseRow {
  id: string
  /** purchase date 'dd/MM/yyyy' */
  date: string
  course: string
  price: string
  service: string
  quantity: number
  used: number
  booked: number
  available: number
  /** 'No expiry' or 'dd/MM/yyyy' */
  expiry: string
  bookDisabled: boolean
  record: CustomerCourse
}

/**
 * Courses tab (spec sections 2 and 5 'Course Book'): every column of the spec, newest first, and
 * booking a session from a course at the purchase location or through /step/location.
 */
@injectable()
export class CoursesTabViewModel {
  courses: CustomerCourse[] = []
  loading = false
  loaded = false

  constructor(
    @inject(ListMyCourses) private readonly listCourses: Exec<ListMyCourses>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(BookingViewModel) private readonly booking: BookingViewModel,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(ListCategoriesAndServices) private readonly listCatalogue: Exec<ListCategoriesAndServices>,
  ) {
    makeAutoObservable<CoursesTabViewModel, 'listCourses' | 'session' | 'booking' | 'navigator' | 'clock' | 'listCatalogue'>(this, {
      listCourses: false, session: false, booking: false, navigator: false, clock: false, listCatalogue: false,
      // the server's answer, replaced whole: not observed field by field (issue 18)
      courses: observableRef,
    })
  }

  get rows(): CourseRow[] {
    const now = new Date(this.clock.now())
    const currency = this.session.currency
    return this.courses.map((c) => {
      const purchased = c.invoiceItem?.createdAt ?? c.soldAt
      const counts = { quantity: c.quantity, redeemed: c.redeemed, reserved: c.reserved, endsOn: c.endsOn }
      return {
        id: c.id,
        date: formatLondonDate(new Date(purchased)),
        course: c.course.name || c.name,
        price: c.invoiceItem ? formatMoney(c.invoiceItem.grossPrice, currencyOrDefault(currency)) : '',
        service: c.service.name,
        quantity: c.quantity,
        used: c.redeemed,
        booked: c.reserved,
        available: Math.max(0, courseAvailable(counts)),
        expiry: courseExpiryText(c.endsOn),
        bookDisabled: isCourseBookDisabled(counts, now),
        record: c,
      }
    })
  }

  get isEmpty(): boolean {
    return this.loaded && this.courses.length === 0
  }

  /** A failure is only logged by the use case and gives an empty list. */
  async load(): Promise<void> {
    const user = this.session.user
    if (!user) return
    this.loading = true
    const result = await this.listCourses.execute(user.id)
    runInAction(() => {
      this.courses = E.isRight(result) ? result.right : []
      this.loading = false
      this.loaded = true
    })
  }

  /** The path booking a session of this course opens; undefined when the service or category is missing. */
  bookPath(row: CourseRow): string | undefined {
    const c = row.record
    const serviceId = c.service?.id
    const categoryId = c.category?.id
    if (!serviceId || !categoryId) return undefined
    const clinicId = c.purchaseLocation?.id
    if (clinicId) return `/step/${clinicId}/${categoryId}/${serviceId}?course=true&courseServiceBooking=true`
    const params = new URLSearchParams({ preselectedCategory: categoryId, preselectedService: serviceId, course: 'true', courseServiceBooking: 'true' })
    return `/step/location?${params}`
  }

  /**
   * Book: the course's service goes into the wizard's basket with the course context, then the wizard
   * opens at the purchase location (staff step) or at the location list.
   */
  async book(row: CourseRow): Promise<void> {
    if (row.bookDisabled) return
    const path = this.bookPath(row)
    if (!path) return
    const c = row.record
    const minimal: ServiceView = { id: c.service.id, name: c.service.name, categoryId: c.category?.id, defaultDuration: 0, defaultPrice: 0 }
    const clinicId = c.purchaseLocation?.id
    const listed = clinicId && c.category?.id ? await this.listCatalogue.execute({ clinic: clinicId, category: c.category.id, area: 'booking' }) : undefined
    const listedService = listed && E.isRight(listed) ? listed.right.services.find((s) => s.id === c.service.id && s.showOnline !== false) : undefined
    const found = listedService ? toServiceView(listedService) : undefined
    const service: ServiceView = found ? { ...found, categoryId: found.categoryId ?? c.category?.id } : minimal
    const services = [c.service.id, ...(c.course.services ?? []).map((s) => s.id)]
    runInAction(() => {
      this.booking.startCourseSession({ courseId: c.id, courseServices: [...new Set(services)] }, service)
    })
    this.navigator.go(path)
  }
}
