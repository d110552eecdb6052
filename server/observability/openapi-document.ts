/**
 * The OpenAPI 3.1 document of the API, generated from src/contract (every route's method, path,
 * access, summary, description, params, query, body and response codec per status) and from
 * src/contract/platform.routes.ts (health, readiness, metrics, payments config, processor webhooks).
 * It describes version 1 (/api/v1/...); the server answers the unversioned /api/... paths the same
 * (the web app's client uses them). Written to dist/openapi.json by `npm run build`
 * (scripts/openapi.mjs) and served at /api/openapi.json.
 */
import { readFileSync } from 'node:fs'
import { STATUS_CODES } from 'node:http'
import { resolve } from 'node:path'
import type * as t from 'io-ts'
import { namedRoutes } from '../../src/contract'
import { acceptsUndefined, newComponents, toJsonSchema, type JsonSchema, type SchemaComponents } from '../../src/contract/json-schema'
import { platformRoutes, tenantPageRoutes } from '../../src/contract/platform.routes'
import { DELIVERED_EVENTS, WEBHOOK_TEST_EVENT, webhookEventCodec } from '../../src/contract/integrations.routes'
import { ErrorBody, NoInput, type Access, type Route } from '../../src/contract/route'

/** The base path of the API version this document describes; server/app.ts maps it onto /api. */
export const API_V1_BASE = '/api/v1'

export type OpenApiDocument = JsonSchema & { openapi: string; paths: Record<string, Record<string, JsonSchema>> }

const TENANT_PARAMETER = {
  name: 'X-Tenant',
  in: 'header',
  required: false,
  description: "The organisation's short name; without it, the first label of a 4- or 5-part host name, else the default tenant.",
  schema: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,62}$' },
}

/** The properties of an object codec's schema (after following a component reference). */
function propertiesOf(schema: JsonSchema, components: SchemaComponents): { properties: Record<string, JsonSchema>; required: string[] } | undefined {
  const ref = typeof schema.$ref === 'string' ? components.schemas[schema.$ref.split('/').pop()!] : schema
  if (!ref || ref.type !== 'object' || typeof ref.properties !== 'object') return undefined
  return { properties: ref.properties as Record<string, JsonSchema>, required: (ref.required as string[] | undefined) ?? [] }
}

/** The security requirement of each kind of access (an empty object: the call works without credentials). */
const SECURITY: Record<Access, JsonSchema[]> = {
  public: [],
  optionalCustomer: [{ customerBearer: [] }, {}],
  customer: [{ customerBearer: [] }],
  staff: [{ staffBearer: [] }],
  admin: [{ staffBearer: [] }],
  operator: [{ operatorKey: [] }],
  metrics: [{ metricsBearer: [] }, {}],
  apiKey: [{ apiKey: [] }],
}

/** A route's security: its access's, with the API key scope it names (a public route takes a key too). */
function securityOf(route: Route): JsonSchema[] {
  if (route.access === 'apiKey') return [{ apiKey: route.scope ? [route.scope] : [] }]
  if (route.scope && route.access === 'public') return [{ apiKey: [route.scope] }, {}]
  return SECURITY[route.access]
}

const SECURITY_SCHEMES = {
  customerBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "A customer's token, from POST /login?from=customer. It opens the customer's own data of its tenant only.",
  },
  staffBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "A staff member's token (admin or practitioner), from POST /staff/login. Calls marked 'admin only' refuse a practitioner (403).",
  },
  operatorKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Operator-Key',
    description: "The server's OPERATOR_KEY, for the platform's operator (tenant creation). Without OPERATOR_KEY the call answers 403.",
  },
  metricsBearer: {
    type: 'http',
    scheme: 'bearer',
    description: "The server's METRICS_TOKEN, when it has one.",
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description:
      "An integrator's API key of the tenant (ck_live_...), made by an admin (clinic admin api-key create). The operation's requirement names the scope it needs: " +
      'without the scope 403, an unknown or revoked key 401. Rate limited per key. See docs/integrations.md.',
  },
}

/** Routes of a tenant read X-Tenant; the platform's routes and tenant creation come before any tenant. */
const noTenant = (route: Route) => route.access === 'operator'

function parameters(route: Route, components: SchemaComponents, tenant: boolean): JsonSchema[] {
  const out: JsonSchema[] = tenant ? [{ $ref: '#/components/parameters/Tenant' }] : []
  const params = route.params === NoInput ? undefined : propertiesOf(toJsonSchema(route.params, components), components)
  for (const match of route.path.matchAll(/\{(\w+)\}/g)) {
    out.push({ name: match[1], in: 'path', required: true, schema: params?.properties[match[1]] ?? { type: 'string' } })
  }
  if (route.query !== NoInput) {
    const query = propertiesOf(toJsonSchema(route.query, components), components)
    if (!query) throw new Error(`The query of ${route.method} ${route.path} is not an object codec`)
    for (const [name, schema] of Object.entries(query.properties)) {
      out.push({ name, in: 'query', required: query.required.includes(name), schema })
    }
  }
  return out
}

/** A 429 (a rate limit: login, sign-up, an API key's 300 a minute) says when to try again. */
const RETRY_AFTER: JsonSchema = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } }

/** A 503 says when to try again too: a busy server sheds requests (1 s), an unavailable database (5 s). */
const RETRY_AFTER_503: JsonSchema = { 'Retry-After': { description: 'Seconds to wait before trying again (the server sheds load, or its database is unavailable).', schema: { type: 'integer' } } }

/** Fastify reads a body on every method but GET (and HEAD): one not of JSON's type answers 415 there. */
export const takesBody = (route: Route) => route.method !== 'GET'
/** Every call under /api is shed with 503 when the server is overloaded (server/app.ts), all but liveness. */
export const mayBeShed = (route: Route) => route.path !== '/health'

/**
 * The answers the server gives before or around any route's handler (server/app.ts): 415 for a body
 * whose Content-Type the API does not read, 503 + Retry-After when it sheds load or the database is
 * away. A route's own 503 (readiness' failing checks) keeps its body, either may come.
 */
function serverResponses(route: Route, components: SchemaComponents, out: JsonSchema): void {
  const error = toJsonSchema(ErrorBody, components)
  if (takesBody(route) && !out['415']) {
    out['415'] = { description: 'Unsupported Media Type: a body must be JSON (Content-Type: application/json).', content: { 'application/json': { schema: error } } }
  }
  if (!mayBeShed(route)) return
  const own = out['503'] as { content?: Record<string, { schema: JsonSchema }> } | undefined
  const ownSchema = own?.content?.['application/json']?.schema
  const schema = ownSchema && ownSchema.$ref !== error.$ref ? { anyOf: [ownSchema, error] } : error
  out['503'] = {
    description: 'Service Unavailable: the server is busy or its database is unavailable; try again after Retry-After seconds.',
    headers: RETRY_AFTER_503,
    content: { 'application/json': { schema } },
  }
}

function responses(route: Route, components: SchemaComponents): JsonSchema {
  const out: JsonSchema = {}
  for (const [status, codec] of Object.entries(route.responses)) {
    if (!codec) continue
    if (Number(status) >= 300 && Number(status) < 400) {
      out[status] = { description: STATUS_CODES[Number(status)], headers: { Location: { description: 'Where to go next', schema: { type: 'string' } } } }
      continue
    }
    const mediaType = Number(status) < 300 && route.mediaType ? route.mediaType : 'application/json'
    out[status] = {
      description: STATUS_CODES[Number(status)] ?? `Status ${status}`,
      ...(status === '429' ? { headers: RETRY_AFTER } : {}),
      content: { [mediaType]: { schema: toJsonSchema(codec as t.Mixed, components) } },
    }
  }
  serverResponses(route, components, out)
  return out
}

/** The operations a key opens refuse what they do not name (server/http/unknown-fields.ts). */
const UNKNOWN_FIELDS_NOTE = "A query parameter or body field this operation does not name is refused with 400 naming it (e.g. 'Invalid body: unknown field appointment.practitionerID.'), never ignored."

function operation(name: string, resource: string, route: Route, components: SchemaComponents, tenant: boolean): JsonSchema {
  const op: JsonSchema = {
    operationId: name,
    summary: route.summary,
    description: route.access === 'admin' ? `${route.description} Admins only.` : route.access === 'apiKey' ? `${route.description} ${UNKNOWN_FIELDS_NOTE}` : route.description,
    tags: [resource],
    security: securityOf(route),
    parameters: parameters(route, components, tenant),
  }
  if (route.body !== NoInput) {
    op.requestBody = {
      required: !acceptsUndefined(route.body),
      content: { 'application/json': { schema: toJsonSchema(route.body, components) } },
    }
  }
  op.responses = responses(route, components)
  return op
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}

/** The outbound webhooks (OpenAPI 3.1 `webhooks`): what the server POSTs to an integrator's endpoint per event. */
function webhooks(components: SchemaComponents): Record<string, JsonSchema> {
  return Object.fromEntries(
    DELIVERED_EVENTS.map((type) => [
      type,
      {
        post: {
          operationId: `webhook.${type}`,
          summary: `The ${type} event`,
          description:
            (type === WEBHOOK_TEST_EVENT
              ? 'POSTed to one endpoint when an admin sends a test event (POST /admin/webhooks/{id}/test), whatever events it subscribed to. '
              : 'POSTed to each webhook endpoint subscribed to the event (POST /admin/webhooks). ') +
            'Signed: verify Clinic-Signature on the raw body. Any 2xx answer within 5 seconds counts as delivered; ' +
            (type === WEBHOOK_TEST_EVENT ? 'a test event is tried once. ' : 'anything else is retried with backoff for a day. ') +
            'See docs/integrations.md.',
          tags: ['webhooks'],
          security: [],
          parameters: [
            { name: 'Clinic-Signature', in: 'header', required: true, description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint\'s secret>', schema: { type: 'string' } },
            { name: 'Clinic-Event', in: 'header', required: true, description: 'The event type.', schema: { type: 'string' } },
            { name: 'Clinic-Delivery', in: 'header', required: true, description: 'The delivery id (a replay is a new delivery of the same event id).', schema: { type: 'string' } },
          ],
          requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(webhookEventCodec(type), components) } } },
          responses: { '200': { description: 'Received (any 2xx).' } },
        },
      },
    ]),
  )
}

export function buildOpenApiDocument(version = packageVersion()): OpenApiDocument {
  const components = newComponents()
  toJsonSchema(ErrorBody, components, 'ErrorBody')
  const paths: OpenApiDocument['paths'] = {}
  const operationIds = new Set<string>()
  const platform = [
    ...Object.entries(tenantPageRoutes).map(([name, route]) => ({ name, resource: 'auth', route: route as Route, tenant: true })),
    ...Object.entries(platformRoutes).map(([name, route]) => ({ name, resource: 'platform', route: route as Route, tenant: false })),
  ]
  for (const { name, resource, route, tenant } of [...namedRoutes.map((n) => ({ ...n, tenant: !noTenant(n.route) })), ...platform]) {
    // Export names are unique per module; across modules the resource tells them apart.
    const id = operationIds.has(name) ? `${resource}.${name}` : name
    operationIds.add(id)
    const item = (paths[route.path] ??= {})
    const method = route.method.toLowerCase()
    if (item[method]) throw new Error(`Two contract routes for ${route.method} ${route.path}`)
    item[method] = operation(id, resource, route, components, tenant)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clinic Online Booking API',
      version,
      description:
        'Online booking for multi-location clinics. Generated from src/contract. Errors answer { statusCode, message }. ' +
        'This is version 1 of the API, under /api/v1; the same calls answer under /api without a version (the web app uses those).',
    },
    servers: [{ url: API_V1_BASE, description: 'This server, version 1 of the API' }],
    paths,
    webhooks: webhooks(components),
    components: {
      schemas: components.schemas,
      parameters: { Tenant: TENANT_PARAMETER },
      securitySchemes: SECURITY_SCHEMES,
    },
  }
}
