import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../scripts/lib/precompress.mjs'
import { buildTestServer, DEMO, type TestServer } from '../test-support/test-server'
import { COMPRESS_THRESHOLD, FAST_BROTLI_BELOW, FAST_BROTLI_QUALITY, fittedBrotliSync, IMMUTABLE } from './web-delivery.plugin'

// A small built web app, precompressed by the same step as the Vite build.
const webDir = mkdtempSync(join(tmpdir(), 'web-delivery-'))
mkdirSync(join(webDir, 'assets'))
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))}\n`
const page = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<p>clinic</p>'.repeat(120)}</body></html>`
writeFileSync(join(webDir, 'assets/index-Ab12Cd34.js'), script)
writeFileSync(join(webDir, 'index.html'), page)
writeFileSync(join(webDir, 'lead.html'), page.replace('clinic', 'lead'))
mkdirSync(join(webDir, '.vite'))
writeFileSync(join(webDir, '.vite/manifest.json'), JSON.stringify({ 'src/secret-module.tsx': { file: 'assets/x.js' } }))
precompressDir(webDir)

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer({ webDir })
})
afterAll(() => t.close())

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })

describe('the web app', () => {
  it('sends the brotli copy when brotli is accepted, gzip when only gzip is, the file itself otherwise', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script)
    expect(br.rawPayload.length).toBeLessThan(script.length)

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script)

    const plain = await get('/assets/index-Ab12Cd34.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    expect(plain.body).toBe(script)
  })

  it('lets browsers keep hashed assets for a year and revalidate the pages', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      expect((await get('/assets/index-Ab12Cd34.js', encoding)).headers['cache-control']).toBe(IMMUTABLE)
      const index = await get('/', encoding)
      expect(index.headers['cache-control']).toBe('no-cache')
      expect(index.headers['content-type']).toMatch(/text\/html/)
    }
    const route = await get('/booking/some-client-route', 'br')
    expect(route.statusCode).toBe(200)
    expect(route.headers['cache-control']).toBe('no-cache')
    expect(route.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(route.rawPayload).toString()).toBe(page)
    const lead = await get('/lead', 'gzip')
    expect(lead.headers['cache-control']).toBe('no-cache')
    expect(gunzipSync(lead.rawPayload).toString()).toContain('lead')
  })
})

describe('API answers', () => {
  it('are compressed above the threshold, by what the client accepts', async () => {
    const br = await get('/api/services/public', 'br')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    const json = brotliDecompressSync(br.rawPayload).toString()
    expect(json.length).toBeGreaterThan(COMPRESS_THRESHOLD)
    expect(JSON.parse(json).length).toBeGreaterThan(0)
    const gz = await get('/api/services/public', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(json)
    const plain = await get('/api/services/public')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(json)
  })

  it('are sent as they are below the threshold', async () => {
    const url = `/api/public-clinics`
    const plain = await get(url)
    expect(plain.statusCode).toBe(200)
    expect(plain.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD)
    const small = await get(url, 'br, gzip')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body).toBe(plain.body)
    expect(small.json()[0]).toMatchObject({ id: DEMO.clinicLondon })
    const missing = await get('/api/nothing-here', 'br, gzip')
    expect(missing.headers['content-encoding']).toBeUndefined()
    expect(missing.json()).toMatchObject({ statusCode: 404 })
  })

  it("does not send Vite's build manifest (the server reads it)", async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' })
    expect(reply.body).not.toContain('secret-module')
  })

  it('leaves the sandbox card page readable', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/sandbox/tokenize' })
    const br = await t.app.inject({ method: 'GET', url: '/sandbox/tokenize', headers: { 'accept-encoding': 'br' } })
    expect(plain.statusCode).toBe(200)
    expect(plain.body).toContain('<form')
    expect(br.statusCode).toBe(200)
    const body = br.headers['content-encoding'] === 'br' ? brotliDecompressSync(br.rawPayload).toString() : br.body
    // Each answer has its own CSP nonce.
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""')
    expect(withoutNonce(body)).toBe(withoutNonce(plain.body))
  })
})

describe('fittedBrotliSync', () => {
  const options = { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 } }
  const json = (bytes: number) => JSON.stringify({ items: Array.from({ length: bytes }, (_, i) => `slot-${i % 97}-${(i * 7919) % 1000}`) }).slice(0, bytes)

  const fast = { params: { ...options.params, [constants.BROTLI_PARAM_QUALITY]: FAST_BROTLI_QUALITY } }

  it('gives what the configured window gives, within a byte, for answers of any length', () => {
    // Around the powers of two the window is chosen by, and one larger than the configured window.
    for (const bytes of [1024, 2032, 2033, 2048, 5000, 65_520, 65_521, 300_000]) {
      const text = json(bytes)
      const fitted = fittedBrotliSync(text, options)
      expect({ bytes, text: brotliDecompressSync(fitted).toString() }).toEqual({ bytes, text })
      // The window's size is in the stream's header: a byte more at most, never a worse compression.
      const whole = brotliCompressSync(text, bytes < FAST_BROTLI_BELOW ? fast : options)
      expect({ bytes, extra: fitted.length - whole.length }).toEqual({ bytes, extra: expect.toBeOneOf([0, 1]) })
    }
  })

  it('compresses a small answer with the fast quality and a large one with the configured quality', () => {
    const small = json(FAST_BROTLI_BELOW - 1)
    const large = json(FAST_BROTLI_BELOW)
    expect(fittedBrotliSync(small, options).length - brotliCompressSync(small, fast).length).toBeOneOf([0, 1])
    expect(fittedBrotliSync(large, options).length - brotliCompressSync(large, options).length).toBeOneOf([0, 1])
    expect(brotliCompressSync(small, fast).length).not.toBe(brotliCompressSync(small, options).length)
  })
})
