/** Interval algebra: table cases plus fast-check properties (point-wise set semantics, order independence). */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clip, covers, indexContaining, intersect, merge, mergeSorted, normalize, overlaps, subtract } from './interval'
import type { Interval } from './types'

const iv = (start: number, end: number): Interval => ({ start, end })

describe('normalize / merge', () => {
  it.each([
    { input: [], expected: [] },
    { input: [iv(5, 7), iv(1, 3)], expected: [iv(1, 3), iv(5, 7)] },
    { input: [iv(1, 3), iv(3, 5)], expected: [iv(1, 5)] },
    { input: [iv(1, 10), iv(2, 4)], expected: [iv(1, 10)] },
    { input: [iv(4, 4), iv(6, 2), iv(1, 2)], expected: [iv(1, 2)] },
  ])('$input -> $expected', ({ input, expected }) => {
    expect(normalize(input)).toEqual(expected)
    expect(merge(input)).toEqual(expected)
  })
  it('mergeSorted skips empty intervals', () => {
    expect(mergeSorted([iv(1, 1), iv(1, 2), iv(2, 3)])).toEqual([iv(1, 3)])
  })
})

describe('subtract', () => {
  it.each([
    { a: [iv(0, 10)], b: [], expected: [iv(0, 10)] },
    { a: [iv(0, 10)], b: [iv(2, 4)], expected: [iv(0, 2), iv(4, 10)] },
    { a: [iv(0, 10)], b: [iv(0, 10)], expected: [] },
    { a: [iv(0, 10)], b: [iv(-5, 3), iv(8, 20)], expected: [iv(3, 8)] },
    { a: [iv(0, 4), iv(6, 10)], b: [iv(3, 7)], expected: [iv(0, 3), iv(7, 10)] },
    { a: [iv(0, 4), iv(6, 10)], b: [iv(1, 2), iv(11, 12)], expected: [iv(0, 1), iv(2, 4), iv(6, 10)] },
  ])('$a - $b', ({ a, b, expected }) => {
    expect(subtract(a, b)).toEqual(expected)
  })
})

describe('intersect, clip, lookups', () => {
  it('intersects two normalised lists', () => {
    expect(intersect([iv(0, 5), iv(8, 12)], [iv(3, 9), iv(11, 20)])).toEqual([iv(3, 5), iv(8, 9), iv(11, 12)])
  })
  it('clips to a window', () => {
    expect(clip([iv(0, 5), iv(8, 12), iv(20, 30)], iv(3, 10))).toEqual([iv(3, 5), iv(8, 10)])
  })
  it('finds the containing interval', () => {
    const list = [iv(0, 5), iv(8, 12), iv(20, 30)]
    expect(indexContaining(list, 0)).toBe(0)
    expect(indexContaining(list, 5)).toBe(-1)
    expect(indexContaining(list, 11)).toBe(1)
    expect(indexContaining(list, 29)).toBe(2)
    expect(indexContaining(list, -1)).toBe(-1)
    expect(covers(list, 8, 12)).toBe(true)
    expect(covers(list, 8, 13)).toBe(false)
    expect(covers(list, 6, 7)).toBe(false)
  })
  it('overlaps is half-open', () => {
    expect(overlaps(iv(0, 5), iv(5, 6))).toBe(false)
    expect(overlaps(iv(0, 5), iv(4, 6))).toBe(true)
  })
})

const arbIntervals = fc.array(
  fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 40 })).map(([s, l]) => iv(s, s + l)),
  { maxLength: 12 },
)
const pointsOf = (list: readonly Interval[], t: number): boolean => list.some((i) => i.start <= t && t < i.end)

describe('properties', () => {
  it('subtract keeps exactly the points of a not in b', () => {
    fc.assert(
      fc.property(arbIntervals, arbIntervals, (a, b) => {
        const out = subtract(normalize(a), normalize(b))
        for (let t = 0; t <= 240; t++) expect(pointsOf(out, t)).toBe(pointsOf(a, t) && !pointsOf(b, t))
        for (let k = 1; k < out.length; k++) expect(out[k].start).toBeGreaterThan(out[k - 1].end - 1)
      }),
    )
  })
  it('intersect keeps exactly the common points', () => {
    fc.assert(
      fc.property(arbIntervals, arbIntervals, (a, b) => {
        const out = intersect(normalize(a), normalize(b))
        for (let t = 0; t <= 240; t++) expect(pointsOf(out, t)).toBe(pointsOf(a, t) && pointsOf(b, t))
      }),
    )
  })
  it('normalize is independent of input order', () => {
    fc.assert(
      fc.property(arbIntervals, fc.integer(), (a, seed) => {
        const shuffled = [...a].sort((x, y) => ((x.start * 31 + seed) % 7) - ((y.start * 31 + seed) % 7))
        expect(normalize(shuffled)).toEqual(normalize(a))
      }),
    )
  })
})
