import { describe, expect, it } from 'vitest'
import { fewestSegments, gsmLookalikes, smsSegments, smsText } from './sms-segments'

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
    // ł keeps the text Unicode: 70 a segment, so only the short wording fits.
    ['a shorter wording for a name with a real non-GSM letter', ['Paweł’s Studio: ' + 'a'.repeat(60), 'Paweł’s Studio: short'], "Paweł's Studio: short"],
    ['the fewest parts when none fits one', ['a'.repeat(400), 'a'.repeat(300)], 'a'.repeat(300)],
  ])('sends %s', (_, wordings, sent) => {
    expect(smsText(wordings as [string, ...string[]])).toBe(sent)
  })
})
