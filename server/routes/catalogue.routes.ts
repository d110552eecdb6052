/**
 * Catalogue: /public-clinics, /clinics, /categories, /categories/{id}, /services/public,
 * /services/public/{id}, /practitioners/public, /course/groupedByCategory (course definitions are
 * core data; buying and customer courses are commerce's).
 */
import type { FastifyInstance } from 'fastify'
import {
  getCategories,
  getCategory,
  getClinics,
  getCoursesGroupedByCategory,
  getPublicClinics,
  getPublicPractitioners,
  getPublicService,
  getPublicServices,
} from '../../src/contract'
import type { ServerDeps } from '../deps'
import { serve } from '../http/contract-route'
import { badRequest, notFound, ok } from '../http/results'
import { monthYearProblem } from '../http/request-input'
import * as catalogue from '../services/catalogue.service'

const isId = (s: string | undefined): s is string => typeof s === 'string' && /^[0-9a-f]{24}$/i.test(s)

export const MAX_PAGING = 100_000
export const PAGING_MESSAGE = `Paging values must be between 0 and ${MAX_PAGING}.`
/** A page start or size the database can use: a whole number from 0 to MAX_PAGING. */
const badPaging = (...values: (number | undefined)[]) => values.some((v) => v !== undefined && (v < 0 || v > MAX_PAGING))

export async function catalogueRoutes(app: FastifyInstance, _deps: ServerDeps): Promise<void> {
  serve(app, getPublicClinics, async (_input, ctx) => ok(await catalogue.listClinics(ctx.db, ctx.tenant, true)))
  serve(app, getClinics, async (_input, ctx) => ok(await catalogue.listClinics(ctx.db, ctx.tenant, false)))

  serve(app, getCategories, async ({ query }, ctx) => {
    if (badPaging(query.skip, query.offset, query.count, query.limit)) return badRequest(PAGING_MESSAGE)
    const clinic = isId(query.clinic) ? query.clinic : undefined
    return ok(
      await catalogue.listCategories(ctx.db, ctx.tenant, {
        clinic,
        online: query.fromCustomer !== false,
        skip: query.skip ?? query.offset,
        count: query.count ?? query.limit,
      }),
    )
  })

  serve(app, getCategory, async ({ params }, ctx) => {
    const category = await catalogue.getCategory(ctx.db, ctx.tenant, params.id)
    return category ? ok(category) : notFound('Category not found')
  })

  serve(app, getPublicServices, async ({ query }, ctx) => {
    if (badPaging(query.start, query.offset, query.count, query.pageSize)) return badRequest(PAGING_MESSAGE)
    const services = await catalogue.listServices(ctx.db, ctx.tenant, {
      online: true,
      clinic: isId(query.clinic) ? query.clinic : undefined,
      category: isId(query.category) ? query.category : undefined,
      skip: query.start ?? query.offset,
      count: query.count ?? query.pageSize,
    })
    return ok(services)
  })

  serve(app, getPublicService, async ({ params }, ctx) => {
    const [service] = await catalogue.listServices(ctx.db, ctx.tenant, { ids: [params.id], online: false })
    return service ? ok(service) : notFound('Service not found')
  })

  serve(app, getPublicPractitioners, async ({ body }, ctx) => {
    // A month that cannot be is bad input, not a list (as days-available-by-month).
    const problem = monthYearProblem(body.month, body.year)
    if (problem) return badRequest(problem)
    const practitioners = await catalogue.practitionersFor(ctx.db, ctx.tenant, body.service, body.clinic)
    return practitioners ? ok(practitioners) : notFound('Service not found at this location')
  })

  serve(app, getCoursesGroupedByCategory, async ({ query }, ctx) =>
    ok(
      await catalogue.coursesGroupedByCategory(ctx.db, ctx.tenant, {
        clinic: isId(query.clinic) ? query.clinic : undefined,
        showOnline: query.showOnline !== false,
        includeEmpty: query.includeEmpty === true,
      }),
    ),
  )
}
