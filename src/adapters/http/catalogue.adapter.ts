import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { HttpTransport } from './transport'
import { PORTS } from '../../application/tokens'
import type { CatalogueApi } from '../../application/ports/catalogue.port'
import type { LinksApi } from '../../application/ports/links.port'
import type { CategoriesQuery } from '../../contract/categories.routes'
import type { PublicServicesQuery } from '../../contract/services.routes'
import type { CoursesGroupedQuery } from '../../contract/courses.routes'
import { getCardRequirement, getPublicOrganisation } from '../../contract/organisation.routes'
import { getClinics, getPublicClinics } from '../../contract/clinics.routes'
import { getCategories, getCategory } from '../../contract/categories.routes'
import { getPublicService, getPublicServices } from '../../contract/services.routes'
import { getCoursesGroupedByCategory } from '../../contract/courses.routes'
import { getCountries } from '../../contract/countries.routes'
import { getLists } from '../../contract/lists.routes'
import { getPublicLinks } from '../../contract/links.routes'
import { callRoute } from './api-client'

@injectable()
export class HttpCatalogueApi implements CatalogueApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  organisation() {
    return callRoute(this.http, getPublicOrganisation)
  }
  cardRequirement() {
    return callRoute(this.http, getCardRequirement)
  }
  publicClinics() {
    return callRoute(this.http, getPublicClinics)
  }
  clinics() {
    return callRoute(this.http, getClinics)
  }
  categories(query: CategoriesQuery) {
    return callRoute(this.http, getCategories, { query })
  }
  category(id: string) {
    return callRoute(this.http, getCategory, { params: { id } })
  }
  services(query: PublicServicesQuery) {
    return callRoute(this.http, getPublicServices, { query })
  }
  service(id: string) {
    return callRoute(this.http, getPublicService, { params: { id } })
  }
  coursesByCategory(query: CoursesGroupedQuery) {
    return callRoute(this.http, getCoursesGroupedByCategory, { query })
  }
  countries(clinic?: string) {
    return callRoute(this.http, getCountries, { query: clinic ? { clinic } : {} })
  }
  lists() {
    return callRoute(this.http, getLists)
  }
}

@injectable()
export class HttpLinksApi implements LinksApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  links() {
    return callRoute(this.http, getPublicLinks)
  }
}
