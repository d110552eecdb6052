/**
 * startFailureMessage(error, config): the one line server/main.ts prints when the server cannot start
 * (a bad or missing setting, database down or unknown, wrong credentials, unusable data directory),
 * instead of a stack dump.
 * Never echoes a password of DATABASE_URL.
 */
import { ConfigError, type ServerConfig } from './config'

interface ErrorLike {
  message?: unknown
  code?: unknown
  cause?: unknown
  address?: unknown
  port?: unknown
  hostname?: unknown
  path?: unknown
}

/** The error and its causes, outermost first. */
function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = []
  let current: unknown = error
  while (current && typeof current === 'object' && out.length < 10) {
    out.push(current as ErrorLike)
    current = (current as ErrorLike).cause
  }
  return out
}

function databaseServer(databaseUrl: string): { where: string; name: string } {
  try {
    const url = new URL(databaseUrl)
    return { where: `${url.hostname || 'localhost'}:${url.port || '5432'}`, name: decodeURIComponent(url.pathname.replace(/^\//, '')) }
  } catch {
    return { where: 'DATABASE_URL', name: '' }
  }
}

const firstLine = (text: string) => text.split('\n')[0].trim()

const prefix = 'The server could not start:'

/** The line for a configuration that cannot run (its message already names the variable). */
export function configFailureMessage(error: unknown): string {
  if (error instanceof ConfigError) return `${prefix} ${error.message}`
  return `${prefix} ${firstLine(error instanceof Error ? error.message : String(error))}`
}

export function startFailureMessage(error: unknown, config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): string {
  if (error instanceof ConfigError) return configFailureMessage(error)
  const errors = chain(error)
  const code = (c: string) => errors.find((e) => e.code === c)
  if (config.databaseUrl) {
    const { where, name } = databaseServer(config.databaseUrl)
    const fix = 'Start the PostgreSQL server, or correct DATABASE_URL (unset it to use the embedded database).'
    if (code('ECONNREFUSED')) return `${prefix} the database server at ${where} refused the connection. ${fix}`
    if (code('ENOTFOUND') || code('EAI_AGAIN')) return `${prefix} the database host of ${where} was not found. Correct DATABASE_URL.`
    if (code('ETIMEDOUT') || code('EHOSTUNREACH') || code('ENETUNREACH')) return `${prefix} the database server at ${where} did not answer. ${fix}`
    if (code('3D000')) return `${prefix} the database "${name}" does not exist on ${where}. Create it (createdb ${name}) or correct DATABASE_URL.`
    if (code('28P01') || code('28000')) return `${prefix} the database server at ${where} refused the user or password of DATABASE_URL.`
  } else {
    const denied = code('EACCES') ?? code('EPERM') ?? code('EROFS')
    if (denied) return `${prefix} the data directory ${config.dataDir} cannot be written (${String(denied.code)}). Set DATA_DIR to a writable directory.`
  }
  const message = errors.map((e) => (typeof e.message === 'string' ? e.message : '')).find((m) => m.trim() !== '') ?? String(error)
  let text = firstLine(message)
  if (config.databaseUrl) {
    // A driver message may quote the connection string.
    text = text.split(config.databaseUrl).join('DATABASE_URL')
    try {
      const { password } = new URL(config.databaseUrl)
      if (password) text = text.split(decodeURIComponent(password)).join('***')
    } catch {
      // not a URL: nothing more to hide
    }
  }
  return `${prefix} ${text}`
}

/**
 * The line for a listen that failed: a port in use names its variable (PORT, or METRICS_PORT for the
 * metrics listener, which binds as the app gets ready) and another port to try.
 */
export function listenFailureMessage(error: unknown, config: Pick<ServerConfig, 'port' | 'metricsPort'>): string {
  const inUse = chain(error).find((e) => e.code === 'EADDRINUSE')
  if (!inUse) return `${prefix} ${firstLine(error instanceof Error ? error.message : String(error))}`
  const port = typeof inUse.port === 'number' ? inUse.port : config.port
  const variable = config.metricsPort !== undefined && port === config.metricsPort && port !== config.port ? 'METRICS_PORT' : 'PORT'
  return `Port ${port} is already in use. Stop what uses it, or start on another port: ${variable}=${port + 1} npm start`
}
