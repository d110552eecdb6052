import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../tokens'
import type { CatalogueApi } from '../ports/catalogue.port'
import type { LinksApi } from '../ports/links.port'
import type { BookingStore, StoredClinic } from '../ports/booking-store.port'
import type { TagManager } from '../ports/tag-manager.port'
import type { Logger } from '../ports/logger.port'
import type { AppError } from '../failure'
import { requestFailure } from '../errors'
import type { OrganisationPublic } from '../../contract/organisation.routes'
import type { Links } from '../../contract/links.routes'
import type { Clinic } from '../../contract/clinics.routes'
import type { Category } from '../../contract/categories.routes'
import type { Service } from '../../contract/services.routes'
import type { CourseCategoryGroup } from '../../contract/courses.routes'
import type { Country } from '../../contract/customers.codecs'
import type { ListEntry } from '../../contract/lists.routes'

/** Page sizes of spec section 9. */
export const BOOKING_PAGE_SIZE = 20
export const ACCOUNT_PAGE_SIZE = 15
export const BOOKING_CATEGORY_LIMIT = 1500

/** GET /public/organisations; stores the currency (the session starts the tag manager: StartTagManager). */
@injectable()
export class LoadOrganisation {
  constructor(
    @inject(PORTS.CatalogueApi) private readonly catalogue: CatalogueApi,
    @inject(PORTS.BookingStore) private readonly store: BookingStore,
  ) {}
  async execute(): Promise<E.Either<AppError, OrganisationPublic>> {
    const result = await this.catalogue.organisation()
    if (E.isLeft(result)) return E.left(requestFailure(result.left))
    const org = result.right
    this.store.set('currency', org.currency)
    return E.right(org)
  }
}

/**
 * The organisation's tag manager. Outside production it starts with the organisation (spec section 7).
 * In production only with the visitor's consent to analytics, given in the consent banner that the
 * organisation's analyticsConsentBanner setting shows, and in Google's consent mode (denied by default).
 */
@injectable()
export class StartTagManager {
  constructor(@inject(PORTS.TagManager) private readonly tags: TagManager) {}
  execute(org: Pick<OrganisationPublic, 'gtmId' | 'analyticsConsentBanner'>, consent: { required: boolean; analytics?: 'granted' | 'denied' }): void {
    if (!consent.required) return this.tags.start(org.gtmId)
    if (org.analyticsConsentBanner && consent.analytics === 'granted') this.tags.start(org.gtmId, { analytics: 'granted' })
  }
}

/** GET /public/links, cached in the booking store. A failure is only logged; the cache is used when there is one. */
@injectable()
export class LoadLinks {
  constructor(
    @inject(PORTS.LinksApi) private readonly api: LinksApi,
    @inject(PORTS.BookingStore) private readonly store: BookingStore,
    @inject(PORTS.Logger) private readonly log: Logger,
  ) {}
  async execute(options: { refresh?: boolean } = {}): Promise<E.Either<AppError, Links>> {
    const cached = this.store.get('links') as Links | undefined
    if (cached && typeof cached.websocket === 'string' && !options.refresh) return E.right(cached)
    const result = await this.api.links()
    if (E.isLeft(result)) {
      this.log.warn('Could not load links', result.left)
      return cached ? E.right(cached) : E.left(requestFailure(result.left))
    }
    this.store.set('links', result.right as Record<string, string>)
    return E.right(result.right)
  }
}

export interface Locations {
  clinics: Clinic[]
  /** Set when there is exactly one clinic: the wizard goes straight to /step/{id}. */
  autoSelected?: Clinic
}

/** GET /public-clinics; exactly one clinic is auto-selected (and remembered as lastClinicId). */
@injectable()
export class ListLocations {
  constructor(
    @inject(PORTS.CatalogueApi) private readonly catalogue: CatalogueApi,
    @inject(PORTS.BookingStore) private readonly store: BookingStore,
  ) {}
  async execute(): Promise<E.Either<AppError, Locations>> {
    const result = await this.catalogue.publicClinics()
    if (E.isLeft(result)) return E.left(requestFailure(result.left))
    const clinics = result.right
    if (clinics.length !== 1) return E.right({ clinics })
    rememberClinic(this.store, clinics[0])
    return E.right({ clinics, autoSelected: clinics[0] })
  }
}

function rememberClinic(store: BookingStore, clinic: StoredClinic): void {
  store.set('lastClinicId', clinic.id)
  store.set('currentClinic', { id: clinic.id, accountName: clinic.accountName, address: { ...clinic.address } })
}

/** The location step's choice: stored as lastClinicId and currentClinic. */
@injectable()
export class SelectLocation {
  constructor(@inject(PORTS.BookingStore) private readonly store: BookingStore) {}
  async execute<C extends StoredClinic>(clinic: C): Promise<E.Either<never, C>> {
    rememberClinic(this.store, clinic)
    return E.right(clinic)
  }
}

export interface CatalogueQuery {
  clinic: string
  /** The category whose services to list; without it only categories are listed. */
  category?: string
  /** 0-based page of services (and, in the customer area, of categories). */
  page?: number
  /** 'booking': pages of 20, categories up to 1500; 'account': pages of 15. */
  area?: 'booking' | 'account'
}

export interface CataloguePage {
  /** The categories of a query without a category; empty when a category's services were asked for. */
  categories: Category[]
  services: Service[]
  /** True when a full page came back: the list may scroll for more. */
  hasMore: boolean
}

/**
 * Without a category: GET /categories (booking: up to 1500 at once; customer area: pages of 15).
 * With a category: GET /services/public of that category (pages of 20 in booking, 15 in the customer
 * area) and no categories: the caller already has them, so paging through every category's services
 * fetches the categories once.
 */
@injectable()
export class ListCategoriesAndServices {
  constructor(@inject(PORTS.CatalogueApi) private readonly catalogue: CatalogueApi) {}
  async execute(query: CatalogueQuery): Promise<E.Either<AppError, CataloguePage>> {
    const page = query.page ?? 0
    const booking = (query.area ?? 'booking') === 'booking'
    const size = booking ? BOOKING_PAGE_SIZE : ACCOUNT_PAGE_SIZE
    if (!query.category) {
      if (booking && page > 0) return E.right({ categories: [], services: [], hasMore: false })
      const categories = await this.catalogue.categories(
        booking
          ? { clinic: query.clinic, fromCustomer: true, isFromOrg: false, offset: 0, limit: BOOKING_CATEGORY_LIMIT }
          : { clinic: query.clinic, fromCustomer: true, isFromOrg: false, skip: page * size, count: size },
      )
      if (E.isLeft(categories)) return E.left(requestFailure(categories.left))
      return E.right({ categories: categories.right, services: [], hasMore: !booking && categories.right.length === size })
    }
    const services = await this.catalogue.services(
      booking
        ? { clinic: query.clinic, category: query.category, offset: page * size, pageSize: size }
        : { clinic: query.clinic, category: query.category, start: page * size, count: size },
    )
    if (E.isLeft(services)) return E.left(requestFailure(services.left))
    return E.right({
      categories: [],
      services: services.right.filter((s) => s.availability !== 'BOOK_ONLY'),
      hasMore: services.right.length === size,
    })
  }
}

/** GET /services/public/{id}: one service (a step URL opened directly, book again). */
@injectable()
export class GetService {
  constructor(@inject(PORTS.CatalogueApi) private readonly catalogue: CatalogueApi) {}
  async execute(id: string): Promise<E.Either<AppError, Service>> {
    const result = await this.catalogue.service(id)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : result
  }
}

/** GET /course/groupedByCategory?clinic&showOnline=true&includeEmpty=true. */
@injectable()
export class ListCourses {
  constructor(@inject(PORTS.CatalogueApi) private readonly catalogue: CatalogueApi) {}
  async execute(clinic: string): Promise<E.Either<AppError, CourseCategoryGroup[]>> {
    const result = await this.catalogue.coursesByCategory({ clinic, showOnline: true, includeEmpty: true })
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : result
  }
}

/** GET /countries[?clinic=]. */
@injectable()
export class ListCountries {
  constructor(@inject(PORTS.CatalogueApi) private readonly catalogue: CatalogueApi) {}
  async execute(clinic?: string): Promise<E.Either<AppError, Country[]>> {
    const result = await this.catalogue.countries(clinic)
    return E.isLeft(result) ? E.left(requestFailure(result.left)) : result
  }
}

export interface Lists {
  entries: ListEntry[]
  /** Values by sys_name; newline-separated strings (client_referral_sources) are split. */
  values: Record<string, string[]>
}

/** GET /lists. */
@injectable()
export class ListLists {
  constructor(@inject(PORTS.CatalogueApi) private readonly catalogue: CatalogueApi) {}
  async execute(): Promise<E.Either<AppError, Lists>> {
    const result = await this.catalogue.lists()
    if (E.isLeft(result)) return E.left(requestFailure(result.left))
    const values: Record<string, string[]> = {}
    for (const entry of result.right) {
      const raw = typeof entry.values === 'string' ? entry.values.split(/\r?\n/) : entry.values
      values[entry.sys_name] = raw.map((v) => v.trim()).filter((v) => v !== '')
    }
    return E.right({ entries: result.right, values })
  }
}
