/**
 * When a held booking's pay link is mailed (and texted) to the customer. A retried or replayed request
 * (the desk's Book pressed again, the CLI run again, an integrator's retry) sends the same link again;
 * the customer hears it once within a short while. Staff who resend it on purpose are heard, and a
 * new link (an earlier payment closed) is news.
 */

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
