/**
 * Operability of one server: request ids and the per-request log line, Prometheus metrics, the
 * OpenAPI document and its browsable page. Called once by buildServer, before the routes, so that
 * its hooks see every request. docs/operations.md describes what it exposes.
 */
import type { FastifyInstance } from 'fastify'
import type { ServerDeps } from '../deps'
import { metricsPlugin } from './metrics.plugin'
import { openApiPlugin } from './openapi.plugin'
import { requestLogPlugin } from './request-log'

export { loggingOptions } from './request-log'

export async function observability(app: FastifyInstance, deps: ServerDeps): Promise<void> {
  await requestLogPlugin(app)
  await metricsPlugin(app, deps)
  await app.register(openApiPlugin)
}
