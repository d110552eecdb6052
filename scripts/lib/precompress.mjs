// Brotli and gzip copies of the built web app's text files (x.js -> x.js.br, x.js.gz), written when
// Vite finishes, so that the server sends them as they are (@fastify/static preCompressed) instead of
// compressing on every request. A Vite plugin: every build (npm run build, the install, npm start,
// the browser tests) produces them.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { outputDirPlugin } from './output-dir-plugin.mjs'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map|wasm)$/i
/** Below this a compressed copy saves too little to be worth a second file. */
const MIN_BYTES = 1024

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/** Writes path.br and path.gz beside every compressible file of `dir` of at least MIN_BYTES; returns how many files. */
export function precompressDir(dir) {
  let count = 0
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue
    const content = readFileSync(path)
    if (content.length < MIN_BYTES) continue
    const br = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    })
    const gz = gzipSync(content, { level: constants.Z_BEST_COMPRESSION })
    // A copy no smaller than the file would only cost a read.
    if (br.length < content.length) writeFileSync(`${path}.br`, br)
    if (gz.length < content.length) writeFileSync(`${path}.gz`, gz)
    count++
  }
  return count
}

/** The Vite plugin: precompresses the output directory once the bundle is written. */
export function precompress() {
  return outputDirPlugin('clinic-precompress', precompressDir)
}
