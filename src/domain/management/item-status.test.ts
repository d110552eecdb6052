import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { archiveItem, changeLocationItemStatus, deactivateItem, type ItemStatus, normaliseItemStatus } from './item-status'

const s = (active: boolean, archived: boolean, showOnline: boolean): ItemStatus => ({ active, archived, showOnline })
const refused = E.left({ _tag: 'ItemDisallowedAtOrganisation', message: 'You cannot change this item, it should be activated/unarchived at organisation level' })

describe('item status cascade', () => {
  it.each([
    [s(true, false, true), s(true, false, true)],
    [s(true, true, true), s(false, true, false)],
    [s(false, false, true), s(false, false, false)],
  ])('normalise %o', (input, expected) => {
    expect(normaliseItemStatus(input)).toEqual(expected)
  })

  it('archiving also deactivates and hides online', () => {
    expect(archiveItem(s(true, false, true))).toEqual(s(false, true, false))
  })

  it('deactivating hides online', () => {
    expect(deactivateItem(s(true, false, true))).toEqual(s(false, false, false))
  })
})

describe('changeLocationItemStatus', () => {
  it.each([
    ['activate when org active', s(true, false, true), s(false, false, false), s(true, false, true), E.right(s(true, false, true))],
    ['activate when org inactive', s(false, false, false), s(false, false, false), s(true, false, true), refused],
    ['unarchive when org archived', s(false, true, false), s(false, true, false), s(false, false, false), refused],
    ['archive when org archived', s(false, true, false), s(true, false, true), s(true, true, true), E.right(s(false, true, false))],
    ['deactivate when org inactive', s(false, false, false), s(true, false, true), s(false, false, true), E.right(s(false, false, false))],
    ['unchanged active when org inactive', s(false, false, false), s(true, false, true), s(true, false, false), E.right(s(true, false, false))],
  ])('%s', (_name, org, current, requested, expected) => {
    expect(changeLocationItemStatus(org, current, requested)).toEqual(expected)
  })
})
