/**
 * How many SMS segments a text takes, as carriers count them: one of 160 characters of the GSM 03.38
 * alphabet (its extension characters such as € and [ take two), or, when a character is outside it
 * (a curly quote, an emoji), one of 70 UTF-16 units; a longer text goes as parts of 153 (or 67), each
 * billed and, on some phones, shown apart. Customer texts keep to one where their wording can.
 */

const GSM_BASIC = new Set([..."@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"])
const GSM_EXTENDED = new Set([...'^{}\\[~]|€\f'])

export const ONE_SEGMENT = { gsm: 160, unicode: 70 } as const

/** The segments `text` is sent as (0 for an empty text). */
export function smsSegments(text: string): number {
  const chars = [...text]
  if (chars.length === 0) return 0
  if (chars.every((c) => GSM_BASIC.has(c) || GSM_EXTENDED.has(c))) {
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
 * segment). Twilio's smart encoding makes the same swaps; letters with no GSM twin (ł, ő) stay.
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
 * What a text message sends, of its wordings (fullest first): each with its look-alikes made GSM, the
 * first that goes in one segment, else the one in fewest. Every text the product sends is chosen here.
 */
export function smsText([fullest, ...shorter]: readonly [string, ...string[]]): string {
  return fewestSegments([gsmLookalikes(fullest), ...shorter.map(gsmLookalikes)])
}
