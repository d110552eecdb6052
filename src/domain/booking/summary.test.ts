import { describe, expect, it } from 'vitest'
import { durationLabel, priceLabel, servicePriceLabel, summaryTotals, paymentSplit } from './summary'

describe('summaryTotals', () => {
  it.each([
    [[], { total: 0, totalDuration: 0, count: 0 }],
    [[{ price: 40, duration: 30 }, { price: 25.5, duration: 15 }], { total: 65.5, totalDuration: 45, count: 2 }],
    [[{ price: 0.1 }, { price: 0.2, duration: null }], { total: 0.3, totalDuration: 0, count: 2 }],
    [[{ price: Number.NaN, duration: 10 }], { total: 0, totalDuration: 10, count: 1 }],
  ])('%o', (lines, totals) => {
    expect(summaryTotals(lines)).toEqual(totals)
  })
})

describe('labels', () => {
  it.each([
    [[], ''],
    [[30], '30 mins'],
    [[30, 30], '30 mins'],
    [[45, 30, 60], 'From 30 mins'],
  ])('durationLabel(%j) = %s', (durations, label) => {
    expect(durationLabel(durations)).toBe(label)
  })

  it.each([
    [[], 'GBP', ''],
    [[40], 'GBP', '£40.00'],
    [[40, 40.001], 'GBP', '£40.00'],
    [[50, 30, 1200], 'EUR', 'From €30.00'],
  ] as const)('priceLabel(%j, %s) = %s', (prices, currency, label) => {
    expect(priceLabel(prices, currency)).toBe(label)
  })

  it.each([
    [{ price: 40 }, '£40.00'],
    [{ lowestPrice: 30, highestPrice: 60, price: 40 }, 'From £30.00'],
    [{ lowestPrice: 30, highestPrice: 30 }, '£30.00'],
    [{ highestPrice: 30 }, '£30.00'],
    [{}, ''],
  ])('servicePriceLabel(%o) = %s', (meta, label) => {
    expect(servicePriceLabel(meta)).toBe(label)
  })
})

describe('paymentSplit', () => {
  it.each([
    ['a deposit: the rest at the clinic', 350, 70, { dueNow: 70, atClinic: 280 }],
    ['the whole price (a course, a voucher): nothing at the clinic', 400, 400, { dueNow: 400, atClinic: 0 }],
    ['a deposit over the total never leaves less than nothing', 50, 60, { dueNow: 60, atClinic: 0 }],
    ['to two decimals', 100.1, 20.03, { dueNow: 20.03, atClinic: 80.07 }],
  ])('%s', (_, total, dueNow, expected) => {
    expect(paymentSplit(total, dueNow)).toEqual(expected)
  })
})
