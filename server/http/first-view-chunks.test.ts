import { describe, expect, it } from 'vitest'
import { afterFirstPaint, chunksOf } from './first-view-page'

// A build's manifest in miniature: the page imports a view model and react-aria, both import mobx.
const MANIFEST = {
  'src/page.tsx': { file: 'assets/page.js', imports: ['_vm.js', '_aria.js'] },
  '_vm.js': { file: 'assets/vm.js', imports: ['_mobx.js'] },
  '_aria.js': { file: 'assets/aria.js', imports: ['_mobx.js', '_react.js'] },
  '_mobx.js': { file: 'assets/mobx.js' },
  '_react.js': { file: 'assets/react.js' },
}

describe('the chunks the boot script runs one a task', () => {
  it('lists each chunk once, after every chunk it imports, so that running one runs its own modules only', () => {
    expect(chunksOf(MANIFEST, ['src/page.tsx'])).toEqual(['/assets/mobx.js', '/assets/vm.js', '/assets/react.js', '/assets/aria.js', '/assets/page.js'])
    expect(chunksOf(MANIFEST, ['_vm.js', 'src/page.tsx'])).toEqual(['/assets/mobx.js', '/assets/vm.js', '/assets/react.js', '/assets/aria.js', '/assets/page.js'])
    expect(chunksOf(MANIFEST, ['src/unknown.tsx'])).toEqual([])
  })

  it("hands the boot script the page's chunks that the entry's preloads do not hold already", () => {
    const html = [
      '<head><script type="module" crossorigin src="/assets/index.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react.js">',
      '<link rel="modulepreload" crossorigin href="/assets/mobx.js"></head>',
    ].join('\n')
    const page = afterFirstPaint(html, '/boot.js', chunksOf(MANIFEST, ['src/page.tsx']))
    expect(page).toContain('<script src="/boot.js" data-first-view-entry="/assets/index.js" data-first-view-preload="/assets/react.js /assets/mobx.js" data-first-view-page="/assets/vm.js /assets/aria.js /assets/page.js"></script>')
    expect(page).not.toContain('modulepreload')
    // No page chunks: the attribute is left out (the location list, a step).
    expect(afterFirstPaint(html, '/boot.js')).not.toContain('data-first-view-page')
  })
})
