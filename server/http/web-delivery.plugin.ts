/**
 * How bytes leave the server: the built web app (dist/web) from its precompressed copies
 * (scripts/lib/precompress.mjs writes x.br and x.gz at build time), chosen by Accept-Encoding, with
 * cache headers fit for hashed file names; and API answers compressed on the fly above 1 KB.
 */
import { join, sep } from 'node:path'
import { constants } from 'node:zlib'
import compress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** Vite's output under assets/ has a content hash in every name: a changed file is a new URL. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Pages (index.html, lead.html, the SPA fallback) and unhashed files: always revalidated. */
export const REVALIDATE = 'no-cache'
/** Smaller bodies gain less than the compression costs. */
export const COMPRESS_THRESHOLD = 1024

/**
 * Answers of at least COMPRESS_THRESHOLD bytes in brotli (quality 4: fast enough per request) or gzip.
 * Only routes added after this plugin are compressed; server-sent events (text/event-stream) never
 * are, and websocket upgrades do not pass through it. Request bodies are not decompressed.
 * Most answers are a few KB: setting up the compressor costs more than compressing them, and that set-up
 * grows with the window and hash sizes. A 256 KB brotli window and gzip's memLevel 5 halve the cost of
 * a 1-2 KB answer (30 -> 10-15 µs) for the same output, and lose under 1% on a 70 KB one.
 */
export const compression = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 } },
    zlibOptions: { memLevel: 5 },
    globalDecompression: false,
  })
})

/**
 * The files of `webDir` (and reply.sendFile for the SPA fallback), precompressed copies preferred
 * (`Vary: Accept-Encoding` is set whichever is sent).
 */
export const webStatic = fp(async (app: FastifyInstance, options: { webDir: string; serve: boolean }) => {
  const assets = join(options.webDir, 'assets') + sep
  await app.register(fastifyStatic, {
    root: options.webDir,
    wildcard: false,
    // A route a file (wildcard: false): the .br and .gz beside each are found on disk by preCompressed, so
    // they need none (2 x 158 routes fewer to build at every start).
    globIgnore: ['**/*.br', '**/*.gz'],
    // '/' goes to the SPA fallback like every client route (its frame-ancestors follow the tenant's embedHosts)
    index: false,
    serve: options.serve,
    preCompressed: true,
    // Vite's build manifest is the server's (a rendered page's stylesheets, first-view-page.ts), not the web's.
    allowedPath: (pathName) => !/^\/?\.vite\//.test(pathName),
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE)
    },
  })
})
