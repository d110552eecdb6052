// A rendered page's stylesheets and boot script put inside it (issue 28: no request after the page's
// before its first paint), and the policy's script-src for that script.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { inlineForFirstPaint, scriptHash, withScriptSources } from './first-paint-inlining'

const BOOT_JS = ';(() => { document.documentElement.dataset.booted = document.currentScript.getAttribute("data-x") })()\n'

/** A build's files: the boot script and stylesheets by path under the web directory. */
function webDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'first-paint-'))
  mkdirSync(join(dir, 'assets'))
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text)
  return dir
}

const PAGE = [
  '<head><script src="/boot.js" data-x="1"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/a.css">',
  '<link rel="stylesheet" crossorigin href="/assets/b.css">',
  '</head><body><div id="root"><p>hi</p></div></body>',
].join('\n')

describe("a rendered page's first paint, with no request after the page's", () => {
  it('holds each stylesheet where its link was, the link kept disabled, and the boot script with its attributes', async () => {
    const dir = webDir({ 'boot.js': BOOT_JS, 'assets/a.css': '.a{color:red}', 'assets/b.css': '.b{color:blue}' })
    const { html, scriptSources } = await inlineForFirstPaint(PAGE, dir, ['/boot.js'])
    expect(html).toBe(
      [
        `<head><script data-x="1">${BOOT_JS}</script>`,
        '<style>.a{color:red}</style><link rel="stylesheet" crossorigin href="/assets/a.css" disabled>',
        '<style>.b{color:blue}</style><link rel="stylesheet" crossorigin href="/assets/b.css" disabled>',
        '</head><body><div id="root"><p>hi</p></div></body>',
      ].join('\n'),
    )
    expect(scriptSources).toEqual([`'sha256-${createHash('sha256').update(BOOT_JS).digest('base64')}'`])
  })

  it('holds several scripts, each in its place with its own hash, in the order given', async () => {
    const shared = ';(() => { window.shared = true })()\n'
    const page = PAGE.replace('<script src="/boot.js"', '<script src="/shared.js"></script><script src="/boot.js"')
    const dir = webDir({ 'boot.js': BOOT_JS, 'shared.js': shared })
    const { html, scriptSources } = await inlineForFirstPaint(page, dir, ['/shared.js', '/boot.js'])
    expect(html).toContain(`<head><script>${shared}</script><script data-x="1">${BOOT_JS}</script>`)
    expect(scriptSources).toEqual([scriptHash(shared), scriptHash(BOOT_JS)])
    // One that cannot be inlined keeps its tag; the others are inlined all the same.
    const missing = await inlineForFirstPaint(page, webDir({ 'boot.js': BOOT_JS }), ['/shared.js', '/boot.js'])
    expect(missing.html).toContain(`<head><script src="/shared.js"></script><script data-x="1">${BOOT_JS}</script>`)
    expect(missing.scriptSources).toEqual([scriptHash(BOOT_JS)])
  })

  it('keeps the link of what cannot be inlined as it is: a missing file, text that would end its element', async () => {
    const dir = webDir({ 'boot.js': 'document.write("</script>")', 'assets/a.css': '.a{content:"</style>"}' })
    const { html, scriptSources } = await inlineForFirstPaint(PAGE, dir, ['/boot.js'])
    expect(html).toBe(PAGE)
    expect(scriptSources).toEqual([])
    expect((await inlineForFirstPaint(PAGE, webDir({}), ['/boot.js'])).html).toBe(PAGE)
  })

  it("leaves a page without the boot script's tag as it is, but for its stylesheets", async () => {
    const dir = webDir({ 'boot.js': BOOT_JS, 'assets/a.css': '.a{}', 'assets/b.css': '.b{}' })
    const { html, scriptSources } = await inlineForFirstPaint(PAGE, dir, ['/other-boot.js'])
    expect(html).toContain('<script src="/boot.js" data-x="1"></script>')
    expect(html).toContain('<style>.a{}</style>')
    expect(scriptSources).toEqual([])
  })
})

describe("the policy's script-src for a page's inline scripts", () => {
  const hash = scriptHash('x')
  it.each([
    ["default-src 'self';script-src 'self' https://t.example;style-src 'self'", `default-src 'self';script-src 'self' https://t.example ${hash};style-src 'self'`],
    ["default-src 'self';style-src 'self'", `default-src 'self';style-src 'self';script-src 'self' ${hash}`],
    ['', `script-src ${hash}`],
  ])('%j -> %j', (csp, expected) => {
    expect(withScriptSources(csp, [hash])).toBe(expected)
  })

  it('is unchanged without inline scripts', () => {
    expect(withScriptSources("script-src 'self'", [])).toBe("script-src 'self'")
  })
})
