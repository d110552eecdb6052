// The classic scripts the server puts inside its rendered pages (server/http/first-paint-inlining.ts) are
// minified in the build's output: public/ keeps them readable with their comments, but inside the page
// every byte is fetched before the first paint (issue 28: the bytes before / and /lead can be used). The
// server reads them from dist/web and hashes what it inlines, so the CSP follows the minified text.
import { readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { minifySync } from 'vite'
import { outputDirPlugin } from './output-dir-plugin.mjs'

/** public/ files the server inlines (first-view-page.ts, lead-page.ts). */
export const INLINED_SCRIPTS = ['after-first-contentful-paint.js', 'first-view-boot.js', 'lead-boot.js']

/** The minified text of a classic script; throws when the minifier reports an error (a broken build, not a quiet copy). */
export function minifyScript(name, code) {
  const result = minifySync(name, code, { compress: true, mangle: true })
  if (result.errors?.length) throw new Error(`${name} could not be minified: ${result.errors.map((e) => e.message).join('; ')}`)
  return result.code
}

/** Minifies INLINED_SCRIPTS in `dir` in place. */
export function minifyInlinedScripts(dir) {
  for (const name of INLINED_SCRIPTS) {
    const path = join(dir, name)
    if (existsSync(path)) writeFileSync(path, minifyScript(name, readFileSync(path, 'utf8')))
  }
}

/** The Vite plugin: once the bundle and the public files are written, before the compressed copies are. */
export function minifyInlined() {
  return outputDirPlugin('clinic-minify-inlined-scripts', minifyInlinedScripts, { order: 'pre', sequential: true })
}
