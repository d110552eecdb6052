/**
 * When a held booking's pay link is mailed (and texted) to the customer. A retried or replayed request
 * (the desk's Book pressed again, the CLI run again, an integrator's retry) sends the same link again;
 * the customer hears it once within a short while. Staff who resend it on purpose are heard, and a
 * new link (an earlier payment closed) is news.
 */
import { sms, smsName, smsText } from '../policy/sms-segments'
import { formatLondonDateTime } from '../time'

/** A pay link sent within this long is not sent again for the same booking unless staff resend it. */
export const PAY_LINK_QUIET_MS = 10 * 60_000

export interface PayLinkSent {
  readonly payUrl: string
  readonly sentAt: Date
}

export interface PayLinkSend {
  readonly payUrl: string
  readonly now: Date
  /** staff asked for it again on purpose */
  readonly resend: boolean
}

export function payLinkMessageDue(last: PayLinkSent | undefined, next: PayLinkSend): boolean {
  if (!last || next.resend) return true
  if (last.payUrl !== next.payUrl) return true
  return next.now.getTime() - last.sentAt.getTime() >= PAY_LINK_QUIET_MS
}

export interface PayLinkText {
  /** the organisation's name: who the text is from */
  readonly organisation: string
  /** the deposit, formatted in the organisation's currency */
  readonly amount: string
  /** the (first) appointment's start, when the link is for one */
  readonly start?: Date
  readonly link: string
}

/**
 * The pay link's text message: one SMS segment where a wording allows (smsText), the fullest that
 * does; the link and who it is from always whole. The time as the spec writes it ('dd/MM/yyyy HH:mm', London).
 */
export function payLinkText({ organisation, amount, start, link }: PayLinkText): string {
  const at = start ? formatLondonDateTime(start) : undefined
  const on = at ? ` on ${at}` : ''
  const of = at ? ` for ${at}` : ''
  return smsText([
    sms`${smsName(organisation)}: pay the ${amount} deposit within 24 hours to confirm your appointment${on}: ${link}`,
    sms`${smsName(organisation)}: pay the ${amount} deposit${of} within 24 hours to confirm it: ${link}`,
    sms`${smsName(organisation)}: pay the ${amount} deposit${of} to confirm it: ${link}`,
    sms`${smsName(organisation)}: pay the ${amount} deposit to confirm: ${link}`,
    sms`${smsName(organisation)}: pay your deposit: ${link}`,
  ])
}
