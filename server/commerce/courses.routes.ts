/**
 * A customer's courses: /course/customer-course, /course/verify-assignment/{invoiceId},
 * /course/withoutAppt/{customerId}. (/course/groupedByCategory, the catalogue, is the core's.)
 */
import type { FastifyInstance } from 'fastify'
import * as C from '../../src/contract'
import { commerceDeps } from './commerce.module'
import { answer } from '../http/service-failure'
import { coursesWithoutAppointment, customerCourses, verifyAssignment } from './courses.service'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'

export async function coursesRoutes(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  const commerce = () => commerceDeps(deps)

  serve(app, C.getCustomerCourses, async ({ query }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await customerCourses(commerce(), ctx.tenant, me.sub, query))
  })

  serve(app, C.verifyCourseAssignment, async ({ params }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await verifyAssignment(commerce(), ctx.tenant, me.sub, params.id))
  })

  serve(app, C.getCoursesWithoutAppointment, async ({ params }, ctx) => {
    const me = await ctx.requireCustomer()
    return answer(await coursesWithoutAppointment(commerce(), ctx.tenant, me.sub, params.id))
  })
}
