/** Drains the outbox's SMS rows through the SmsPort, with the same claim, backoff and give-up as mail. */
import * as E from 'fp-ts/Either'
import type { Db } from '../db/schema'
import { claimDue, markFailed, markSent } from './outbox.repository'
import { withoutRecipient } from './mail.service'
import type { SmsPort } from './sms.port'

export async function drainSms(db: Db, sms: SmsPort, clock: () => Date, log: { error(obj: object, msg: string): void }): Promise<number> {
  let sent = 0
  for (;;) {
    const rows = await claimDue(db, 'sms', clock())
    for (const row of rows) {
      // subject holds the notice kind for texts
      const result = await sms.send({ id: row.id, to: row.to_address, body: row.text, kind: row.subject })
      if (E.isRight(result)) {
        await markSent(db, row.id, clock())
        sent++
      } else {
        // Twilio's refusal quotes the number ('The 'To' number +44… is not valid'): kept and logged without it.
        const error = { ...result.left, message: withoutRecipient(result.left.message, row.to_address) }
        const givenUp = await markFailed(db, row, error.message, clock())
        log.error({ smsId: row.id, tenant: row.tenant_id, kind: row.subject, attempts: row.attempts, givenUp, error }, 'SMS not sent')
      }
    }
    if (rows.length < 10) return sent
  }
}
