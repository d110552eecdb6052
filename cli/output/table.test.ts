import { describe, expect, it } from 'vitest'
import { formatPairs, formatTable, stripAnsi } from './table'

const rows = [
  { name: 'Facial', price: '£40.00' },
  { name: 'Deep tissue massage', price: '£125.50' },
]
const columns = [
  { header: 'Service', value: (r: (typeof rows)[number]) => r.name },
  { header: 'Price', value: (r: (typeof rows)[number]) => r.price, align: 'right' as const },
]

describe('formatTable', () => {
  it('pads every column to its widest cell, with a rule under the header', () => {
    expect(formatTable(rows, columns).split('\n')).toEqual([
      'Service                Price',
      '-------------------  -------',
      'Facial                £40.00',
      'Deep tissue massage  £125.50',
    ])
  })

  it('left-aligns by default and never leaves trailing spaces', () => {
    const out = formatTable([{ a: 'x', b: '' }, { a: 'longer', b: 'y' }], [
      { header: 'A', value: (r) => r.a },
      { header: 'B', value: (r) => r.b },
    ])
    expect(out.split('\n')).toEqual(['A       B', '------  -', 'x', 'longer  y'])
  })

  it('prints the empty text (or nothing) without rows', () => {
    expect(formatTable([], columns, { empty: 'No content to show.' })).toBe('No content to show.')
    expect(formatTable([], columns)).toBe('')
  })

  it('counts code points, not UTF-16 units, and ignores colour codes', () => {
    const out = formatTable([{ n: 'Café 🙂' }, { n: '\u001b[1mabc\u001b[22m' }], [{ header: 'Name', value: (r) => r.n }])
    const lines = out.split('\n').map(stripAnsi)
    expect(lines[1]).toBe('------')
    expect(lines[3]).toBe('abc')
  })

  it('keeps a cell on one line', () => {
    expect(formatTable([{ t: 'two\nlines' }], [{ header: 'T', value: (r) => r.t }]).split('\n')[2]).toBe('two lines')
  })

  it('styles the header line when asked', () => {
    expect(formatTable(rows, columns, { header: (s) => `<${s}>` }).split('\n')[0]).toBe('<Service                Price>')
  })
})

describe('formatPairs', () => {
  it('aligns the values and drops empty ones', () => {
    expect(formatPairs([['Name', 'Glow'], ['Currency', 'GBP'], ['Logo', undefined], ['Text', '']])).toBe('Name:      Glow\nCurrency:  GBP')
  })

  it('an empty label continues the previous heading', () => {
    expect(formatPairs([['Services', 'Facial'], ['', 'Massage']])).toBe('Services:  Facial\n           Massage')
  })
})
