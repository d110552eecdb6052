/**
 * The source an Image widget may show: an http(s) address (absolute or relative to the app) or an
 * inline data:image. Anything else (javascript:, vbscript:, file:, a data: page) is dropped: the form
 * definition is stored data, and a page never trusts stored markup or addresses.
 */
export function safeImageSrc(src: string | undefined): string | undefined {
  if (!src) return undefined
  // Browsers ignore tabs, newlines and leading control characters in a URL ('java\tscript:' runs).
  const cleaned = src.replace(/[\u0000-\u0020\u007f]/g, '')
  if (cleaned === '') return undefined
  let url: URL
  try {
    url = new URL(cleaned, 'https://app.invalid/')
  } catch {
    return undefined
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return src.trim()
  if (url.protocol === 'data:' && /^data:image\/[a-z0-9.+-]+[;,]/i.test(cleaned)) return cleaned
  return undefined
}
