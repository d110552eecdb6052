import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { blockSeries, MOST_IN_SERIES, seriesDates, type RepeatEvery } from './block-series'

describe('seriesDates', () => {
  // Monday 16 June 2031 .. Sunday 29 June 2031
  it.each<[string, RepeatEvery, string, string[] | string]>([
    ['2031-06-16', 'weekday', '2031-06-22', ['2031-06-16', '2031-06-17', '2031-06-18', '2031-06-19', '2031-06-20']],
    ['2031-06-19', 'weekday', '2031-06-24', ['2031-06-19', '2031-06-20', '2031-06-23', '2031-06-24']],
    ['2031-06-16', 'day', '2031-06-18', ['2031-06-16', '2031-06-17', '2031-06-18']],
    ['2031-06-16', 'week', '2031-06-30', ['2031-06-16', '2031-06-23', '2031-06-30']],
    ['2031-06-16', 'week', '2031-06-29', ['2031-06-16', '2031-06-23']],
    ['2031-06-16', 'day', '2031-06-16', ['2031-06-16']],
    ['2031-06-16', 'day', '2031-06-15', 'UntilBefore'],
    ['2031-06-21', 'weekday', '2031-06-22', 'None'], // a weekend
    ['2031-06-16', 'day', '2031-09-23', ['100 dates']],
    ['2031-06-16', 'day', '2031-09-24', 'TooMany'],
  ])('from %s every %s until %s', (first, every, until, expected) => {
    const result = seriesDates(first, every, until)
    if (typeof expected === 'string') return expect(E.isLeft(result) && result.left._tag).toBe(expected)
    const dates = E.getOrElse<unknown, string[]>(() => [])(result)
    if (expected[0] === '100 dates') return expect(dates).toHaveLength(MOST_IN_SERIES)
    expect(dates).toEqual(expected)
  })
})

describe('blockSeries', () => {
  it('keeps the London times across the clock change (12:00 BST, then 12:00 GMT)', () => {
    // Friday 24 October 2031 12:00–13:00 BST; the clocks go back on Sunday 26 October.
    const result = blockSeries(new Date('2031-10-24T11:00:00Z'), new Date('2031-10-24T12:00:00Z'), 'weekday', '2031-10-27')
    expect(result).toEqual(E.right([
      { date: '2031-10-24', start: new Date('2031-10-24T11:00:00Z'), end: new Date('2031-10-24T12:00:00Z') },
      { date: '2031-10-27', start: new Date('2031-10-27T12:00:00Z'), end: new Date('2031-10-27T13:00:00Z') },
    ]))
  })

  it('takes a block that ends at the midnight after its day, and refuses one over several days', () => {
    const evening = blockSeries(new Date('2031-01-13T22:00:00Z'), new Date('2031-01-14T00:00:00Z'), 'day', '2031-01-14')
    expect(E.map((s: { end: Date }[]) => s.map((b) => b.end.toISOString()))(evening)).toEqual(E.right(['2031-01-14T00:00:00.000Z', '2031-01-15T00:00:00.000Z']))
    expect(blockSeries(new Date('2031-01-13T09:00:00Z'), new Date('2031-01-14T17:00:00Z'), 'day', '2031-01-20')).toEqual(E.left({ _tag: 'OverDays' }))
  })
})
