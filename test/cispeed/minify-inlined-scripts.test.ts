import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { INLINED_SCRIPTS, minifyScript } from '../../scripts/lib/minify-inlined-scripts.mjs'

const source = (name: string) => readFileSync(new URL(`../../public/${name}`, import.meta.url), 'utf8')

describe('the scripts the server inlines in its pages, minified by the build', () => {
  it.each(INLINED_SCRIPTS)('%s: under half its size, no comment left', (name) => {
    const code = minifyScript(name, source(name))
    expect(code.length).toBeLessThan(source(name).length / 2)
    expect(code).not.toMatch(/\/\/ |\/\*/)
  })

  it('keeps what the page relies on: the shared afterFirstContentfulPaint calls back after the first frame where no paint timing exists', () => {
    const window: Record<string, unknown> = {}
    const frames: Array<() => void> = []
    const tasks: Array<() => void> = []
    runInNewContext(minifyScript('after-first-contentful-paint.js', source('after-first-contentful-paint.js')), {
      window,
      PerformanceObserver: { supportedEntryTypes: [] },
      requestAnimationFrame: (f: () => void) => frames.push(f),
      setTimeout: (f: () => void) => tasks.push(f),
    })
    const calls: string[] = []
    ;(window.afterFirstContentfulPaint as (then: () => void) => void)(() => calls.push('then'))
    frames.forEach((f) => f())
    tasks.forEach((f) => f())
    expect(calls).toEqual(['then'])
  })

  it('refuses a script it cannot parse (a broken build, not a silent copy)', () => {
    expect(() => minifyScript('broken.js', ';(() => {')).toThrow('broken.js could not be minified')
  })
})
