/**
 * The waitlist offer's text message (issue 32): who it is from, that a time waited for is free, when,
 * until when it is held, and the link that books or turns it down. One SMS segment where a wording
 * allows (smsText), the fullest that does; the name and the link always whole. Times in London.
 */
import { formatInTimeZone } from 'date-fns-tz'
import { sms, smsName, smsText } from '../policy/sms-segments'
import { LONDON_TIME_ZONE } from '../london'
import { formatLondonTime } from '../time'

export interface WaitlistOfferText {
  /** the organisation's name: who the text is from */
  readonly organisation: string
  /** the (first) offered appointment's start */
  readonly start: Date
  /** when the hold on it lapses */
  readonly heldUntil: Date
  readonly link: string
}

export function waitlistOfferText({ organisation, start, heldUntil, link }: WaitlistOfferText): string {
  const day = formatInTimeZone(start, LONDON_TIME_ZONE, 'EEEE d MMMM yyyy')
  const at = formatLondonTime(start)
  const until = formatLondonTime(heldUntil)
  const shortDay = formatInTimeZone(start, LONDON_TIME_ZONE, 'EEE d MMM')
  return smsText([
    sms`${smsName(organisation)}: a time you are waiting for is free, ${day} at ${at}. Held for you until ${until}: ${link}`,
    sms`${smsName(organisation)}: a time you are waiting for is free, ${shortDay} at ${at}. Held until ${until}: ${link}`,
    sms`${smsName(organisation)} waitlist: ${shortDay} at ${at} is free, held for you until ${until}: ${link}`,
    sms`${smsName(organisation)} waitlist: ${shortDay} at ${at} is free: ${link}`,
    sms`${smsName(organisation)} waitlist: a time is free: ${link}`,
  ])
}
