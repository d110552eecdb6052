/**
 * How bytes leave the server: the built web app (dist/web) from its precompressed copies
 * (scripts/lib/precompress.mjs writes x.br and x.gz at build time), chosen by Accept-Encoding, with
 * cache headers fit for hashed file names; and API answers compressed on the fly above 1 KB.
 */
import { join, sep } from 'node:path'
import * as zlib from 'node:zlib'
import { constants, type BrotliOptions } from 'node:zlib'
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
 * Answers compressed at once below this size use brotli's fastest quality (fittedBrotliSync): under ~14 KB an
 * answer leaves in TCP's first flight whatever its encoding, so the bytes a higher quality saves buy no time.
 */
export const FAST_BROTLI_BELOW = 16 * 1024
export const FAST_BROTLI_QUALITY = 1

/**
 * Answers of at least COMPRESS_THRESHOLD bytes in brotli (quality 4, 1 under FAST_BROTLI_BELOW) or gzip.
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
    // The answers the plugin compresses at once (whole, up to its syncThreshold) with a fitted window.
    zlib: { ...zlib, brotliCompressSync: fittedBrotliSync },
  })
})

/**
 * brotliCompressSync with a window no larger than the answer needs (the same matches: the size within
 * a byte, the window's size in the header) and the answer's size as the encoder's hint: a 256 KB window's
 * ring buffer is allocated and touched for a 2 KB answer otherwise (a booking's answer: 40 -> 32 µs,
 * a third of the page faults). Larger answers (streamed by the plugin) keep the configured window.
 * Answers under FAST_BROTLI_BELOW get quality 1 (brotli's one-pass compressor, its tables sized to the
 * input) instead of the configured one: quality 4 (a hash table of hundreds of KB allocated for each answer)
 * cost ~6% of the server's CPU a booking in a loaded server, several times what the call takes in
 * isolation; a 1.9 KB booking answer is 581 bytes instead of 516 (BENCHMARKS.md, branch bookcpu).
 */
export function fittedBrotliSync(payload: zlib.InputType, options: BrotliOptions = {}): Buffer {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength
  const params = options.params ?? {}
  const configured = Number(params[constants.BROTLI_PARAM_LGWIN] ?? constants.BROTLI_DEFAULT_WINDOW)
  // The window must hold the whole input plus brotli's 16 bytes of slack to find the same matches.
  const lgwin = Math.min(configured, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))))
  const quality = size < FAST_BROTLI_BELOW ? { [constants.BROTLI_PARAM_QUALITY]: FAST_BROTLI_QUALITY } : {}
  return zlib.brotliCompressSync(payload, { ...options, params: { ...params, [constants.BROTLI_PARAM_LGWIN]: lgwin, [constants.BROTLI_PARAM_SIZE_HINT]: size, ...quality } })
}

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
