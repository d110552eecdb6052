import type { CourseAssignment, CustomerCourse, CustomerCoursesQuery } from '../../contract/customer-courses.routes'
import type { ApiResult } from './api-result'

/** Courses a customer bought. */
export interface CoursesApi {
  customerCourses(query: CustomerCoursesQuery): ApiResult<CustomerCourse[]>
  /** After a paid course invoice: whether its courses are assigned. */
  verifyAssignment(invoiceId: string): ApiResult<CourseAssignment>
  withoutAppointment(customerId: string): ApiResult<CustomerCourse[]>
}
