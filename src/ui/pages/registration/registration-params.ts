/**
 * The registration-like screen (spec section 2): query 'form' is a base64-encoded query string whose
 * key 'bc' is the page's background colour; 'setup' is read as given. The screen shows no content.
 */
export interface RegistrationParams {
  background?: string
  setup?: string
  /** every key of the decoded 'form' query string */
  form: Record<string, string>
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const FUNCTIONAL = /^(rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/+-]+\)$/i
const NAMED = /^[a-z]{3,20}$/i

/** A CSS colour from the query, or undefined when it is not a plain colour (nothing else reaches the style). */
export function cssColour(value: string | null | undefined): string | undefined {
  const v = (value ?? '').trim()
  if (v === '') return undefined
  if (HEX.test(v)) return v.startsWith('#') ? v : `#${v}`
  if (FUNCTIONAL.test(v) || NAMED.test(v)) return v
  return undefined
}

/** Base64 (standard or URL-safe, padding optional) to text, or undefined. */
export function decodeBase64(value: string): string | undefined {
  try {
    const normal = value.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/ /g, '+')
    const padded = normal + '='.repeat((4 - (normal.length % 4)) % 4)
    const binary = atob(padded)
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
  } catch {
    return undefined
  }
}

export function parseRegistrationParams(search: string): RegistrationParams {
  const query = new URLSearchParams(search)
  const encoded = query.get('form')
  const decoded = encoded ? decodeBase64(encoded) : undefined
  const form = Object.fromEntries(new URLSearchParams(decoded?.replace(/^\?/, '') ?? ''))
  const background = cssColour(form.bc)
  const setup = query.get('setup') ?? undefined
  return { form, ...(background ? { background } : {}), ...(setup !== undefined ? { setup } : {}) }
}
