import { describe, expect, it } from 'vitest'
import { isMoveIntoPast, moveNotifiesCustomer } from './move-notice'

const now = new Date('2026-12-01T10:00:00Z')

describe('moveNotifiesCustomer', () => {
  it.each([
    ['an hour on', '2026-12-01T11:00:00Z', true],
    ['a minute on', '2026-12-01T10:01:00Z', true],
    ['right now', '2026-12-01T10:00:00Z', false],
    ['earlier today', '2026-12-01T08:30:00Z', false],
    ['last week', '2026-11-24T10:00:00Z', false],
  ])('%s: %s -> %s', (_label, start, expected) => {
    expect(moveNotifiesCustomer(new Date(start), now)).toBe(expected)
    // the desk's warning is the same rule: a move it warns of is one the customer is not told of
    expect(isMoveIntoPast(new Date(start), now)).toBe(!expected)
  })
})
