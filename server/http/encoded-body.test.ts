import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chooseEncoding, EncodedBody } from './encoded-body'

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours a refusal (q=0)', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br')
    expect(chooseEncoding('gzip')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip')
    expect(chooseEncoding('*')).toBe('br')
    expect(chooseEncoding('identity')).toBeUndefined()
    expect(chooseEncoding('br;q=0,gzip;q=0')).toBeUndefined()
    expect(chooseEncoding(undefined)).toBeUndefined()
  })
})

describe('EncodedBody', () => {
  it('keeps one compressed form per encoding, each decoding to the text', () => {
    const json = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `service ${i % 7}` })))
    const body = new EncodedBody(json)
    expect(body.compressible).toBe(true)
    const br = body.compressed('br')
    expect(body.compressed('br')).toBe(br)
    expect(brotliDecompressSync(br).toString()).toBe(json)
    expect(gunzipSync(body.compressed('gzip')).toString()).toBe(json)
    expect(new EncodedBody('[]').compressible).toBe(false)
  })
})
