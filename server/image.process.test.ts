/**
 * The production image's contents (scripts/build-image.mjs, the Dockerfile's steps): the server bundle
 * and the built web app, with production packages only, start without vite, tsx or esbuild: migrate,
 * then /api/health answers 200 and / the web app, on PGlite and on PostgreSQL when one runs.
 * Slow (over 30 s; up to minutes on a busy machine): two real server starts from a new folder, each on a
 * new database, and `vite build` first when dist/web is older than the UI sources. The packages are
 * linked from this checkout (--link-deps: the versions of package-lock.json without the registry);
 * `node scripts/build-image.mjs` installs them with `npm ci --omit=dev` as the Dockerfile does.
 */
// pg-suite: children without the database: build-image gets PATH and HOME only, and finds the same
// PostgreSQL (127.0.0.1:5432) in the PGlite run, so `npm run test:pg` would run it again for nothing.
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '..')

describe('the image folder', () => {
  it('starts from production packages alone and answers /api/health and the web app', async () => {
    const child = spawn(process.execPath, ['scripts/build-image.mjs', '--link-deps'], { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((done) => child.on('exit', done))
    expect(output).toMatch(/check on PGlite\n[\s\S]*\/api\/health 200 after [\d.]+ s; \/ is the web app/)
    expect(output).toContain('The image folder starts on production packages alone.')
    expect(code, output).toBe(0)
  }, 600_000)
})
