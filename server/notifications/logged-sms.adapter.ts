/** Texts in development and tests without Twilio credentials (kept apart from the Twilio SDK's adapter, which loads on first use). */
import * as E from 'fp-ts/Either'
import type { SmsMessage, SmsPort } from './sms.port'

/** Development without credentials: says that a text would go, to whom and why, never its body. */
export class LoggedSms implements SmsPort {
  constructor(private readonly log: { info(obj: object, msg: string): void }) {}

  async send(message: SmsMessage) {
    this.log.info({ to: message.to, kind: message.kind }, 'SMS not sent (no Twilio credentials): logged only')
    return E.right({ providerId: 'logged' })
  }
}
