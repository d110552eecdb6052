import { describe, expect, it } from 'vitest'
import { cssEscape } from './ui.setup'

describe('CSS.escape polyfill of the ui test setup', () => {
  it('serialises identifiers as the CSSOM algorithm does', () => {
    expect(cssEscape('react-aria-1')).toBe('react-aria-1')
    expect(cssEscape(':r1:')).toBe('\\:r1\\:')
    expect(cssEscape('1a')).toBe('\\31 a')
    expect(cssEscape('-1a')).toBe('-\\31 a')
    expect(cssEscape('-')).toBe('\\-')
    expect(cssEscape('a b.c#d')).toBe('a\\ b\\.c\\#d')
    expect(cssEscape('\0x')).toBe('\uFFFDx')
    expect(cssEscape('\x7F')).toBe('\\7f ')
    expect(cssEscape('é_')).toBe('é_')
  })

  it('is installed as CSS.escape and usable in a selector', () => {
    expect((globalThis as unknown as { CSS: { escape: (s: string) => string } }).CSS.escape('a:b')).toBe('a\\:b')
  })
})
