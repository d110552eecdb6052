import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { HttpTransport } from './transport'
import { PORTS } from '../../application/tokens'
import type { CoursesApi } from '../../application/ports/courses.port'
import {
  getCoursesWithoutAppointment,
  getCustomerCourses,
  verifyCourseAssignment,
  type CustomerCoursesQuery,
} from '../../contract/customer-courses.routes'
import { callRoute } from './api-client'

@injectable()
export class HttpCoursesApi implements CoursesApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  customerCourses(query: CustomerCoursesQuery) {
    return callRoute(this.http, getCustomerCourses, { query })
  }
  verifyAssignment(invoiceId: string) {
    return callRoute(this.http, verifyCourseAssignment, { params: { id: invoiceId } })
  }
  withoutAppointment(customerId: string) {
    return callRoute(this.http, getCoursesWithoutAppointment, { params: { id: customerId } })
  }
}
