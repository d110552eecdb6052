/**
 * The sandbox processor's card checks and documented test cards (docs/test-cards.md lists them).
 * Pure: the current time comes in as an argument.
 */
import type { CardErrorReason } from '../commerce/card-processor.port'

export interface CardInput {
  cardNo: string
  /** 'MM/YY' or 'MM/YYYY' (spaces allowed). */
  expDate: string
  cvv: string
  postCode: string
}

/** What a test card does once it passes the format checks. */
export type TestCardBehaviour =
  | { outcome: 'succeed' }
  | { outcome: 'decline'; reason: CardErrorReason }
  /** Setup intents with this card stay 'processing' for a few seconds, then succeed. */
  | { outcome: 'processing' }

export interface TestCard {
  number: string
  brand: string
  behaviour: TestCardBehaviour
  note: string
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'VISA', behaviour: { outcome: 'succeed' }, note: 'Succeeds.' },
  { number: '5555555555554444', brand: 'MASTERCARD', behaviour: { outcome: 'succeed' }, note: 'Succeeds (Mastercard).' },
  { number: '378282246310005', brand: 'AMERICAN_EXPRESS', behaviour: { outcome: 'succeed' }, note: 'Succeeds (Amex, 4-digit CVV).' },
  { number: '4000000000000002', brand: 'VISA', behaviour: { outcome: 'decline', reason: 'other' }, note: 'Declined by the bank: "Unhandled request."' },
  { number: '4000000000000127', brand: 'VISA', behaviour: { outcome: 'decline', reason: 'cvv' }, note: 'CVV check fails: "CVV is not correct."' },
  { number: '4000000000000069', brand: 'VISA', behaviour: { outcome: 'decline', reason: 'expiry' }, note: 'Card expired at the bank: "Expiry date is not correct."' },
  { number: '4000000000000036', brand: 'VISA', behaviour: { outcome: 'decline', reason: 'postal_code' }, note: 'Postal code check fails: "Postal code is not correct."' },
  { number: '4000000000000101', brand: 'VISA', behaviour: { outcome: 'decline', reason: 'card_number' }, note: 'Card number refused by the bank: "Card number is not correct."' },
  { number: '4000000000003220', brand: 'VISA', behaviour: { outcome: 'processing' }, note: 'Card setup stays "processing" for 3 seconds from the first look at it, then succeeds; payments succeed.' },
]

export const PROCESSING_SECONDS = 3

/** Digits only: '4242 4242-4242 4242' -> '4242424242424242'. */
export function digitsOf(value: string): string {
  return value.replace(/[\s-]/g, '')
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false
  let sum = 0
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export function brandOf(number: string): string {
  const known = TEST_CARDS.find((c) => c.number === number)
  if (known) return known.brand
  if (/^4/.test(number)) return 'VISA'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MASTERCARD'
  if (/^3[47]/.test(number)) return 'AMERICAN_EXPRESS'
  if (/^6/.test(number)) return 'DISCOVER'
  return 'OTHER_BRAND'
}

/** Month and four-digit year of an expiry, or undefined when it is not a real month. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value)
  if (!match) return undefined
  const month = Number(match[1])
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2])
  if (month < 1 || month > 12) return undefined
  return { month, year }
}

/** A card is valid through the last day of its expiry month (UTC). */
export function expiryValid(value: string, now: Date): boolean {
  const expiry = parseExpiry(value)
  if (!expiry) return false
  const endOfMonth = Date.UTC(expiry.year, expiry.month, 1)
  return now.getTime() < endOfMonth && expiry.year <= now.getUTCFullYear() + 20
}

const POSTAL = /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/

export type CardCheck =
  | { ok: true; number: string; brand: string; expMonth: number; expYear: number; behaviour: TestCardBehaviour }
  | { ok: false; reason: CardErrorReason }

/**
 * The sandbox's answer for a card: format checks first (number, expiry, CVV, postal code, in the
 * order of the form), then the test card's scripted behaviour. Unknown numbers that pass Luhn succeed.
 */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const number = digitsOf(input.cardNo ?? '')
  if (!luhnValid(number)) return { ok: false, reason: 'card_number' }
  const expiry = parseExpiry(input.expDate ?? '')
  if (!expiry || !expiryValid(input.expDate, now)) return { ok: false, reason: 'expiry' }
  const brand = brandOf(number)
  const cvvLength = brand === 'AMERICAN_EXPRESS' ? 4 : 3
  if (!new RegExp(`^\\d{${cvvLength}}$`).test((input.cvv ?? '').trim())) return { ok: false, reason: 'cvv' }
  if (!POSTAL.test((input.postCode ?? '').trim())) return { ok: false, reason: 'postal_code' }
  const behaviour = TEST_CARDS.find((c) => c.number === number)?.behaviour ?? { outcome: 'succeed' }
  return { ok: true, number, brand, expMonth: expiry.month, expYear: expiry.year, behaviour }
}
