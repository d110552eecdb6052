/**
 * A JSON answer encoded once and sent many times (cached catalogue answers): the text, and its
 * brotli and gzip forms made on first demand and kept with it, so a phone's `Accept-Encoding: br`
 * costs no compression per request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { COMPRESS_THRESHOLD } from './web-delivery.plugin'

export type BodyEncoding = 'br' | 'gzip'

export class EncodedBody {
  private readonly forms = new Map<BodyEncoding, Buffer>()

  constructor(readonly json: string) {}

  /** The body in `encoding` (kept after the first call). */
  compressed(encoding: BodyEncoding): Buffer {
    let form = this.forms.get(encoding)
    if (!form) {
      const text = Buffer.from(this.json)
      // Made once per catalogue version: a higher quality than per-request compression affords.
      form =
        encoding === 'br'
          ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } })
          : gzipSync(text, { level: 9 })
      this.forms.set(encoding, form)
    }
    return form
  }

  /** Whether a body of this size is worth compressing (the threshold of API answers). */
  get compressible(): boolean {
    return this.json.length >= COMPRESS_THRESHOLD
  }
}

/** The encoding to send for an Accept-Encoding header: br, else gzip, unless refused with q=0; undefined for none. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): BodyEncoding | undefined {
  if (acceptEncoding === undefined) return undefined
  const accepted = new Map<string, number>()
  for (const part of String(acceptEncoding).toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean)
    accepted.set(name.trim(), q ? Number(q[1]) : 1)
  }
  const wants = (encoding: BodyEncoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0
  if (wants('br')) return 'br'
  if (wants('gzip')) return 'gzip'
  return undefined
}
