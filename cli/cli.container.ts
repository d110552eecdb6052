/**
 * The CLI's composition root: the use cases (applicationModule), the axios adapters of every API
 * port over node's http (httpAdaptersModule: base URL <server>/api, X-Tenant, the stored token), and
 * the node ports (nodeAdaptersModule: the 0600 token file in the user's config directory, the
 * system clock). Two CLI choices on top: warnings the app "only logs" go to stderr only with
 * CLINIC_DEBUG set, and tests may pass their own clock. Commands obtain a use case by its class
 * (`ctx.useCase(ConfirmBooking)`) through `cliUseCases`: this file is the only one that calls
 * `container.get`.
 */
import 'reflect-metadata'
import { Container } from 'inversify'
import { PORTS } from '../src/application/tokens'
import type { Logger } from '../src/application/ports/logger.port'
import type { Clock } from '../src/application/ports/clock.port'
import { applicationModule } from '../src/application/application.module'
import type { AxiosInstance, AxiosResponse } from 'axios'
import { httpAdaptersModule, type HttpConfig } from '../src/adapters/adapters.module'
import { createHttpClient } from '../src/adapters/http/http-client'
import type { TokenStore } from '../src/application/ports/token-store.port'
import { NOT_THE_API } from './exit-codes'
import { nodeAdaptersModule } from '../src/adapters/node-adapters.module'
import { configDir, FileTokenStore } from '../src/adapters/storage/file-store.adapter'
import { join } from 'node:path'
import { ADMIN_PORTS } from '../src/application/admin.tokens'
import { ADMIN_USE_CASES } from '../src/application/use-cases/admin.use-case'
import { HttpStaffCalendarApi } from '../src/adapters/http/staff-calendar.adapter'
import { STAFF_CALENDAR_USE_CASES } from '../src/application/use-cases/staff-calendar.use-case'
import { DESK_PORTS } from '../src/application/desk.tokens'
import { DESK_USE_CASES } from '../src/application/use-cases/desk-calendar.use-case'
import { HttpDeskCalendarApi } from '../src/adapters/http/desk-calendar.adapter'
import { DESK_BOOKING_USE_CASES } from '../src/application/use-cases/desk.use-case'
import { HttpDeskApi } from '../src/adapters/http/desk.adapter'
import { INTEGRATION_USE_CASES } from '../src/application/use-cases/integrations.use-case'
import { HttpIntegrationsApi } from '../src/adapters/http/integrations.adapter'
import { STAFF_WAITLIST_USE_CASES } from '../src/application/use-cases/staff-waitlist.use-case'
import { HttpStaffWaitlistApi } from '../src/adapters/http/staff-waitlist.adapter'
import { HttpAdminApi, OPERATOR_HTTP_CLIENT, operatorConfig, STAFF_HTTP_CLIENT, type OperatorTransport } from '../src/adapters/http/admin.adapter'
import { InMemoryTokenStore } from '../src/adapters/storage/in-memory.adapter'
import { apiBaseOf } from '../src/adapters/http/api-base'
import { withBusyRetry } from '../src/adapters/http/busy-retry'
import type { HttpTransport } from '../src/adapters/http/transport'
import { busyRetryingText } from '../src/application/errors'

export interface CliConfig {
  /** Server address without /api, e.g. 'http://localhost:3000'. */
  baseUrl: string
  tenant?: string
  env?: NodeJS.ProcessEnv
  /** Per-request timeout (default 15 s). */
  timeoutMs?: number
  /** Where warnings go ('silent or logged only' failures): a line each, or nowhere when unset. */
  log?: (line: string) => void
  /** Time and waiting (tests pass a manual clock so payment polling runs at once). */
  clock?: Clock
  /** Where a line for the user goes while a command waits (a busy server's Retry-After before a read is sent again). */
  notice?: (line: string) => void
}


const detailText = (detail: unknown) => (detail === undefined || detail === '' ? '' : ` ${JSON.stringify(detail)}`)

class LineLogger implements Logger {
  constructor(private readonly log: ((line: string) => void) | undefined) {}
  warn(message: string, detail?: unknown): void {
    this.log?.(`warning: ${message}${detailText(detail)}`)
  }
  error(message: string, detail?: unknown): void {
    this.log?.(`error: ${message}${detailText(detail)}`)
  }
}

/**
 * Why an error answer cannot be the clinic API's: not JSON (another web server's page), or the
 * server's own 'Route GET:/x not found' (the API is not under this address). undefined: it may be.
 */
export function notTheApi(response: Pick<AxiosResponse, 'status' | 'headers' | 'data'>): string | undefined {
  if (response.status < 400) return undefined
  const type = String(response.headers?.['content-type'] ?? '').split(';')[0].trim()
  if (!/[/+]json$/i.test(type)) return `answered ${response.status} with ${type || 'no content type'}, not the API's JSON`
  const message = (response.data as { message?: unknown } | undefined)?.message
  if (response.status === 404 && typeof message === 'string' && /^Route [A-Z]+:? ?\S+ not found$/.test(message)) return `answered 404: ${message}`
  return undefined
}

/** Rejects answers that are not the API's, so they end as 'unreachable' (exit 3), not as a refusal. */
export function guardApiAnswers(http: AxiosInstance): AxiosInstance {
  http.interceptors.response.use((response) => {
    const reason = notTheApi(response)
    if (!reason) return response
    const url = new URL(http.getUri(response.config))
    throw new Error(`${NOT_THE_API}${(response.config.method ?? 'get').toUpperCase()} ${url.pathname} ${reason}`)
  })
  return http
}

export function createCliContainer(config: CliConfig): Container {
  const container = new Container({ defaultScope: 'Singleton' })
  const http: HttpConfig = { baseUrl: apiBaseOf(config.baseUrl), tenant: config.tenant, adapter: 'http', timeoutMs: config.timeoutMs ?? 15_000 }
  const tokenScope = `${http.baseUrl} ${config.tenant ?? ''}`.trim()
  container.load(applicationModule, httpAdaptersModule(http), nodeAdaptersModule({ configDir: configDir(config.env ?? process.env), tokenScope }))
  // The operator's side: the staff token in its own file (per server and tenant), never the customer's.
  const staffTokens = new FileTokenStore(join(configDir(config.env ?? process.env), 'staff'), tokenScope)
  container.bind<TokenStore>(ADMIN_PORTS.StaffTokenStore).toConstantValue(staffTokens)
  // A busy server (503 + Retry-After): reads are sent again after the wait, the user told; writes never.
  const busyAware = (inner: HttpTransport): HttpTransport =>
    withBusyRetry(inner, {
      onWait: (seconds) => config.notice?.(busyRetryingText(seconds)),
      sleep: (ms, signal) => container.get<Clock>(PORTS.Clock).sleep(ms, signal),
    })
  container.bind<HttpTransport>(STAFF_HTTP_CLIENT).toDynamicValue(() => busyAware(guardApiAnswers(createHttpClient(http, staffTokens))))
  // Tenant creation: the operator key and no token (an empty store) on a client of its own.
  container
    .bind<OperatorTransport>(OPERATOR_HTTP_CLIENT)
    .toConstantValue((key) => guardApiAnswers(createHttpClient(operatorConfig(http, key), new InMemoryTokenStore())))
  container.bind(ADMIN_PORTS.AdminApi).to(HttpAdminApi)
  container.bind(ADMIN_PORTS.StaffCalendarApi).to(HttpStaffCalendarApi)
  for (const useCase of [...ADMIN_USE_CASES, ...STAFF_CALENDAR_USE_CASES]) {
    const newable: new (...args: never[]) => unknown = useCase
    container.bind(newable).toSelf()
  }
  container.bind(DESK_PORTS.DeskCalendarApi).to(HttpDeskCalendarApi)
  for (const useCase of DESK_USE_CASES) {
    const newable: new (...args: never[]) => unknown = useCase
    container.bind(newable).toSelf()
  }
  container.bind(DESK_PORTS.DeskApi).to(HttpDeskApi)
  for (const useCase of DESK_BOOKING_USE_CASES) {
    const newable: new (...args: never[]) => unknown = useCase
    container.bind(newable).toSelf()
  }
  container.bind(ADMIN_PORTS.IntegrationsApi).to(HttpIntegrationsApi)
  for (const useCase of INTEGRATION_USE_CASES) {
    const newable: new (...args: never[]) => unknown = useCase
    container.bind(newable).toSelf()
  }
  // The desk's waitlist (issue 32: clinic admin waitlist ...), on the staff token like the rest.
  container.bind(ADMIN_PORTS.StaffWaitlistApi).to(HttpStaffWaitlistApi)
  for (const useCase of STAFF_WAITLIST_USE_CASES) container.bind(useCase as new (...args: never[]) => unknown).toSelf()
  container
    .rebind<HttpTransport>(PORTS.HttpClient)
    .toDynamicValue((context) => busyAware(guardApiAnswers(createHttpClient(http, context.get<TokenStore>(PORTS.TokenStore)))))
  container.rebind<Logger>(PORTS.Logger).toConstantValue(new LineLogger(config.log))
  if (config.clock) container.rebind<Clock>(PORTS.Clock).toConstantValue(config.clock)
  return container
}

/** A use case class of src/application (ConfirmBooking, ListLocations, ...). */
// any[]: the constructor parameters are the container's business
export type UseCaseClass<T> = abstract new (...args: any[]) => T

/** What the commands get from the composition root: a use case by its class. */
export type UseCases = <T>(useCase: UseCaseClass<T>) => T

/** The CLI's use cases over a new container (see createCliContainer). */
export function cliUseCases(config: CliConfig): UseCases {
  const container = createCliContainer(config)
  return (useCase) => container.get(useCase)
}
