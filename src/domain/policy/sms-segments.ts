/**
 * How many SMS segments a text takes, as carriers count them: one of 160 characters of the GSM 03.38
 * alphabet (its extension characters such as € and [ take two), or, when a character is outside it
 * (a curly quote, an emoji), one of 70 UTF-16 units; a longer text goes as parts of 153 (or 67), each
 * billed and, on some phones, shown apart. Customer texts keep to one where their wording can.
 */

const GSM_BASIC = new Set([..."@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"])
const GSM_EXTENDED = new Set([...'^{}\\[~]|€\f'])

export const ONE_SEGMENT = { gsm: 160, unicode: 70 } as const

/** How carriers send `text`: GSM-7 when every character is in the GSM alphabet, else UCS-2 (Unicode). */
export function smsEncoding(text: string): 'gsm' | 'unicode' {
  return [...text].every((c) => GSM_BASIC.has(c) || GSM_EXTENDED.has(c)) ? 'gsm' : 'unicode'
}

/** The segments `text` is sent as (0 for an empty text). */
export function smsSegments(text: string): number {
  const chars = [...text]
  if (chars.length === 0) return 0
  if (smsEncoding(text) === 'gsm') {
    const septets = chars.reduce((n, c) => n + (GSM_EXTENDED.has(c) ? 2 : 1), 0)
    return septets <= ONE_SEGMENT.gsm ? 1 : Math.ceil(septets / 153)
  }
  const units = text.length
  return units <= ONE_SEGMENT.unicode ? 1 : Math.ceil(units / 67)
}

/** The first wording (fullest first) that goes in one segment; when none does, the one in fewest (the earlier of equals). */
export function fewestSegments(wordings: readonly [string, ...string[]]): string {
  return wordings.reduce((best, w) => (smsSegments(w) < smsSegments(best) ? w : best))
}

/**
 * Typographic look-alikes of GSM characters, as names typed on phones and Macs carry them (an
 * organisation "Anna’s Beauty", "Nails – Soho"): one of them would turn the whole text to UCS-2 (70 a
 * segment). Twilio's smart encoding makes the same swaps; letters (ł, ő) are gsmReadable's.
 */
const GSM_LOOKALIKES: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\u2018\u2019\u201A\u201B\u2032]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033]/g, '"'],
  [/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, '-'],
  [/\u2026/g, '...'],
  [/[\u00A0\u2007\u202F\u2009]/g, ' '],
]

/** `text` with its typographic look-alikes as their GSM characters; everything else as it is. */
export function gsmLookalikes(text: string): string {
  return GSM_LOOKALIKES.reduce((out, [from, to]) => out.replace(from, to), text)
}

/**
 * Letters outside GSM that phones and shop names carry (Zoë, Paweł, Łódź): sent as the GSM letter they
 * are read as, since one would make the whole text Unicode (70 a segment, 2-3 times the cost). The
 * few with no decomposition are listed; the rest lose their accent (NFD), GSM's own accents (é, ü, ñ) stay.
 */
const LETTER_TWINS: Readonly<Record<string, string>> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', œ: 'oe', Œ: 'OE', ŀ: 'l', Ŀ: 'L', þ: 'th', Þ: 'Th', ð: 'd', Ð: 'D' }
/** Emoji and their joiners, selectors and skin tones: no GSM form, and a name reads without them. */
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u200D\uFE0E\uFE0F\u20E3]/gu

const isGsm = (c: string) => GSM_BASIC.has(c) || GSM_EXTENDED.has(c)

function gsmLetter(c: string): string {
  if (isGsm(c)) return c
  if (LETTER_TWINS[c]) return LETTER_TWINS[c]
  const bare = c.normalize('NFD').replace(/\p{M}/gu, '')
  // A letter of another script (Анна, 李) stays: the name whole, as Unicode, over one unreadable.
  return [...bare].every(isGsm) ? bare : c
}

/**
 * `text` as GSM characters where it can be read the same: look-alikes (gsmLookalikes), accented
 * letters, emoji dropped (and the spaces they leave). Letters of other scripts stay.
 */
export function gsmReadable(text: string): string {
  return [...gsmLookalikes(text).replace(EMOJI, '')].map(gsmLetter).join('').replace(/ {2,}/g, ' ')
}

/** A variable part of a wording (an organisation, treatment, clinic or person's name): the cap may shorten it. */
export interface SmsName {
  readonly name: string
}
export const smsName = (text: string): SmsName => ({ name: text })

/** A wording: its fixed words, links and times (always whole) with the names between them. */
export interface SmsWording {
  readonly fixed: readonly string[]
  readonly values: readonly (string | number | SmsName)[]
}

/** sms`${smsName(org)}: booking confirmed ${smsName(service)} ${when}.`: a wording whose smsName(…) parts the cap may shorten. */
export const sms = (fixed: TemplateStringsArray, ...values: (string | number | SmsName)[]): SmsWording => ({ fixed: [...fixed], values })

/** At most this many segments a text: one where a wording allows; never more, names shortened to fit. */
export const SMS_SEGMENT_CAP = 2

/** A name kept to `length` characters: cut at a word where one is near, '...' said it was cut. */
function shortened(text: string, length: number): string {
  const chars = [...text]
  if (chars.length <= length) return text
  const cut = chars.slice(0, length).join('')
  const space = cut.lastIndexOf(' ')
  const word = space >= length * 0.6 ? cut.slice(0, space) : cut
  return `${word.replace(/[\s,.:;-]+$/, '')}...`
}

/** Names shorter than this are not cut: below it, a name no longer says who or what. */
const SHORTEST_NAME = 8

interface Prepared {
  readonly fixed: readonly string[]
  readonly values: readonly (string | { readonly name: string; readonly length: number })[]
}

const prepare = (wording: string | SmsWording): Prepared => {
  if (typeof wording === 'string') return { fixed: [gsmReadable(wording)], values: [] }
  return {
    fixed: wording.fixed.map(gsmReadable),
    values: wording.values.map((v) => {
      if (typeof v !== 'object') return gsmReadable(String(v))
      const readable = gsmReadable(v.name).trim()
      return { name: readable, length: [...readable].length }
    }),
  }
}

const render = ({ fixed, values }: Prepared) =>
  fixed.reduce((out, f, i) => {
    const v = values[i - 1]
    return out + (v === undefined ? '' : typeof v === 'string' ? v : shortened(v.name, v.length)) + f
  })

/** `wording` with its longest names cut, a character at a time, until it goes in `cap` segments (or none can be cut). */
function capped(wording: Prepared, cap: number): string {
  let current = wording
  for (;;) {
    const text = render(current)
    if (smsSegments(text) <= cap) return text
    const names = current.values.flatMap((v, i) => (typeof v === 'object' && v.length > SHORTEST_NAME ? [{ i, length: v.length }] : []))
    if (names.length === 0) return text
    const longest = names.reduce((a, b) => (b.length > a.length ? b : a))
    current = { ...current, values: current.values.map((v, i) => (i === longest.i && typeof v === 'object' ? { ...v, length: v.length - 1 } : v)) }
  }
}

/**
 * What a text message sends, of its wordings (fullest first), every one the product sends chosen here:
 * each made GSM where it reads the same (gsmReadable); the first that goes in one segment, else the
 * one in fewest; and when that is over `cap`, the shortest with its names shortened to fit. Links and fixed words stay whole.
 */
export function smsText(wordings: readonly [string | SmsWording, ...(string | SmsWording)[]], cap: number = SMS_SEGMENT_CAP): string {
  const prepared = wordings.map(prepare)
  const texts = prepared.map(render) as [string, ...string[]]
  const chosen = fewestSegments(texts)
  // Over the cap, the shortest wording (the last) gives its words up before any name is cut.
  return smsSegments(chosen) <= cap ? chosen : capped(prepared[prepared.length - 1]!, cap)
}
