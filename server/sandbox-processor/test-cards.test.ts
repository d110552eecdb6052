import { describe, expect, it } from 'vitest'
import { CARD_ERROR_MESSAGES } from '../commerce/card-processor.port'
import { checkCard, expiryValid, luhnValid, TEST_CARDS } from './test-cards'

const now = new Date('2026-11-22T10:00:00Z')
const good = { cardNo: '4242 4242 4242 4242', expDate: '12/30', cvv: '123', postCode: 'SW1A 1AA' }

describe('sandbox card checks', () => {
  it('accepts the success card', () => {
    const result = checkCard(good, now)
    expect(result).toMatchObject({ ok: true, brand: 'VISA', expMonth: 12, expYear: 2030, behaviour: { outcome: 'succeed' } })
  })

  it.each([
    ['card number fails Luhn', { cardNo: '4242 4242 4242 4241' }, 'card_number'],
    ['card number too short', { cardNo: '4242' }, 'card_number'],
    ['expiry in the past', { expDate: '10/26' }, 'expiry'],
    ['expiry month 13', { expDate: '13/30' }, 'expiry'],
    ['expiry garbage', { expDate: 'soon' }, 'expiry'],
    ['CVV of two digits', { cvv: '12' }, 'cvv'],
    ['amex needs four CVV digits', { cardNo: '378282246310005', cvv: '123' }, 'cvv'],
    ['postal code empty', { postCode: '' }, 'postal_code'],
    ['postal code symbols', { postCode: '$$$' }, 'postal_code'],
  ])('%s', (_, change, reason) => {
    expect(checkCard({ ...good, ...change }, now)).toEqual({ ok: false, reason })
  })

  it('every documented test card passes Luhn and behaves as documented', () => {
    for (const card of TEST_CARDS) {
      expect(luhnValid(card.number)).toBe(true)
      const cvv = card.brand === 'AMERICAN_EXPRESS' ? '1234' : '123'
      const result = checkCard({ ...good, cardNo: card.number, cvv }, now)
      expect(result.ok && result.behaviour).toEqual(card.behaviour)
      if (card.behaviour.outcome === 'decline') expect(card.note).toContain(CARD_ERROR_MESSAGES[card.behaviour.reason])
    }
  })

  it('a card is valid through the end of its expiry month', () => {
    expect(expiryValid('11/26', now)).toBe(true)
    expect(expiryValid('11/2026', new Date('2026-11-30T23:59:59Z'))).toBe(true)
    expect(expiryValid('11/26', new Date('2026-12-01T00:00:00Z'))).toBe(false)
  })
})
