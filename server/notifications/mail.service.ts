/**
 * Mail through the outbox table. `enqueueMail` writes a row (inside the caller's transaction when
 * given one); the sender drains unsent rows (FOR UPDATE SKIP LOCKED, safe with several instances):
 * with SMTP_URL through nodemailer, otherwise they stay for /api/dev/mailbox. A failed send is tried
 * again with exponential backoff for a day, then kept with its error (docs/notifications.md). The log gets the
 * outbox id, the tenant and the outcome only: never a body (reset and verification links), a subject (it
 * names the treatment: health information) or the recipient's address (personal data); the id finds the row.
 */
import type { Transporter } from 'nodemailer'
import { newId } from '../db/ids'
import type { DbOrTrx, Db, MailAttachment } from '../db/schema'
import { claimDue, markFailed, markSent } from './outbox.repository'
import { isErasedAddress } from '../privacy/erased-address'

export interface OutgoingMail {
  tenant: string
  to: string
  subject: string
  text: string
  html?: string
  attachments?: MailAttachment[]
}

export async function enqueueMail(db: DbOrTrx, mail: OutgoingMail): Promise<string> {
  const id = newId()
  // An erased customer's account (issue 30): nothing is sent to it, whatever asks (a form sent by staff, a notice).
  if (isErasedAddress(mail.to)) return id
  await db
    .insertInto('outbox')
    .values({
      id,
      tenant_id: mail.tenant,
      to_address: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments: JSON.stringify(mail.attachments ?? []),
    })
    .execute()
  return id
}

function errorSummary(error: unknown, recipient: string): { message: string; code?: string } {
  const e = error as { message?: unknown; code?: unknown; responseCode?: unknown }
  const code = typeof e?.code === 'string' ? e.code : typeof e?.responseCode === 'number' ? String(e.responseCode) : undefined
  return { message: withoutRecipient(typeof e?.message === 'string' ? e.message : String(error), recipient), ...(code ? { code } : {}) }
}

/** A refusal's text often quotes the address ('550 <jane@…>: no such user'): kept (and logged) without it. */
export function withoutRecipient(message: string, recipient: string): string {
  return recipient ? message.split(recipient).join('<recipient>') : message
}

export interface MailLog {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** The mail API other modules use: enqueue (optionally in a transaction), then the sender is kicked. */
export interface MailApi {
  enqueueMail(mail: OutgoingMail, trx?: DbOrTrx): Promise<string>
  /** Sends what is pending now, after the work handed to later() (tests await it). */
  flush(): Promise<number>
  /**
   * Mail work that must not hold up (or time) the answer: it starts after the reply is on its way.
   * Failures are logged. The forgot-password answer takes as long for an unknown address as a known one.
   */
  later(job: () => Promise<void>): void
  /** Resolves once every job handed to later() has finished (before the database closes). */
  settled(): Promise<void>
}

export class MailSender implements MailApi {
  /** nodemailer (~15 MB) is imported with the first mail to send, not at start. */
  private transport: Promise<Transporter> | undefined
  private running: Promise<number> | undefined
  private readonly preparing = new Set<Promise<void>>()
  /** The work beside the mail under way (startBeside). */
  private readonly besides = new Set<Promise<void>>()
  /** close() has begun: flush() starts no drain any more (the last one takes what is pending). */
  private closing = false

  constructor(
    private readonly db: Db,
    private readonly options: {
      smtpUrl?: string
      from: string
      log: MailLog
      /** the app's clock: retries are timed by it (tests move it) */
      clock?: () => Date
      /** run before each drain: turns pending notices into outbox rows */
      prepare?: () => Promise<void>
      /**
       * run beside each drain's sending, once prepare is done, and awaited by flush() but not by the
       * next drain: work that may wait on other servers (webhook deliveries, up to 5 s each) and must not
       * hold up the mail. `mailed`: it put mail in the outbox, which is then sent at once.
       */
      alongside?: () => Promise<{ mailed: boolean }>
    },
  ) {
  }

  private transportOf(): Promise<Transporter> | undefined {
    const smtpUrl = this.options.smtpUrl
    if (!smtpUrl) return undefined
    return (this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)).catch((error: unknown) => {
      this.transport = undefined
      throw error
    }))
  }

  async enqueueMail(mail: OutgoingMail, trx?: DbOrTrx): Promise<string> {
    const id = await enqueueMail(trx ?? this.db, mail)
    // Outside a transaction the row is visible at once: send it soon (after the caller's commit otherwise).
    setImmediate(() => void this.flush().catch(() => undefined))
    return id
  }

  later(job: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(job)
      .catch((err) => this.options.log.error({ err }, 'mail preparation failed'))
      .finally(() => this.preparing.delete(done))
    this.preparing.add(done)
  }

  async settled(): Promise<void> {
    while (this.preparing.size > 0) await Promise.all([...this.preparing])
  }

  async flush(): Promise<number> {
    // Closing: the final drain (close()) sends what this call would; the database is about to close.
    if (this.closing) return 0
    await this.settled()
    // One drain at a time per process; a drain started during another one runs after it.
    const sent = await this.chained(() => this.drain())
    // The work beside the mail (webhook deliveries), this drain's and any still going: done when this resolves.
    while (this.besides.size > 0) await Promise.all([...this.besides])
    return sent
  }

  private chained(run: () => Promise<number>): Promise<number> {
    const previous = this.running ?? Promise.resolve(0)
    const next = previous.catch(() => 0).then(run)
    this.running = next
    return next
  }

  private async drain(): Promise<number> {
    // Notices (booked, rescheduled, reminders...) become outbox rows first.
    await this.options.prepare?.()
    this.startBeside()
    return this.sendDue()
  }

  /**
   * The work beside the mail starts once the notices are rows, and is not waited on by the mail chain:
   * a receiver slow to answer (a webhook waits up to 5 s) delays no mail, not even the next drain's.
   * Drains beside may overlap: they claim their rows as the instances of a cluster do.
   */
  private startBeside(): void {
    const alongside = this.options.alongside
    if (!alongside) return
    const run: Promise<void> = alongside()
      .then(async ({ mailed }) => {
        if (mailed) await this.chained(() => this.sendDue())
      })
      .catch((err: unknown) => this.options.log.error({ err }, 'work beside the mail drain failed'))
      .finally(() => this.besides.delete(run))
    this.besides.add(run)
  }

  private async sendDue(): Promise<number> {
    let sent = 0
    for (;;) {
      // Claim a batch in a short statement, send outside any transaction (PGlite's single connection
      // stays free), then mark each row: sent, or failed with a backoff (see server/notifications).
      const now = this.now()
      const rows = await claimDue(this.db, 'email', now)
      for (const row of rows) {
        try {
          const transport = this.transportOf()
          if (transport) {
            await (await transport).sendMail({
              from: this.options.from,
              to: row.to_address,
              subject: row.subject,
              text: row.text,
              ...(row.html ? { html: row.html } : {}),
              attachments: row.attachments.map((a) => ({
                filename: a.filename,
                content: a.content,
                contentType: a.contentType,
                ...(a.encoding ? { encoding: a.encoding } : {}),
              })),
            })
            this.options.log.info({ mailId: row.id, tenant: row.tenant_id }, 'mail sent')
          } else {
            this.options.log.info({ mailId: row.id, tenant: row.tenant_id }, 'mail not sent (no SMTP_URL): kept for /api/dev/mailbox')
          }
          await markSent(this.db, row.id, this.now())
          sent++
        } catch (error) {
          // The error's message and code only: a transport error object may carry the message it failed on.
          const summary = errorSummary(error, row.to_address)
          const givenUp = await markFailed(this.db, row, summary.message, this.now())
          this.options.log.error(
            { mailId: row.id, tenant: row.tenant_id, attempts: row.attempts, givenUp, error: summary },
            givenUp ? 'mail given up after a day of retries' : 'mail not sent (will retry)',
          )
        }
      }
      if (rows.length < 10) return sent
    }
  }

  private now(): Date {
    return this.options.clock?.() ?? new Date()
  }

  /**
   * The server stops (after its requests were answered): the mail work they left (later() jobs, the
   * drains their commits started) finishes, one last drain sends what is pending, then the transport
   * closes. The database must stay open until this resolves; what could not be sent stays in the outbox.
   */
  async close(): Promise<void> {
    try {
      await this.settled()
      const last = this.flush()
      this.closing = true
      await last.catch((err: unknown) => this.options.log.error({ err }, 'mail flush failed'))
    } finally {
      await this.transport?.then(
        (transport) => transport.close(),
        () => undefined,
      )
    }
  }
}
