import { describe, expect, it } from 'vitest'
import { nearestStarts } from './nearest-starts'

describe('nearestStarts', () => {
  it('the latest start before and the earliest after, in order, whatever the order given', () => {
    expect(nearestStarts([30, 0, 15, 45], 20)).toEqual([15, 30])
  })
  it('only one side when the other has none; none when nothing is offered', () => {
    expect(nearestStarts([0, 15], 20)).toEqual([15])
    expect(nearestStarts([30], 20)).toEqual([30])
    expect(nearestStarts([], 20)).toEqual([])
  })
})
