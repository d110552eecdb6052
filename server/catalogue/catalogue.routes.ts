/**
 * Catalogue: /public-clinics, /clinics, /categories, /categories/{id}, /services/public,
 * /services/public/{id}, /practitioners/public, /course/groupedByCategory (course definitions are
 * core data; buying and customer courses are commerce's).
 */
import type { FastifyInstance } from 'fastify'
import type * as t from 'io-ts'
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
import { successStatus, type Route } from '../../src/contract/route'
import type { ServerDeps } from '../deps'
import { serve, type RequestContext } from '../http/contract-route'
import { badRequest, notFound, ok, okEncoded, type Result } from '../http/results'
import { badPaging, monthYearProblem, PAGING_MESSAGE } from '../http/request-input'
import * as catalogue from './catalogue.service'
import { cachedAnswer } from './catalogue-cache'

const isId = (s: string | undefined): s is string => typeof s === 'string' && /^[0-9a-f]{24}$/i.test(s)

/**
 * The answer of `route` for `filter`, encoded and kept under the tenant's catalogue version
 * (server/catalogue/catalogue-cache.ts); `load` resolving to undefined answers 404 with `missing`.
 */
async function cached<R extends Route>(
  route: R,
  ctx: RequestContext,
  filter: unknown,
  load: () => Promise<unknown>,
  missing = 'Not found',
): Promise<Result<never>> {
  const codec = route.responses[successStatus(route)] as t.Mixed
  const answer = await cachedAnswer(ctx.deps.database, ctx.tenant, `${route.method} ${route.path} ${JSON.stringify(filter)}`, codec, load)
  return answer.found ? okEncoded(answer.body) : notFound(missing)
}

export async function catalogueRoutes(app: FastifyInstance, _deps: ServerDeps): Promise<void> {
  serve(app, getPublicClinics, async (_input, ctx) => cached(getPublicClinics, ctx, {}, () => catalogue.listClinics(ctx.db, ctx.tenant, true)))
  serve(app, getClinics, async (_input, ctx) => ok(await catalogue.listClinics(ctx.db, ctx.tenant, false)))

  serve(app, getCategories, async ({ query }, ctx) => {
    if (badPaging(query.skip, query.offset, query.count, query.limit)) return badRequest(PAGING_MESSAGE)
    const filter = {
      clinic: isId(query.clinic) ? query.clinic : undefined,
      online: query.fromCustomer !== false,
      skip: query.skip ?? query.offset,
      count: query.count ?? query.limit,
    }
    return cached(getCategories, ctx, filter, () => catalogue.listCategories(ctx.db, ctx.tenant, filter))
  })

  serve(app, getCategory, async ({ params }, ctx) =>
    cached(getCategory, ctx, params.id, () => catalogue.getCategory(ctx.db, ctx.tenant, params.id), 'Category not found.'),
  )

  serve(app, getPublicServices, async ({ query }, ctx) => {
    if (badPaging(query.start, query.offset, query.count, query.pageSize)) return badRequest(PAGING_MESSAGE)
    const filter = {
      online: true,
      clinic: isId(query.clinic) ? query.clinic : undefined,
      category: isId(query.category) ? query.category : undefined,
      skip: query.start ?? query.offset,
      count: query.count ?? query.pageSize,
    }
    return cached(getPublicServices, ctx, filter, () => catalogue.listServices(ctx.db, ctx.tenant, filter))
  })

  serve(app, getPublicService, async ({ params }, ctx) =>
    cached(
      getPublicService,
      ctx,
      params.id,
      async () => (await catalogue.listServices(ctx.db, ctx.tenant, { ids: [params.id], online: false }))[0],
      'Service not found.',
    ),
  )

  serve(app, getPublicPractitioners, async ({ body }, ctx) => {
    // A month that cannot be is bad input, not a list (as days-available-by-month).
    const problem = monthYearProblem(body.month, body.year)
    if (problem) return badRequest(problem)
    const practitioners = await catalogue.practitionersFor(ctx.db, ctx.tenant, body.service, body.clinic)
    return practitioners ? ok(practitioners) : notFound('Service not found at this location.')
  })

  serve(app, getCoursesGroupedByCategory, async ({ query }, ctx) => {
    const filter = {
      clinic: isId(query.clinic) ? query.clinic : undefined,
      showOnline: query.showOnline !== false,
      includeEmpty: query.includeEmpty === true,
    }
    return cached(getCoursesGroupedByCategory, ctx, filter, () => catalogue.coursesGroupedByCategory(ctx.db, ctx.tenant, filter))
  })
}
