/** Sending one text message. Adapters: Twilio (twilio-sms.adapter.ts), and a log-only one for development. */
import type * as E from 'fp-ts/Either'

export interface SmsMessage {
  /** the outbox row's id: what a log names the text by (never its number or body) */
  id: string
  /** E.164, e.g. +447700900123 */
  to: string
  body: string
  /** what the text is about (booked, reminder...): the only thing a log may say about it besides its id */
  kind: string
}

export type SmsFailure = { _tag: 'SmsRejected'; message: string; code?: string }

export interface SmsPort {
  send(message: SmsMessage): Promise<E.Either<SmsFailure, { providerId: string }>>
}
