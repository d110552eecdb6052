/**
 * Issue 31: a server whose event loop is late with many API requests begun refuses new ones at once with
 * 503 and Retry-After (server/http/event-loop-lag.ts), answers every other one, keeps answering
 * /api/health, and serves again once the burst is over. The server is the bundle `npm start` runs, on
 * PGlite (its WASM on the server's own loop): a burst of database reads makes the loop late for real.
 * The bound is set to 1 ms (MAX_EVENT_LOOP_LAG_MS, docs/operations.md) so that such a burst is "late"
 * on any machine, however fast; the default (1,000 ms) is the same rule at a greater lag.
 * The burst goes out on sockets opened beforehand, every request written in one go: sent with fetch, each
 * on a connection of its own opened as it goes, a client slowed by a loaded machine let them arrive a few
 * at a time, which the server rightly served (failed that way in a whole unit run).
 */
import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { BUSY_RETRY_AFTER, DATABASE_UNAVAILABLE } from '../app'
import { initdbSnapshotPath } from '../test-support/initdb-snapshot'
import { serverBundle } from '../test-support/server-bundle'
import { startServer, type ServerProcess } from '../test-support/server-process'
import { DEMO_CUSTOMER } from '../seed/demo.seed'

let server: ServerProcess | undefined
afterAll(async () => {
  await server?.kill()
})

describe('shedding by the event loop', () => {
  // ~10 s on a quiet machine, most of it the server's start (a new in-memory database's migrations and seed).
  it('a burst of reads on a late loop: 200 or 503 with Retry-After, /api/health 200, then all served again', async () => {
    server = await startServer({ DATA_DIR: 'memory://', MAX_EVENT_LOOP_LAG_MS: '1', PGLITE_INITDB_SNAPSHOT: initdbSnapshotPath() }, await serverBundle())
    await server.running
    const base = server.base
    const login = await server.request('POST', '/api/login?from=customer', DEMO_CUSTOMER)
    expect(login.status).toBe(200)
    const auth = { authorization: `Bearer ${(login.body as { token: string }).token}` }
    const answered: Answer[] = []
    const get = async (path: string) => {
      const socket = await openSocket(server!.base)
      return send(socket, path, auth.authorization).then((a) => (answered.push(a), a))
    }
    // Two waves of 200 reads, the second with 10 health checks, each written at once on sockets already
    // open, the second as soon as the first's first answer is back (the server busy with the first). The
    // first makes the loop late: read in one turn, on a fast quiet machine all of it was admitted before
    // the loop's timer could say it was late (the lag is measured between its ticks), and nothing was
    // shed (failed so in a fresh-clone CI). The second is read in the turns after the late tick: the loop
    // late with many begun.
    const wave = (health: number) => [...Array.from({ length: 200 }, () => '/api/user/me'), ...Array.from({ length: health }, () => '/api/health')]
    const paths = [...wave(0), ...wave(10)]
    const sockets = await Promise.all(paths.map(() => openSocket(base)))
    const sendAll = (from: number, to: number) =>
      paths.slice(from, to).map((path, i) => send(sockets[from + i]!, path, auth.authorization).then((a) => (answered.push(a), a)))
    const first = sendAll(0, 200)
    await Promise.race(first)
    const burst = await Promise.all([...first, ...sendAll(200, paths.length)])
    const shed = burst.filter((a) => a.status === 503)
    for (const a of burst) if (a.path === '/api/health' || a.status !== 503) expect(a.status, JSON.stringify(a)).toBe(200)
    expect(shed.length).toBeGreaterThan(0)
    for (const a of shed) expect(a).toMatchObject({ path: '/api/user/me', retryAfter: BUSY_RETRY_AFTER, body: { statusCode: 503, message: DATABASE_UNAVAILABLE } })
    // Health answered while the server shed: after the first 503 came back.
    expect(answered.slice(answered.indexOf(shed[0]!)).some((a) => a.path === '/api/health'), JSON.stringify(answered.map((a) => `${a.path} ${a.status}`))).toBe(true)
    // The burst over: one client at a time is served, whatever the loop's lag (fewer than 8 begun).
    for (let i = 0; i < 10; i++) expect((await get('/api/user/me')).status).toBe(200)
  }, 120_000) // over 30 s on a loaded machine: 55-78 s at load 17-25 (the server's start, and a bundle build when stale, most of it)
})

interface Answer {
  path: string
  status: number
  retryAfter: string | null
  body: unknown
}

async function openSocket(base: string): Promise<Socket> {
  const url = new URL(base)
  const socket = connect(Number(url.port), url.hostname)
  await once(socket, 'connect')
  return socket
}

/** One GET on an open socket (Connection: close), its answer read whole: status, Retry-After and the JSON body. */
function send(socket: Socket, path: string, authorization: string): Promise<Answer> {
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  const answer = once(socket, 'end').then(() => {
    const raw = Buffer.concat(chunks).toString('utf8')
    const split = raw.indexOf('\r\n\r\n')
    const [statusLine, ...headerLines] = raw.slice(0, split).split('\r\n')
    const headers = new Map(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
    let body = raw.slice(split + 4)
    if (headers.get('transfer-encoding') === 'chunked') body = dechunk(body)
    return { path, status: Number(statusLine!.split(' ')[1]), retryAfter: headers.get('retry-after') ?? null, body: JSON.parse(body) as unknown }
  })
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\nConnection: close\r\n\r\n`)
  return answer
}

function dechunk(text: string): string {
  let out = ''
  for (let at = 0; ; ) {
    const eol = text.indexOf('\r\n', at)
    const size = parseInt(text.slice(at, eol), 16)
    if (!size) return out
    out += text.slice(eol + 2, eol + 2 + size)
    at = eol + 2 + size + 2
  }
}
