/**
 * server/main.ts as an operator starts it (a real child process of the bundle `npm start` and the image
 * run: server-bundle.ts): a bad or missing setting stops the start with one line naming the variable;
 * production starts without the demo tenant, without printing credentials and without the dev mailbox.
 */
// pg-suite: children without the database: each server gets PATH, HOME and the test's settings only
// (DATA_DIR memory:// or a folder), the same in the PGlite run.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { serverBundle } from './test-support/server-bundle'

const root = resolve(import.meta.dirname, '..')
const children: ChildProcess[] = []
let script = ''
beforeAll(async () => {
  script = await serverBundle()
})
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

interface Started {
  child: ChildProcess
  /** resolves with the output so far once `until` matches it, or with everything at exit */
  output(until?: RegExp): Promise<string>
  exit: Promise<number | null>
}

function start(env: Record<string, string>): Started {
  // Only what the test names: the developer's own settings (a NODE_ENV, a PORT) must not leak in.
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SKIP_WEB_BUILD: '1', DATA_DIR: 'memory://' }
  const child = spawn(process.execPath, [script], { cwd: root, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let text = ''
  const waiters: { until: RegExp; done: (s: string) => void }[] = []
  const take = (chunk: Buffer) => {
    text += chunk.toString()
    for (const w of waiters.splice(0)) {
      if (w.until.test(text)) w.done(text)
      else waiters.push(w)
    }
  }
  child.stdout!.on('data', take)
  child.stderr!.on('data', take)
  const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
  void exit.then(() => {
    for (const w of waiters.splice(0)) w.done(text)
  })
  return {
    child,
    exit,
    output: (until) =>
      new Promise((done) => {
        if (!until) return void exit.then(() => done(text))
        if (until.test(text) || child.exitCode !== null) return done(text)
        waiters.push({ until, done })
      }),
  }
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  await new Promise((r) => server.close(r))
  return port
}

describe('server/main.ts configuration at start', () => {
  it('PORT=abc: exit 1 with one line naming PORT', async () => {
    const run = start({ PORT: 'abc' })
    const [code, output] = await Promise.all([run.exit, run.output()])
    expect(code).toBe(1)
    expect(output.trim().split('\n')).toEqual(["The server could not start: PORT must be a whole number from 0 to 65535 (got 'abc')."])
  }, 60_000)

  it('NODE_ENV=production without its settings: exit 1 with one line naming them', async () => {
    const run = start({ NODE_ENV: 'production' })
    const [code, output] = await Promise.all([run.exit, run.output()])
    expect(code).toBe(1)
    const lines = output.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^The server could not start: PUBLIC_URL is required in production.*; also check JWT_SECRET, SMTP_URL, CARD_PROCESSOR\.$/)
  }, 60_000)

  it('CARD_PROCESSOR=stripe without STRIPE_SECRET_KEY: refused with one line before the database is opened', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'clinic-config-'))
    const dataDir = join(parent, 'data')
    try {
      // PGlite would create DATA_DIR (and spend seconds on initdb, migrations and the seed) when opened.
      const run = start({ CARD_PROCESSOR: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_secret_value', DATA_DIR: dataDir })
      const [code, output] = await Promise.all([run.exit, run.output()])
      expect(code).toBe(1)
      expect(output.trim().split('\n')).toEqual(['The server could not start: STRIPE_SECRET_KEY is required when CARD_PROCESSOR=stripe.'])
      expect(existsSync(dataDir)).toBe(false)
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  }, 60_000)

  it('production: no demo tenant, no credentials printed, no dev mailbox; health answers', async () => {
    const port = await freePort()
    const run = start({
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://clinic.example.com',
      JWT_SECRET: 'a-production-secret-of-32-chars!!',
      SMTP_URL: 'smtp://127.0.0.1:1',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
    })
    // Production writes JSON lines only: the start line is one of them, with the public address.
    const output = await run.output(/"msg":"Clinic Online Booking is running".*\n/)
    const startLine = JSON.parse(output.split('\n').find((line) => line.includes('"msg":"Clinic Online Booking is running"')) ?? '{}')
    expect(startLine).toMatchObject({ publicUrl: 'https://clinic.example.com', port })
    expect(output).not.toMatch(/demo@example\.com|Demo1234|mailbox/)
    const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`)
    expect((await get('/api/health')).status).toBe(200)
    const ready = await get('/api/ready')
    expect(ready.status).toBe(200)
    const organisation = await get('/api/public/organisations')
    expect(organisation.status).toBe(404)
    expect(await organisation.json()).toEqual({ statusCode: 404, message: "Unknown organisation 'demo'." })
    expect((await get('/api/dev/mailbox')).status).toBe(404)
    expect(run.child.exitCode).toBeNull()
  }, 120_000)
})
