import * as t from 'io-ts'
import { route } from './route'
import { BooleanFromString, entity, errors, Int, Money, ObjectId, queryOf, StringFromQuery } from './codecs'
import { ItemTax, ServiceLocation, TaxType } from './services.routes'

/** One service included in a course, with how many sessions of it. */
export const CourseService = entity('CourseService', { service: ObjectId, quantity: Int }, {
  name: t.string,
  onlineName: t.string,
  /** minutes */
  defaultDuration: Int,
})
export type CourseService = t.TypeOf<typeof CourseService>

/** A course for sale (course record: a service-like item with salePrice and courseServices). */
export const Course = entity('Course', { id: ObjectId, name: t.string, salePrice: Money, courseServices: t.array(CourseService) }, {
  onlineName: t.string,
  onlineDescription: t.string,
  onlineSubtitle: t.string,
  showOnline: t.boolean,
  category: ObjectId,
  locations: t.array(ServiceLocation),
  tax: ObjectId,
  taxType: TaxType,
  itemTax: ItemTax,
  /** validity after purchase, in months; absent means no expiry */
  validityMonths: Int,
})
export type Course = t.TypeOf<typeof Course>

/** GET /course/groupedByCategory: not shown in the spec. Designed: one group per category. */
export const CourseCategoryGroup = entity('CourseCategoryGroup', {
  category: entity('CourseCategoryRef', { id: ObjectId, name: t.string }, { order: Int, parentCategory: t.union([ObjectId, t.null]) }),
  courses: t.array(Course),
})
export type CourseCategoryGroup = t.TypeOf<typeof CourseCategoryGroup>

export const CoursesGroupedQuery = queryOf(
  {},
  { clinic: StringFromQuery, showOnline: BooleanFromString, includeEmpty: BooleanFromString },
)
export type CoursesGroupedQuery = t.TypeOf<typeof CoursesGroupedQuery>

export const getCoursesGroupedByCategory = route({
  method: 'GET',
  path: '/course/groupedByCategory',
  access: 'public',
  summary: 'The courses, grouped by category',
  description: 'The courses (packages of sessions) sold online at a location, grouped under their categories.',
  query: CoursesGroupedQuery,
  responses: { 200: t.array(CourseCategoryGroup), ...errors(400) },
})
