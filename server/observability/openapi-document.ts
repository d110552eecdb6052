/**
 * The OpenAPI 3.1 document of the API, generated from src/contract (every route's method, path,
 * params, query, body and response codec per status). Written to dist/openapi.json by
 * `npm run build` (scripts/openapi.mjs) and served at /api/openapi.json.
 */
import { readFileSync } from 'node:fs'
import { STATUS_CODES } from 'node:http'
import { resolve } from 'node:path'
import type * as t from 'io-ts'
import { namedRoutes } from '../../src/contract'
import { acceptsUndefined, newComponents, toJsonSchema, type JsonSchema, type SchemaComponents } from '../../src/contract/json-schema'
import { ErrorBody, NoInput, type Route } from '../../src/contract/route'

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

function parameters(route: Route, components: SchemaComponents): JsonSchema[] {
  const out: JsonSchema[] = [{ $ref: '#/components/parameters/Tenant' }]
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

function responses(route: Route, components: SchemaComponents): JsonSchema {
  const out: JsonSchema = {}
  for (const [status, codec] of Object.entries(route.responses)) {
    if (!codec) continue
    out[status] = {
      description: STATUS_CODES[Number(status)] ?? `Status ${status}`,
      content: { 'application/json': { schema: toJsonSchema(codec as t.Mixed, components) } },
    }
  }
  return out
}

function operation(name: string, resource: string, route: Route, components: SchemaComponents): JsonSchema {
  const op: JsonSchema = {
    operationId: name,
    tags: [resource],
    parameters: parameters(route, components),
  }
  if (route.body !== NoInput) {
    op.requestBody = {
      required: !acceptsUndefined(route.body),
      content: { 'application/json': { schema: toJsonSchema(route.body, components) } },
    }
  }
  op.responses = responses(route, components)
  // A route that can answer 401 reads a customer's token (some also answer without one).
  if (401 in route.responses) op.security = [{ bearerAuth: [] }, {}]
  return op
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}

export function buildOpenApiDocument(version = packageVersion()): OpenApiDocument {
  const components = newComponents()
  toJsonSchema(ErrorBody, components, 'ErrorBody')
  const paths: OpenApiDocument['paths'] = {}
  const operationIds = new Set<string>()
  for (const { name, resource, route } of namedRoutes) {
    // Export names are unique per module; across modules the resource tells them apart.
    const id = operationIds.has(name) ? `${resource}.${name}` : name
    operationIds.add(id)
    const item = (paths[route.path] ??= {})
    const method = route.method.toLowerCase()
    if (item[method]) throw new Error(`Two contract routes for ${route.method} ${route.path}`)
    item[method] = operation(id, resource, route, components)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clinic Online Booking API',
      version,
      description: 'Generated from src/contract. Errors answer { statusCode, message }.',
    },
    servers: [{ url: '/api' }],
    paths,
    components: {
      schemas: components.schemas,
      parameters: { Tenant: TENANT_PARAMETER },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  }
}
