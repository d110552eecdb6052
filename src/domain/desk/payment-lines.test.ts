import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { amountRefusalText, firstLines, leftToPay, parseAmount, paymentLineFieldError, paymentLinesRefusalText, paymentsOfLines, readAmount, withLine, withoutLine, type PaymentLine } from './payment-lines'

const line = (method: PaymentLine['method'], amount: string, voucherCode = ''): PaymentLine => ({ method, amount, voucherCode })
const pounds = (n: number) => `£${n.toFixed(2)}`

describe('parseAmount', () => {
  it.each([
    ['20', 20],
    ['19.5', 19.5],
    [' 19.50 ', 19.5],
    ['0', undefined],
    ['0.00', undefined],
    ['-5', undefined],
    ['19.505', undefined],
    ['ten', undefined],
    ['', undefined],
    ['1e3', undefined],
  ])('%j reads %s', (text, amount) => expect(parseAmount(text)).toBe(amount))
})

describe('readAmount', () => {
  it.each([
    ['20', E.right(20)],
    ['-5', E.left('NotAboveZero')],
    [' -5.50 ', E.left('NotAboveZero')],
    ['0', E.left('NotAboveZero')],
    ['0.00', E.left('NotAboveZero')],
    ['-0.001', E.left('NotAboveZero')],
    ['19.505', E.left('NotANumber')],
    ['ten', E.left('NotANumber')],
    ['', E.left('NotANumber')],
    ['-', E.left('NotANumber')],
  ])('%j reads %j', (text, read) => expect(readAmount(text)).toEqual(read))

  it('says what is wrong: a number not above 0 is asked for above 0, anything else for a number', () => {
    expect(amountRefusalText('NotAboveZero')).toBe('Enter an amount above 0.')
    expect(amountRefusalText('NotANumber')).toBe('Enter the amount as a number, like 20 or 19.50.')
  })
})

describe('leftToPay', () => {
  it.each([
    [64, [line('cash', '64.00')], 0],
    [64, [line('cash', '30'), line('card', '20')], 14],
    [64, [line('cash', '30'), line('card', 'abc')], 34],
    [64, [line('cash', '50'), line('voucher', '20', 'GV')], -6],
    [0.3, [line('cash', '0.1'), line('cash', '0.2')], 0],
  ])('balance %d with %j leaves %d', (balance, lines, left) => expect(leftToPay(balance, lines)).toBe(left))
})

describe('the lines of a split bill', () => {
  it('start with the whole balance in cash; another line is for what is left, empty when nothing is', () => {
    expect(firstLines(64)).toEqual([line('cash', '64.00')])
    const split = [line('cash', '40')]
    expect(withLine(64, split)).toEqual([line('cash', '40'), line('card', '24.00')])
    expect(withLine(64, [line('cash', '64')])).toEqual([line('cash', '64'), line('card', '')])
  })

  it('lose a line on removal but always keep one', () => {
    const lines = [line('cash', '40'), line('card', '24'), line('voucher', '0', 'GV')]
    expect(withoutLine(lines, 1)).toEqual([line('cash', '40'), line('voucher', '0', 'GV')])
    expect(withoutLine([line('cash', '64')], 0)).toEqual([line('cash', '64')])
  })
})

describe('paymentsOfLines', () => {
  it.each<[string, number, PaymentLine[], string]>([
    ['one line of the balance', 64, [line('cash', '64.00')], 'ok'],
    ['card, cash and a voucher adding up', 64, [line('card', '30'), line('cash', '4'), line('voucher', '30', ' GV-1 ')], 'ok'],
    ['an amount that is not one', 64, [line('cash', '60'), line('card', 'four')], 'BadAmount'],
    ['an amount below 0', 64, [line('cash', '69'), line('card', '-5')], 'BadAmount'],
    ['a voucher without its code', 64, [line('cash', '34'), line('voucher', '30', '  ')], 'NoVoucherCode'],
    ['short of the balance', 64, [line('cash', '30'), line('card', '30')], 'Short'],
    ['over the balance', 64, [line('cash', '30'), line('card', '40')], 'Over'],
    ['nothing due', 0, [line('cash', '10')], 'NothingDue'],
  ])('%s', (_, balance, lines, expected) => {
    const result = paymentsOfLines(balance, lines)
    expect(E.isRight(result) ? 'ok' : result.left._tag).toBe(expected)
  })

  it('sends each line as a payment, the voucher with its code trimmed, and no code for other methods', () => {
    expect(paymentsOfLines(64, [line('card', '30'), line('cash', '4', 'typed then switched'), line('voucher', '30', ' GV-1 ')])).toEqual(
      E.right([{ method: 'card', amount: 30 }, { method: 'cash', amount: 4 }, { method: 'voucher', amount: 30, voucherCode: 'GV-1' }]),
    )
  })
})

describe('paymentLinesRefusalText', () => {
  it.each<[Parameters<typeof paymentLinesRefusalText>[0], number, string]>([
    [{ _tag: 'BadAmount', line: 0, reason: 'NotANumber' }, 1, 'Enter the amount as a number, like 20 or 19.50.'],
    [{ _tag: 'BadAmount', line: 1, reason: 'NotANumber' }, 2, 'Payment 2: Enter the amount as a number, like 20 or 19.50.'],
    [{ _tag: 'BadAmount', line: 0, reason: 'NotAboveZero' }, 1, 'Enter an amount above 0.'],
    [{ _tag: 'NoVoucherCode', line: 2 }, 3, 'Payment 3: Enter the gift voucher code.'],
    [{ _tag: 'Short', paid: 60, due: 64 }, 2, 'The payments add up to £60.00: £4.00 short of the balance of £64.00.'],
    [{ _tag: 'Over', paid: 70, due: 64 }, 2, 'The payments add up to £70.00: £6.00 more than the balance of £64.00.'],
  ])('%j of %d lines reads %s', (refusal, count, text) => expect(paymentLinesRefusalText(refusal, count, pounds)).toBe(text))
})

describe('paymentLineFieldError', () => {
  it('ties a line\'s refusal to its field with the text to show beside it', () => {
    const read = paymentsOfLines(64, [line('cash', '69'), line('card', '-5')])
    expect(read).toEqual(E.left({ _tag: 'BadAmount', line: 1, reason: 'NotAboveZero' }))
    expect(paymentLineFieldError({ _tag: 'BadAmount', line: 1, reason: 'NotAboveZero' })).toEqual({ line: 1, field: 'amount', message: 'Enter an amount above 0.' })
    expect(paymentLineFieldError({ _tag: 'NoVoucherCode', line: 0 })).toEqual({ line: 0, field: 'voucherCode', message: 'Enter the gift voucher code.' })
  })
})
