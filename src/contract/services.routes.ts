import * as t from 'io-ts'
import { route } from './route'
import { entity, errors, IdParams, Int, IntFromString, literals, Money, ObjectId, queryOf, StringFromQuery } from './codecs'
import { DepositType } from './organisation.routes'

/** Spec section 9: service availability; BOOK_ONLY is hidden online. */
export const ServiceAvailability = literals(['BOOK_AND_SELL', 'BOOK_ONLY', 'SELL_ONLY'], 'ServiceAvailability')
export type ServiceAvailability = t.TypeOf<typeof ServiceAvailability>

/** Tax types of spec section 9 ('20% VAT', 'Exempt (0%)'); kept open for other rates. */
export const TaxType = t.string
export const ItemTax = entity('ItemTax', { rate: t.number }, { id: ObjectId, name: t.string })
export type ItemTax = t.TypeOf<typeof ItemTax>

/** Price range shown in the service list ('From' when lowestPrice differs from highestPrice). */
export const ServiceMetadata = entity('ServiceMetadata', { price: Money, lowestPrice: Money, highestPrice: Money }, {
  /** lowest and highest practitioner duration in minutes ('From N' when they differ) */
  lowestDuration: Int,
  highestDuration: Int,
})
export type ServiceMetadata = t.TypeOf<typeof ServiceMetadata>

/** A practitioner who performs the service, with their own price and duration when set. */
export const ServiceStaff = entity('ServiceStaff', { id: ObjectId }, {
  displayName: t.string,
  grossPrice: Money,
  netPrice: Money,
  duration: Int,
})
export type ServiceStaff = t.TypeOf<typeof ServiceStaff>

/** Price of a service at one location (client appointment item `servicelocations`). */
export const ServicePriceAtLocation = entity('ServicePriceAtLocation', { location: ObjectId }, {
  grossPrice: Money,
  netPrice: Money,
  taxType: TaxType,
})
export type ServicePriceAtLocation = t.TypeOf<typeof ServicePriceAtLocation>

/** Where a service is offered (account view: clinic, rooms, equipments, staffs, showOnline). */
export const ServiceLocation = entity('ServiceLocation', { clinic: ObjectId }, {
  showOnline: t.boolean,
  rooms: t.array(ObjectId),
  equipments: t.array(ObjectId),
  staffs: t.array(ObjectId),
  grossPrice: Money,
  netPrice: Money,
  taxType: TaxType,
})
export type ServiceLocation = t.TypeOf<typeof ServiceLocation>

export const serviceOptionalProps = {
  onlineName: t.string,
  onlineDescription: t.string,
  onlineSubtitle: t.string,
  /** minutes */
  defaultDuration: Int,
  defaultPrice: Money,
  defaultNetPrice: Money,
  defaultGrossPrice: Money,
  /** present on course records: marks a course purchase */
  salePrice: Money,
  showDurationOnline: t.boolean,
  showPriceOnline: t.boolean,
  showOnline: t.boolean,
  availability: ServiceAvailability,
  metadata: ServiceMetadata,
  staffs: t.array(ServiceStaff),
  /** category id */
  category: ObjectId,
  locations: t.array(ServiceLocation),
  servicelocations: t.array(ServicePriceAtLocation),
  /** tax id */
  tax: ObjectId,
  taxType: TaxType,
  itemTax: ItemTax,
  bookingDepositType: DepositType,
  bookingDepositAmount: Money,
}

export const Service = entity('Service', { id: ObjectId, name: t.string }, serviceOptionalProps)
export type Service = t.TypeOf<typeof Service>

/**
 * GET /services/public?clinic&category&start&count=15 (customer area)
 * or ?clinic&category&offset&pageSize=20 (booking side).
 */
export const PublicServicesQuery = queryOf(
  {},
  {
    clinic: StringFromQuery,
    category: StringFromQuery,
    start: IntFromString,
    count: IntFromString,
    offset: IntFromString,
    pageSize: IntFromString,
  },
)
export type PublicServicesQuery = t.TypeOf<typeof PublicServicesQuery>

export const getPublicServices = route({
  method: 'GET',
  path: '/services/public',
  access: 'public',
  scope: 'catalogue:read',
  summary: 'The services booked online',
  description: 'The services a customer can book online, filtered by location and category, paged.',
  query: PublicServicesQuery,
  responses: { 200: t.array(Service), ...errors(400, 401, 403, 429) },
})

export const getPublicService = route({
  method: 'GET',
  path: '/services/public/{id}',
  access: 'public',
  scope: 'catalogue:read',
  summary: 'One service',
  description: 'A service booked online by its id, with its duration, price and deposit.',
  params: IdParams,
  responses: { 200: Service, ...errors(400, 401, 403, 404, 429) },
})
