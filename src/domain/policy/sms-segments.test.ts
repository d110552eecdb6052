import { describe, expect, it } from 'vitest'
import { fewestSegments, smsSegments } from './sms-segments'

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
