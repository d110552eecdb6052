/**
 * A real HTTP receiver of webhooks for tests (a node http server on a random port): it verifies each
 * delivery's Clinic-Signature with the endpoint's secret, the way docs/integrations.md tells an
 * integrator to, and answers the statuses it is told to (200 once the list runs out).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  event: { id: string; type: string; createdAt: string; tenant: string; data: Record<string, any> }
  body: string
  headers: Record<string, string | string[] | undefined>
  /** the signature matched the secret */
  verified: boolean
  answered: number
}

/** Stripe-style check: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function verifySignature(secret: string, header: string | undefined, body: string): boolean {
  if (!header) return false
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]))
  if (!parts.t || !parts.v1) return false
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest()
  const given = Buffer.from(parts.v1, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export interface WebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  /** the secret to check signatures with (set once the endpoint is created) */
  secret: string
  /** statuses to answer next, in order */
  answers: number[]
  close(): Promise<void>
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = { url: '', received: [], secret: '', answers: [], close: async () => undefined }
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const header = request.headers['clinic-signature']
      const verified = verifySignature(receiver.secret, typeof header === 'string' ? header : undefined, body)
      // A receiver refuses what it cannot verify.
      const answered = verified ? (receiver.answers.shift() ?? 200) : 400
      receiver.received.push({ event: JSON.parse(body), body, headers: request.headers, verified, answered })
      response.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'ok' : 'no')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return receiver
}
