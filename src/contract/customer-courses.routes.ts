import * as t from 'io-ts'
import { route } from './route'
import { BooleanFromString, entity, errors, IdParams, Int, IsoDateTime, Money, ObjectId, queryOf, StringFromQuery } from './codecs'

const Named = (name: string) => entity(name, { id: ObjectId, name: t.string }, {})

export const CourseAdditionalService = entity('CourseAdditionalService', { service: Named('CourseServiceRef'), quantity: Int }, {})

/** A course a customer bought (spec section 3: Customer course). Available = quantity - redeemed - reserved. */
export const CustomerCourse = entity('CustomerCourse', {
  id: ObjectId,
  name: t.string,
  course: entity('CustomerCourseCourse', { id: ObjectId, name: t.string }, {
    services: t.array(Named('CourseServiceRef')),
    additionalServices: t.array(CourseAdditionalService),
  }),
  service: Named('CustomerCourseService'),
  quantity: Int,
  /** used */
  redeemed: Int,
  /** booked */
  reserved: Int,
  soldAt: IsoDateTime,
}, {
  /** expiry; absent or null: 'No expiry' */
  endsOn: t.union([IsoDateTime, t.null]),
  invoiceItem: entity('CustomerCourseInvoiceItem', { createdAt: IsoDateTime, quantity: Int, grossPrice: Money, netPrice: Money }, {
    tax: Money,
  }),
  purchaseLocation: entity('PurchaseLocation', { id: ObjectId, accountName: t.string }, {}),
  category: Named('CustomerCourseCategory'),
})
export type CustomerCourse = t.TypeOf<typeof CustomerCourse>

export const CustomerCoursesQuery = queryOf(
  { customerId: StringFromQuery },
  { clinic: StringFromQuery, excludeExpired: BooleanFromString },
)
export type CustomerCoursesQuery = t.TypeOf<typeof CustomerCoursesQuery>

/** GET /course/customer-course?customerId={id}&clinic=all&excludeExpired=false: newest first (a plain array). */
export const getCustomerCourses = route({
  method: 'GET',
  path: '/course/customer-course',
  access: 'customer',
  summary: "The customer's courses",
  description: 'The courses the signed-in customer bought, with the sessions available, redeemed and reserved.',
  query: CustomerCoursesQuery,
  responses: { 200: t.array(CustomerCourse), ...errors(400, 401, 403) },
})

/** Not shown in the spec. Designed: after a paid course invoice ({id} is the invoice id), whether its courses are assigned. */
export const CourseAssignment = entity('CourseAssignment', { assigned: t.boolean }, { courses: t.array(CustomerCourse) })
export type CourseAssignment = t.TypeOf<typeof CourseAssignment>

export const verifyCourseAssignment = route({
  method: 'POST',
  path: '/course/verify-assignment/{id}',
  access: 'customer',
  summary: 'Assign a paid course',
  description: "Assigns the courses of the customer's paid invoice to them (idempotent).",
  params: IdParams,
  responses: { 200: CourseAssignment, ...errors(400, 401, 403, 404, 409) },
})

/** Not shown in the spec. Designed: the customer's ({id}) courses with sessions not yet booked. */
export const getCoursesWithoutAppointment = route({
  method: 'GET',
  path: '/course/withoutAppt/{id}',
  access: 'customer',
  summary: 'Courses of an invoice still to assign',
  description: "Whether the courses of the customer's paid invoice are assigned yet.",
  params: IdParams,
  responses: { 200: t.array(CustomerCourse), ...errors(400, 401, 403, 404) },
})
