import 'reflect-metadata'
import { afterAll } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// The ui project shares a module graph and a document per worker (vite.config.ts): after each file,
// nothing it rendered, wrote into the page or stored reaches the next (a file's leftover input took
// user.tab()'s focus in a later file). The view-models project, in node, has no window.
afterAll(() => {
  if (typeof window === 'undefined') return
  cleanup()
  document.body.innerHTML = ''
  window.localStorage.clear()
  window.sessionStorage.clear()
})

// Pages under test reach their view model's server (nock) through real HTTP; on a loaded machine one
// answer can take over testing-library's default second. Waiting longer for what must appear hides
// nothing: what never appears still fails.
configure({ asyncUtilTimeout: 5000 })

/**
 * jsdom has no CSS.escape, which react-aria calls (for example to find a collection item by id).
 * The polyfill follows the CSSOM "serialize an identifier" algorithm.
 */
export function cssEscape(value: string): string {
  const string = String(value)
  const length = string.length
  const first = string.length > 0 ? string.charCodeAt(0) : -1
  let result = ''
  for (let index = 0; index < length; index++) {
    const code = string.charCodeAt(index)
    if (code === 0x0000) {
      result += '\uFFFD'
    } else if (
      (code >= 0x0001 && code <= 0x001f) ||
      code === 0x007f ||
      (index === 0 && code >= 0x0030 && code <= 0x0039) ||
      (index === 1 && code >= 0x0030 && code <= 0x0039 && first === 0x002d)
    ) {
      result += `\\${code.toString(16)} `
    } else if (index === 0 && length === 1 && code === 0x002d) {
      result += `\\${string.charAt(index)}`
    } else if (
      code >= 0x0080 ||
      code === 0x002d ||
      code === 0x005f ||
      (code >= 0x0030 && code <= 0x0039) ||
      (code >= 0x0041 && code <= 0x005a) ||
      (code >= 0x0061 && code <= 0x007a)
    ) {
      result += string.charAt(index)
    } else {
      result += `\\${string.charAt(index)}`
    }
  }
  return result
}

const globalCss = (globalThis as { CSS?: Partial<typeof CSS> }).CSS
if (!globalCss) {
  Object.defineProperty(globalThis, 'CSS', { value: { escape: cssEscape }, configurable: true, writable: true })
} else if (typeof globalCss.escape !== 'function') {
  globalCss.escape = cssEscape
}
