import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { allowedVoucherValues, validateReceiver, voucherCode, voucherStatus } from './vouchers.service'

const now = new Date('2026-11-22T10:00:00Z')
const row = (over: Partial<{ status: string; balance: string; expires_at: Date | null }>) => ({ status: 'Available', balance: '50.00', expires_at: new Date('2027-11-22T10:00:00Z'), ...over })

describe('gift vouchers', () => {
  it.each([
    [{ status: 'Unpaid' }, 'Unpaid'],
    [{ status: 'Refunded' }, 'Refunded'],
    [{}, 'Available'],
    [{ balance: '0.00' }, 'Used'],
    [{ expires_at: new Date('2026-11-01T00:00:00Z') }, 'Expired'],
  ])('status of %j is %s', (over, status) => {
    expect(voucherStatus(row(over), now)).toBe(status)
  })

  it("uses the organisation's amounts, else 50, 100, 150, 200, 250, 500", () => {
    expect(allowedVoucherValues([])).toEqual([50, 100, 150, 200, 250, 500])
    expect(allowedVoucherValues([25, 75])).toEqual([25, 75])
  })

  it('checks the receiver with the domain texts', () => {
    expect(validateReceiver({ name: ' ', email: 'a@b.co' })).toEqual(E.left({ _tag: 'Invalid', message: 'Name is required' }))
    expect(validateReceiver({ name: 'Sam', email: '' })).toEqual(E.left({ _tag: 'Invalid', message: 'Email is required' }))
    expect(E.isRight(validateReceiver({ name: 'Sam', email: 'sam@example.com', message: 'Hi' }))).toBe(true)
  })

  it('makes readable, distinct codes', () => {
    const codes = new Set(Array.from({ length: 200 }, voucherCode))
    expect(codes.size).toBe(200)
    for (const code of codes) expect(code).toMatch(/^GV-[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/)
  })
})
