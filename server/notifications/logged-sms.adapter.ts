/** Texts in development and tests without Twilio credentials (kept apart from the Twilio SDK's adapter, which loads on first use). */
import * as E from 'fp-ts/Either'
import type { SmsMessage, SmsPort } from './sms.port'

/** Development without credentials: says that a text would go (its outbox id) and why, never its number or body. */
export class LoggedSms implements SmsPort {
  constructor(private readonly log: { info(obj: object, msg: string): void }) {}

  async send(message: SmsMessage) {
    this.log.info({ smsId: message.id, kind: message.kind }, 'SMS not sent (no Twilio credentials): logged only')
    return E.right({ providerId: 'logged' })
  }
}
