/**
 * The control socket of a server on a PGlite data directory: a Unix socket in DATA_DIR, like
 * PostgreSQL's own. The data directory belongs to that one server (server/db/data-dir-lock.ts), so a
 * staff script (logout-customer.ts) cannot open the database to publish; it asks the server through
 * this socket instead. Only the owner of the data directory can connect (mode 0600).
 * Protocol: one JSON line `{ "tenant", "customerId" }` in, one line `ok` (or `error <text>`) out.
 */
import { chmodSync, rmSync } from 'node:fs'
import { createConnection, createServer, type Server } from 'node:net'
import { join } from 'node:path'

export const CONTROL_SOCKET = 'live-events.sock'

/** Longest path a Unix socket may have (sun_path of Linux, less the terminating zero). */
const MAX_SOCKET_PATH = 107

export function controlSocketPath(dataDir: string): string {
  return join(dataDir, CONTROL_SOCKET)
}

export interface ControlRequest {
  tenant: string
  customerId: string
}

/** Listens on DATA_DIR/live-events.sock; `logout` publishes. Returns the close function, or undefined when the path is too long. */
export async function listenControlSocket(dataDir: string, logout: (request: ControlRequest) => Promise<void>): Promise<(() => Promise<void>) | undefined> {
  const path = controlSocketPath(dataDir)
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) return undefined
  // A socket file left by a server that died: the data-directory lock says it is ours now.
  rmSync(path, { force: true })
  const server: Server = createServer((socket) => {
    let input = ''
    socket.setEncoding('utf8')
    socket.on('error', () => undefined)
    socket.on('data', (chunk: string) => {
      input += chunk
      const end = input.indexOf('\n')
      if (end < 0) {
        if (input.length > 4096) socket.destroy()
        return
      }
      let request: ControlRequest
      try {
        request = JSON.parse(input.slice(0, end)) as ControlRequest
        if (typeof request.tenant !== 'string' || typeof request.customerId !== 'string') throw new Error('tenant and customerId are required')
      } catch (error) {
        socket.end(`error ${(error as Error).message}\n`)
        return
      }
      logout(request).then(
        () => socket.end('ok\n'),
        (error: unknown) => socket.end(`error ${(error as Error).message}\n`),
      )
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => {
      server.off('error', reject)
      resolve()
    })
  })
  chmodSync(path, 0o600)
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    rmSync(path, { force: true })
  }
}

/**
 * Asks the server on `dataDir` to publish; false when no server runs there (no socket file, or
 * nobody listening: then nobody is signed in live either).
 */
export function requestLogout(dataDir: string, request: ControlRequest): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`))
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false)
      else reject(error)
    })
    socket.on('end', () => {
      const line = answer.trim()
      if (line === 'ok') resolve(true)
      else reject(new Error(line.replace(/^error /, '') || 'no answer from the server'))
    })
  })
}
