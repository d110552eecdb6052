/**
 * The sandbox card page takes the app's accent (?accent=%23rrggbb) so the payment frame looks like
 * part of the app, brand colour included. Other processors' pages are left as they are.
 */
export function paymentFrameUrl(url: string, accent: string): string {
  const colour = accent.trim()
  if (!url.startsWith('/sandbox/') || !/^#[0-9a-f]{6}$/i.test(colour)) return url
  return `${url}${url.includes('?') ? '&' : '?'}accent=${encodeURIComponent(colour)}`
}

/** The --accent token as the page has it now (tokens.css, or the organisation's brand colour). */
export function currentAccent(): string {
  return typeof document === 'undefined' ? '' : getComputedStyle(document.documentElement).getPropertyValue('--accent')
}
