#!/usr/bin/env node
// `npm run openapi` (also part of `npm run build` and of the install): writes the OpenAPI 3.1 document
// generated from src/contract to dist/openapi.json, or to the path given. The server serves the same
// document at /api/openapi.json, generated from the contract it runs with.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { tsImport } from 'tsx/esm/api'

const root = new URL('..', import.meta.url).pathname
const out = resolve(process.argv[2] ?? `${root}dist/openapi.json`)
const { buildOpenApiDocument } = await tsImport('../server/observability/openapi-document.ts', import.meta.url)
const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'))
const document = buildOpenApiDocument(version)
mkdirSync(dirname(out), { recursive: true })
writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`)
console.log(`OpenAPI document written to ${out} (${Object.keys(document.paths).length} paths).`)
