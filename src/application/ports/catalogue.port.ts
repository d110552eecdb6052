import type { CardRequirement, OrganisationPublic } from '../../contract/organisation.routes'
import type { Clinic } from '../../contract/clinics.routes'
import type { CategoriesQuery, Category } from '../../contract/categories.routes'
import type { PublicServicesQuery, Service } from '../../contract/services.routes'
import type { CourseCategoryGroup, CoursesGroupedQuery } from '../../contract/courses.routes'
import type { Country } from '../../contract/customers.codecs'
import type { ListEntry } from '../../contract/lists.routes'
import type { ApiResult } from './api-result'

/** What the organisation offers: settings, locations, categories, services, courses and reference lists. */
export interface CatalogueApi {
  organisation(): ApiResult<OrganisationPublic>
  cardRequirement(): ApiResult<CardRequirement>
  publicClinics(): ApiResult<Clinic[]>
  clinics(): ApiResult<Clinic[]>
  categories(query: CategoriesQuery): ApiResult<Category[]>
  category(id: string): ApiResult<Category>
  services(query: PublicServicesQuery): ApiResult<Service[]>
  service(id: string): ApiResult<Service>
  coursesByCategory(query: CoursesGroupedQuery): ApiResult<CourseCategoryGroup[]>
  countries(clinic?: string): ApiResult<Country[]>
  lists(): ApiResult<ListEntry[]>
}
