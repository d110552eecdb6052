// What this machine offers the test and bench scripts: a Chromium binary and a PostgreSQL server.
import { existsSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import net from 'node:net'

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return candidate
  }
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
}

/** The admin URL of a reachable PostgreSQL server, or undefined. */
export async function findPostgres() {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const { hostname, port } = new URL(url)
  const open = await new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 5432) })
    socket.setTimeout(1500)
    socket.once('connect', () => { socket.destroy(); resolve(true) })
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => { socket.destroy(); resolve(false) })
  })
  return open ? url : undefined
}

/**
 * Runs work(url) against a new, empty database on the PostgreSQL server at adminUrl, named
 * `{prefix}_{pid}_{time}`, and drops it afterwards (WITH FORCE: a server the work left running holds
 * connections), whatever the work did. Answers what the work answered.
 */
export async function withThrowawayDatabase(adminUrl, prefix, work) {
  const pg = (await import('pg')).default
  const name = `${prefix}_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    try {
      return await work(url.toString())
    } finally {
      // The test files' databases and their template are named after this one (test-database.ts).
      const made = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${name}\\_%`])
      for (const { datname } of made.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }
  } finally {
    await admin.end()
  }
}
