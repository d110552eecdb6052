import { describe, expect, it } from 'vitest'
import { fewestSegments, gsmLookalikes, gsmReadable, sms, SMS_SEGMENT_CAP, smsName, smsSegments, smsText } from './sms-segments'

describe('smsSegments', () => {
  it.each([
    ['', 0],
    ['a'.repeat(160), 1],
    ['a'.repeat(161), 2],
    ['£'.repeat(160), 1],
    ['a'.repeat(306), 2],
    ['a'.repeat(307), 3],
    // € and [ are GSM's extension: two septets each.
    ['€'.repeat(80), 1],
    ['€'.repeat(81), 2],
    // One character outside GSM makes the whole text Unicode: 70 a segment, 67 a part.
    ['’' + 'a'.repeat(69), 1],
    ['’' + 'a'.repeat(70), 2],
    ['’' + 'a'.repeat(134), 3],
  ])('%j goes as %i', (text, segments) => {
    expect(smsSegments(text)).toBe(segments)
  })
})

describe('fewestSegments', () => {
  it.each([
    ['the fullest when it fits', ['a'.repeat(150), 'a'.repeat(100)], 'a'.repeat(150)],
    ['a shorter one when the fullest does not', ['a'.repeat(170), 'a'.repeat(140), 'a'.repeat(100)], 'a'.repeat(140)],
    ['the fewest parts when none fits one', ['a'.repeat(400), 'a'.repeat(300), 'a'.repeat(290)], 'a'.repeat(300)],
  ])('picks %s', (_, wordings, picked) => {
    expect(fewestSegments(wordings as [string, ...string[]])).toBe(picked)
  })
})

describe('gsmLookalikes', () => {
  it.each([
    ['a typographic apostrophe', 'Anna’s Beauty', "Anna's Beauty"],
    ['single curly quotes', '‘Glow’ Studio', "'Glow' Studio"],
    ['double curly quotes', '“Glow” Studio', '"Glow" Studio'],
    ['an en dash', 'Nails – Soho', 'Nails - Soho'],
    ['an em dash', 'Nails—Soho', 'Nails-Soho'],
    ['an ellipsis', 'Wait…', 'Wait...'],
    ['a non-breaking space', 'Dr\u00A0Smith', 'Dr Smith'],
    ['a narrow non-breaking space', '10:00\u202FAM', '10:00 AM'],
    ['GSM text, untouched', "Harley Aesthetics: £36.00 {x} é 'a' \"b\" - ...", "Harley Aesthetics: £36.00 {x} é 'a' \"b\" - ..."],
    ['a letter with no GSM twin, kept', 'Gabinet Łódź – Paweł', 'Gabinet Łódź - Paweł'],
    ['an emoji, kept', 'Glow ✨', 'Glow ✨'],
  ])('%s: %j → %j', (_, text, sent) => {
    expect(gsmLookalikes(text)).toBe(sent)
  })

  it('turns a text that only its look-alikes made Unicode back into GSM', () => {
    const text = `Anna’s Beauty – Soho: ${'a'.repeat(120)}`
    expect(smsSegments(text)).toBe(3)
    expect(smsSegments(gsmLookalikes(text))).toBe(1)
  })
})

describe('smsText', () => {
  it.each([
    ['the fullest, its look-alikes made GSM, when that fits one segment', ['Anna’s Beauty: ' + 'a'.repeat(140), 'Anna’s Beauty: short'], "Anna's Beauty: " + 'a'.repeat(140)],
    ['a shorter wording when the fullest does not fit', ['Anna’s Beauty: ' + 'a'.repeat(150), 'Anna’s Beauty: short'], "Anna's Beauty: short"],
    // ł read as l keeps the text GSM (160, not 70): the fullest still fits.
    ['the fullest for a name with an accented letter, read as GSM', ['Paweł’s Studio: ' + 'a'.repeat(60), 'Paweł’s Studio: short'], "Pawel's Studio: " + 'a'.repeat(60)],
    ['the fewest parts when none fits one', ['a'.repeat(400), 'a'.repeat(300)], 'a'.repeat(300)],
  ])('sends %s', (_, wordings, sent) => {
    expect(smsText(wordings as [string, ...string[]])).toBe(sent)
  })
})

describe('gsmReadable', () => {
  it.each([
    ['look-alikes', 'Zoë O’Neill – “Lip filler” …', 'Zoe O\'Neill - "Lip filler" ...'],
    ['accents GSM has, kept', 'Renée Müller, Señora Ångström', 'Renée Müller, Señora Ångström'],
    ['accents GSM lacks, read as their letter', 'Zoë Łódź Paweł Dvořák Şahin', 'Zoe Lodz Pawel Dvorak Sahin'],
    ['an emoji, dropped with its space', 'Glow ✨ Studio 💅🏽', 'Glow Studio '],
    ['a joined emoji, dropped', 'Nails 👩‍⚕️ Soho', 'Nails Soho'],
    ['another script, kept whole', 'Клиника Анна', 'Клиника Анна'],
  ])('%s: %j → %j', (_, text, sent) => {
    expect(gsmReadable(text)).toBe(sent)
  })
})

describe('smsText and the cap', () => {
  const link = 'https://book.clinic.test/pay/txn_1'
  const longName = `The ${'Very '.repeat(80)}Long Clinic`
  it.each([
    ['a name with a non-GSM letter and an emoji, as GSM in one segment', [sms`${smsName('Zoë’s Glow ✨')}: booking confirmed ${smsName('Lip filler – 1 ml')} Tue 15 Dec 10:00.`], 1, "Zoe's Glow: booking confirmed Lip filler - 1 ml Tue 15 Dec 10:00."],
    ['under the cap: the wording with fewest parts, names whole', [sms`${smsName('a'.repeat(200))}: ${link}`], 2, `${'a'.repeat(200)}: ${link}`],
    ['over the cap: the shortest wording, its name cut at a word, the link whole', [sms`${smsName(longName)}: pay the £36.00 deposit: ${link}`, sms`${smsName(longName)}: pay: ${link}`], 2, `The ${'Very '.repeat(50)}Very...: pay: ${link}`],
    ['a cap of one: the longest name cut first', [sms`${smsName('b'.repeat(100))} ${smsName('c'.repeat(60))}: ${link}`], 1, `${'b'.repeat(60)}... ${'c'.repeat(60)}: ${link}`],
  ] as const)('%s', (_, wordings, segments, sent) => {
    const text = smsText(wordings as never, segments === 1 ? 1 : SMS_SEGMENT_CAP)
    expect(text).toBe(sent)
    expect(smsSegments(text)).toBeLessThanOrEqual(segments)
  })

  it('never cuts the link or the fixed words, nor a name below a readable length, even over the cap', () => {
    const longLink = `https://pay.example/${'x'.repeat(400)}`
    const text = smsText([sms`${smsName('Harley Aesthetics')}: pay your deposit: ${longLink}`])
    expect(text).toBe(`Harley...: pay your deposit: ${longLink}`)
  })
})
