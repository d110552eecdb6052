/**
 * The HTTP side of a third party's mock (Stripe, Square) that tests point the official SDK at: a
 * server on a free port of 127.0.0.1 that hands each request, its body read, to the mock's handler.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export abstract class MockHttpServer {
  private server?: Server

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.receive(req, res))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    this.server = server
    return this
  }

  async stop(): Promise<void> {
    const server = this.server
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  }

  /** Answers one request; `text` is its body, `url` its address resolved against the mock's origin. */
  protected abstract handle(req: IncomingMessage, res: ServerResponse, text: string, url: URL): Promise<void> | void

  private async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    await this.handle(req, res, Buffer.concat(chunks).toString('utf8'), new URL(req.url ?? '/', 'http://127.0.0.1'))
  }
}
