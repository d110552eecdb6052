import { describe, expect, it } from 'vitest'
import { safeImageSrc } from './image-source'

describe('safeImageSrc', () => {
  it.each([
    ['/logo.png', '/logo.png'],
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['http://cdn.example.com/a.png', 'http://cdn.example.com/a.png'],
    ['images/a.png', 'images/a.png'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
  ])('keeps %s', (src, kept) => expect(safeImageSrc(src)).toBe(kept))

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    '',
    undefined,
  ])('drops %j', (src) => expect(safeImageSrc(src)).toBeUndefined())
})
