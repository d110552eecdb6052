/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of src/contract (built once, on first request,
 * from the contract this server runs with; `npm run build` writes the same to dist/openapi.json).
 * GET /api/docs: Swagger UI over it, its files served from node_modules/swagger-ui-dist (never
 * part of the web app's bundle, no CDN).
 */
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document'

export const OPENAPI_URL = '/api/openapi.json'
export const DOCS_URL = '/api/docs'
const ASSETS = `${DOCS_URL}/assets/`

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Clinic Online Booking API</title>
<link rel="stylesheet" href="${ASSETS}swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="${ASSETS}swagger-ui-bundle.js"></script>
<script src="${DOCS_URL}/init.js"></script></body></html>`

// An external script: the Content-Security-Policy allows no inline script.
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(OPENAPI_URL)}, dom_id: '#swagger-ui', deepLinking: true })`

/** The package's other files (source maps, licences, its own pages): no route each to build at start. */
const DOCS_IGNORED = ['**/*.map', '**/*.txt', '**/*.md', '**/*.html', '**/*.json', 'LICENSE', 'NOTICE']

export async function openApiPlugin(app: FastifyInstance): Promise<void> {
  let document: OpenApiDocument | undefined
  app.get(OPENAPI_URL, async (_request, reply) => {
    document ??= buildOpenApiDocument()
    return reply.header('cache-control', 'no-cache').send(document)
  })
  const page = async (_request: unknown, reply: import('fastify').FastifyReply) => reply.type('text/html; charset=utf-8').send(DOCS_PAGE)
  app.get(DOCS_URL, page)
  app.get(`${DOCS_URL}/`, page)
  app.get(`${DOCS_URL}/init.js`, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(DOCS_INIT))
  const root = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
  await app.register(fastifyStatic, { root, prefix: ASSETS, decorateReply: false, index: false, wildcard: false, globIgnore: DOCS_IGNORED, allowedPath: (path) => /\.(js|css|png)$/.test(path) })
}
