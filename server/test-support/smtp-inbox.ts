/**
 * A real SMTP server (smtp-server) on 127.0.0.1 for tests: keeps every delivery, as sent (envelope
 * and raw message) and parsed (mailparser). stop() then start() listens again on the same port, to
 * play an outage of the mail server; what was received stays.
 */
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface Delivery {
  from: string
  to: string[]
  /** The message as sent: headers and body. */
  data: string
}

export class SmtpInbox {
  readonly deliveries: Delivery[] = []
  readonly mails: ParsedMail[] = []
  port = 0
  /** Recipients refused at RCPT TO with a 550 that quotes the address, as real servers do. */
  readonly refused = new Set<string>()
  private server: SMTPServer | undefined

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  /** Listens (on a free port the first time, on the same one afterwards). */
  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo: (address, _session, callback) => {
        if (!this.refused.has(address.address)) return callback()
        callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }))
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks)
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
          this.deliveries.push({ from, to: session.envelope.rcptTo.map((r) => r.address), data: raw.toString() })
          simpleParser(raw)
            .then((mail) => this.mails.push(mail))
            .then(() => callback(), callback)
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve))
    this.port = (server.server.address() as { port: number }).port
    this.server = server
    return this
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** A started inbox. */
export const startSmtpInbox = (): Promise<SmtpInbox> => new SmtpInbox().start()
