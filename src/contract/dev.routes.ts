import * as t from 'io-ts'
import { route } from './route'
import { entity, errors, IsoDateTime, queryOf, StringFromQuery } from './codecs'

/** One message of the mail outbox (verification links, reset links, confirmations). */
export const MailboxMessage = entity('MailboxMessage', {
  id: t.string,
  to: t.string,
  subject: t.string,
  text: t.string,
  createdAt: IsoDateTime,
}, { html: t.string })
export type MailboxMessage = t.TypeOf<typeof MailboxMessage>

/** GET /dev/mailbox[?to=]: newest first; only when not in production (404 there). */
export const getDevMailbox = route({
  method: 'GET',
  path: '/dev/mailbox',
  access: 'public',
  summary: 'The development mailbox',
  description: 'The mails sent by this server (verification and reset links). Only in development and test; 404 in production.',
  query: queryOf({}, { to: StringFromQuery }),
  responses: { 200: t.array(MailboxMessage), ...errors(404) },
})
