/**
 * A TCP proxy to the test PostgreSQL server that a test can take down and bring back: the database
 * "goes away" for the servers connected through it (connections cut, new ones refused) as in a
 * restart or failover, without touching the PostgreSQL server other tests share.
 */
import { connect, createServer, type Server, type Socket } from 'node:net'

export interface TcpProxy {
  port: number
  /** Cuts every connection and refuses new ones. */
  down(): Promise<void>
  /** Accepts connections again (on the same port). */
  up(): Promise<void>
  close(): Promise<void>
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(target)
        track(client)
        track(upstream)
        client.pipe(upstream)
        upstream.pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      s.once('error', reject)
      s.listen(port, '127.0.0.1', () => {
        server = s
        resolve((s.address() as { port: number }).port)
      })
    })
  const port = await listen(0)
  const down = async () => {
    const s = server
    server = undefined
    const closed = s ? new Promise<void>((r) => s.close(() => r())) : Promise.resolve()
    for (const socket of sockets) socket.destroy()
    await closed
  }
  return {
    port,
    down,
    async up() {
      if (!server) await listen(port)
    },
    close: down,
  }
}
