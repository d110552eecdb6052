// The real server (`node --import tsx server/main.ts`) as a child process on a free port, for the
// benches that measure it from outside (catalogue, cli).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

async function waitUntilUp(url, child, timeoutMs = 180_000) {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/api/public/organisations`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s`)
}

/**
 * Starts the server with these variables (and `profile(port)`'s, for those that name the port) and
 * resolves once it answers. `stop()` sends SIGTERM and resolves when it has exited.
 */
export async function startServer(env, profile = () => ({})) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SWEEP_INTERVAL_MS: '0', ...env, ...profile(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  await waitUntilUp(url, child)
  return {
    url,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** What the production profile requires (server/config.ts productionProblems); nothing is mailed or paid in a bench. */
const productionEnv = (port) => ({
  NODE_ENV: 'production',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  SMTP_URL: 'smtp://127.0.0.1:9',
  ALLOW_SANDBOX_PAYMENTS: 'true',
})

/**
 * The production server on this database (`DATA_DIR` or `DATABASE_URL` in `database`), after a
 * development start has migrated it and seeded the demo tenant: production never seeds demo data.
 */
export async function startSeededProductionServer(database, env = {}) {
  const seeding = await startServer({ ...database, ...env, NODE_ENV: 'development', SEED_DEMO: 'true' })
  await seeding.stop()
  return startServer({ ...database, ...env }, productionEnv)
}

/** CPU ms (user + system) a process has used, from /proc on Linux; undefined elsewhere. */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // utime + stime in ticks of 1/100 s
  } catch {
    return undefined
  }
}

/**
 * `npm start` (scripts/start.mjs: the server bundle and dist/web, the demo tenant in memory) on a free
 * port, in its own process group so that it stops whole; resolves once the API and the page answer.
 */
export async function startNpmStart() {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'memory://', SKIP_WEB_BUILD: '1', SWEEP_INTERVAL_MS: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`)
    if (Date.now() - started > 180_000) throw new Error('npm start did not answer within 180 s')
    try {
      if ((await fetch(`${url}/api/public/organisations`)).ok && (await fetch(`${url}/`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return { url, stop: () => { try { process.kill(-child.pid, 'SIGTERM') } catch { /* already gone */ } } }
}
