import { injectable } from 'inversify'
import { inject } from '../inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../tokens'
import type { CoursesApi } from '../ports/courses.port'
import type { Logger } from '../ports/logger.port'
import type { CustomerCourse } from '../../contract/customer-courses.routes'
import { sortCoursesNewestFirst } from '../../domain/booking/course'

/** GET /course/customer-course?customerId&clinic=all&excludeExpired=false, newest first. A failure is logged and gives an empty list. */
@injectable()
export class ListMyCourses {
  constructor(
    @inject(PORTS.CoursesApi) private readonly courses: CoursesApi,
    @inject(PORTS.Logger) private readonly log: Logger,
  ) {}
  async execute(customerId: string): Promise<E.Either<never, CustomerCourse[]>> {
    const result = await this.courses.customerCourses({ customerId, clinic: 'all', excludeExpired: false })
    if (E.isLeft(result)) {
      this.log.warn('Could not load courses', result.left)
      return E.right([])
    }
    return E.right(sortCoursesNewestFirst(result.right))
  }
}

/** POST /course/verify-assignment/{invoiceId} after a paid course purchase. Silent: Right(false) on failure. */
@injectable()
export class VerifyCourseAssignment {
  constructor(
    @inject(PORTS.CoursesApi) private readonly courses: CoursesApi,
    @inject(PORTS.Logger) private readonly log: Logger,
  ) {}
  async execute(invoiceId: string): Promise<E.Either<never, boolean>> {
    const result = await this.courses.verifyAssignment(invoiceId)
    if (E.isLeft(result)) {
      this.log.warn('Course assignment verification failed', result.left)
      return E.right(false)
    }
    return E.right(result.right.assigned)
  }
}
