import { describe, expect, it } from 'vitest'
import { blockStartDates, blocksOnDay, londonDay, overlapsDay, timeOnDay } from './day'

describe('londonDay', () => {
  it.each([
    ['2031-06-16', '2031-06-15T23:00:00.000Z', '2031-06-16T23:00:00.000Z'], // BST
    ['2031-01-13', '2031-01-13T00:00:00.000Z', '2031-01-14T00:00:00.000Z'], // GMT
    ['2031-03-30', '2031-03-30T00:00:00.000Z', '2031-03-30T23:00:00.000Z'], // clocks go forward: 23 hours
    ['2031-10-26', '2031-10-25T23:00:00.000Z', '2031-10-27T00:00:00.000Z'], // clocks go back: 25 hours
  ])('%s runs from %s to %s', (date, from, to) => {
    expect(londonDay(date)).toEqual({ from: new Date(from), to: new Date(to) })
  })
})

describe('overlapsDay', () => {
  const date = '2031-06-16' // London midnight is 23:00 UTC the evening before
  it.each([
    ['a lunch break that day', '2031-06-16T11:00:00.000Z', '2031-06-16T12:00:00.000Z', true],
    ['an hour just after London midnight', '2031-06-15T23:00:00.000Z', '2031-06-16T00:00:00.000Z', true],
    ['an hour ending at London midnight the evening before', '2031-06-15T22:00:00.000Z', '2031-06-15T23:00:00.000Z', false],
    ['an hour starting at London midnight at the end of the day', '2031-06-16T23:00:00.000Z', '2031-06-17T00:00:00.000Z', false],
    ['leave from the Saturday before to the Wednesday', '2031-06-14T08:00:00.000Z', '2031-06-18T16:00:00.000Z', true],
    ['leave of the week before', '2031-06-09T08:00:00.000Z', '2031-06-13T16:00:00.000Z', false],
    ['the last minute of the day', '2031-06-16T22:59:00.000Z', '2031-06-16T23:30:00.000Z', true],
  ])('%s: %s–%s → %s', (_what, start, end, expected) => {
    expect(overlapsDay(date, { start, end })).toBe(expected)
  })
})

describe('blockStartDates', () => {
  it('reaches back as far as the longest block (7 days) so that leave started before the date is found', () => {
    expect(blockStartDates('2031-06-16')).toEqual({ from: '2031-06-09', to: '2031-06-16' })
    expect(blockStartDates('2031-03-02')).toEqual({ from: '2031-02-23', to: '2031-03-02' })
  })
})

describe('blocksOnDay', () => {
  it('keeps the blocks taking time on the date, by start, and leaves out those of other dates', () => {
    const blocks = [
      { id: 'lunch', start: '2031-06-16T11:00:00.000Z', end: '2031-06-16T12:00:00.000Z' },
      { id: 'leave', start: '2031-06-14T08:00:00.000Z', end: '2031-06-17T16:00:00.000Z' },
      { id: 'yesterday', start: '2031-06-15T09:00:00.000Z', end: '2031-06-15T10:00:00.000Z' },
      { id: 'tomorrow', start: '2031-06-17T09:00:00.000Z', end: '2031-06-17T10:00:00.000Z' },
    ]
    expect(blocksOnDay('2031-06-16', blocks).map((b) => b.id)).toEqual(['leave', 'lunch'])
    expect(blocksOnDay('2031-06-18', blocks)).toEqual([])
  })
})

describe('timeOnDay', () => {
  it.each([
    ['2031-06-16T11:00:00.000Z', '12:00'],
    ['2031-06-14T08:00:00.000Z', '2031-06-14 09:00'],
    ['2031-06-16T23:00:00.000Z', '2031-06-17 00:00'],
  ])('%s on 16 June 2031 reads %s', (iso, text) => {
    expect(timeOnDay('2031-06-16', iso)).toBe(text)
  })
})
