import { describe, expect, it } from 'vitest'
import { asChoiceList, chips, dropdownItems, optionValues, trailingLabel } from './choices'
import { loadDrugList } from './drug-list'

describe('dropdown items', () => {
  const all = Array.from({ length: 30 }, (_, i) => `item ${String(i).padStart(2, '0')}`)

  it('shows at most 10 items', () => {
    expect(dropdownItems(all, '')).toHaveLength(10)
    expect(dropdownItems(all, 'item')).toHaveLength(10)
  })

  it('puts names starting with the query before names containing it, ignoring case, without chosen ones', () => {
    expect(dropdownItems(['Paracetamol', 'codeine + paracetamol', 'Ibuprofen'], 'PARA')).toEqual(['Paracetamol', 'codeine + paracetamol'])
    expect(dropdownItems(['a', 'b', 'c'], '', ['b'])).toEqual(['a', 'c'])
  })

  it('option values from strings and entries, blanks dropped', () => {
    expect(optionValues(['Yes', { value: 'No', info: 'x' }, ' '])).toEqual(['Yes', 'No'])
    expect(optionValues(undefined)).toEqual([])
  })
})

describe('chips', () => {
  it('shows 3 chips, 2 with a trailing label, and counts the rest', () => {
    expect(chips(['a', 'b', 'c', 'd', 'e'], {})).toEqual({ shown: ['a', 'b', 'c'], hidden: 2 })
    expect(chips(['a', 'b', 'c', 'd'], { labelAfter: 'mg' })).toEqual({ shown: ['a', 'b'], hidden: 2 })
    expect(chips(['a', 'b'], {})).toEqual({ shown: ['a', 'b'], hidden: 0 })
    expect(chips(['a', 'b', 'c'], { limitTags: 1 })).toEqual({ shown: ['a'], hidden: 2 })
  })

  it('trailing label only when labelAfter is text', () => {
    expect(trailingLabel({ labelAfter: 'mg' })).toBe('mg')
    expect(trailingLabel({ labelAfter: true })).toBeUndefined()
  })

  it('a choice answer as a list', () => {
    expect(asChoiceList('x')).toEqual(['x'])
    expect(asChoiceList(['x', 1, 'y'])).toEqual(['x', 'y'])
    expect(asChoiceList(undefined)).toEqual([])
  })
})

describe('drug list', () => {
  it('loads several hundred unique, sorted WHO essential medicine names, once', async () => {
    const names = await loadDrugList()
    expect(names.length).toBeGreaterThan(300)
    expect(new Set(names).size).toBe(names.length)
    expect([...names]).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
    expect(names).toContain('paracetamol')
    expect(names).toContain('amoxicillin')
    expect(await loadDrugList()).toBe(names)
  })
})
