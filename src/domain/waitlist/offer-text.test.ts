import { describe, expect, it } from 'vitest'
import { smsSegments } from '../policy/sms-segments'
import { waitlistOfferText } from './offer-text'

const start = new Date('2026-12-15T10:00:00Z')
const heldUntil = new Date('2026-12-14T18:30:00Z')
// offerLink: the public origin, /waitlist/offer/ and 24 random bytes in base64url (32 characters)
const token = 'Qm9va2luZ1Rva2VuT2YzMkNoYXJhY3Rl'
const shortLink = `https://book.clinic.test/waitlist/offer/${token}`
const longLink = `https://book.harley-aesthetics.example.com/waitlist/offer/${token}`

describe('waitlistOfferText', () => {
  it.each([
    ['the day and both times for a short name', 'Glow', shortLink, `Glow: a time you are waiting for is free, Tue 15 Dec at 10:00. Held until 18:30: ${shortLink}`],
    ['shorter words for a longer name', 'Harley Aesthetics', shortLink, `Harley Aesthetics waitlist: Tue 15 Dec at 10:00 is free, held for you until 18:30: ${shortLink}`],
    ['shorter words for a longer link', 'Glow', longLink, `Glow waitlist: Tue 15 Dec at 10:00 is free, held for you until 18:30: ${longLink}`],
    ['no time held for a longer name and link', 'Harley Aesthetics', longLink, `Harley Aesthetics waitlist: Tue 15 Dec at 10:00 is free: ${longLink}`],
    ['no date for a long name and link', 'The Harley Street Aesthetics Clinic', longLink, `The Harley Street Aesthetics Clinic waitlist: a time is free: ${longLink}`],
    ['GSM twins for the look-alikes in a name', 'Anna’s Beauty – Soho', shortLink, `Anna's Beauty - Soho waitlist: Tue 15 Dec at 10:00 is free, held for you until 18:30: ${shortLink}`],
    // ł read as l keeps the text GSM (160, not 70 a segment): one segment, not two Unicode parts.
    ['an accented letter read as GSM', 'Gabinet Paweł', shortLink, `Gabinet Pawel waitlist: Tue 15 Dec at 10:00 is free, held for you until 18:30: ${shortLink}`],
  ])('keeps to one segment: %s', (_, organisation, link, text) => {
    const sent = waitlistOfferText({ organisation, start, heldUntil, link })
    expect(sent).toBe(text)
    expect(smsSegments(sent)).toBe(1)
  })

  it.each([
    // When no wording fits one segment, each takes as many parts: the fullest goes.
    ['the fullest wording when every one takes two parts', 'The Harley Street Aesthetics and Wellbeing Clinic of London', longLink, `The Harley Street Aesthetics and Wellbeing Clinic of London: a time you are waiting for is free, Tuesday 15 December 2026 at 10:00. Held for you until 18:30: ${longLink}`],
    // Cyrillic has no GSM reading: the name stays whole, Unicode (70 a segment, 67 a part), in the wording with fewest parts.
    ['a name in another script, kept', 'Клиника Анна', shortLink, `Клиника Анна waitlist: Tue 15 Dec at 10:00 is free: ${shortLink}`],
  ])('always sends the name and the whole link, in two parts: %s', (_, organisation, link, text) => {
    const sent = waitlistOfferText({ organisation, start, heldUntil, link })
    expect(sent).toBe(text)
    expect(smsSegments(sent)).toBe(2)
  })

  it('reads the London clock (summer time)', () => {
    const sent = waitlistOfferText({ organisation: 'Glow', start: new Date('2026-07-01T09:00:00Z'), heldUntil: new Date('2026-06-30T17:00:00Z'), link: shortLink })
    expect(sent).toBe(`Glow: a time you are waiting for is free, Wed 1 Jul at 10:00. Held until 18:00: ${shortLink}`)
  })
})
