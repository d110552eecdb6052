import { describe, expect, it } from 'vitest'
import { formatMoney } from '../pricing/money'
import { paidInAll, paidText, type PaidPart } from './paid'

const money = (n: number) => formatMoney(n, 'GBP')

describe('paidText', () => {
  it.each<[string, PaidPart[], string]>([
    ['nothing paid', [], '£0.00'],
    ['the deposit only', [{ type: 'Online', amount: 70 }], '£70.00 (Online)'],
    ['checked out: the deposit and the cash at the desk, in all and how', [{ type: 'Online', amount: 70 }, { type: 'Cash', amount: 280 }], '£350.00 (Online £70.00, Cash £280.00)'],
    ['a way of paying with nothing left on it is not named', [{ type: 'Online', amount: 0 }, { type: 'Cash', amount: 280 }], '£280.00 (Cash)'],
  ])('%s', (_, parts, expected) => {
    expect(paidText(parts, money)).toBe(expected)
  })

  it('only the amount in all where a card has no room for how (the week view)', () => {
    expect(paidText([{ type: 'Online', amount: 70 }, { type: 'Cash', amount: 280 }], money, false)).toBe('£350.00')
  })

  it('adds up to two decimals', () => {
    expect(paidInAll([{ type: 'Cash', amount: 0.1 }, { type: 'Card', amount: 0.2 }])).toBe(0.3)
  })
})
