// The set-up that the screenshot scripts (scripts/screens.mjs, scripts/staff-screens.mjs) share: the web
// build when it is out of date, a demo server of their own on a free port (in-memory database), and
// headless Chromium that resolves a production-like host name to it (no staging or cookie banners).
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { chromium } from 'playwright-core'
import { buildWebSync, webBuildState } from './web-build.mjs'

/** A production-like host name, resolved to this machine by Chromium. */
export const SCREENS_HOST = 'book.harley-aesthetics.test'

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })

async function waitFor(url, child) {
  // Up to five minutes: a first start seeds the demo tenant, slow on a busy machine.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`no answer from ${url}`)
}

/**
 * Starts the demo server and the browser; once the demo organisation answers, resolves to `base` (the
 * browser's address), `apiBase` (the server's own, for fetch from node), `browser`, and `close()`.
 */
export async function startScreensDemo(root) {
  if (webBuildState(root).stale && !buildWebSync(root)) throw new Error('vite build failed')
  const port = await freePort()
  const base = `http://${SCREENS_HOST}:${port}`
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: 'memory://', LOG_LEVEL: 'warn', NODE_ENV: 'development', RATE_LIMIT_MAX: '1000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${SCREENS_HOST} 127.0.0.1`],
  })
  const close = async () => {
    await browser.close()
    server.kill('SIGTERM')
  }
  try {
    await waitFor(`http://127.0.0.1:${port}/api/public/organisations`, server)
  } catch (e) {
    await close()
    throw e
  }
  return { base, apiBase: `http://127.0.0.1:${port}`, browser, close }
}
