/**
 * Whether a customer is texted a notice, and at which number: every customer text follows one rule
 * (booking notices, pay links, waitlist offers). Texts go only where the customer chose them
 * (notificationTypes holds 'SMS'), their mobile number is a valid one, and texts are on at all
 * (Twilio configured, or the log outside production).
 */
import { normalisePhone } from '../validation/phone'

export interface TextConsent {
  notificationTypes: readonly string[] | null | undefined
  mobile: string | null | undefined
  /** whether texts are written at all (no SMS port: production without Twilio) */
  textsOn: boolean
}

/** The number to text (E.164), or undefined when the customer is not to be texted. */
export function customerTextTo({ notificationTypes, mobile, textsOn }: TextConsent): string | undefined {
  if (!textsOn || !(notificationTypes ?? []).includes('SMS')) return undefined
  return normalisePhone(mobile, { defaultCountry: 'GB' })
}
