// The checkout's refusal of one line's field shows beside that field, tied to it (aria-describedby), not
// as an alert at the end of the dialog: 'Enter an amount above 0.' for -5 beside Amount.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import type { StaffCheckoutViewModel } from '../../view-models/staff-checkout.view-model'
import { CheckoutDialog } from './StaffCheckoutDialog'

afterEach(cleanup)

// Only what the dialog reads: a booking with a balance, one payment line of -5 refused beside its amount.
const vm = {
  checkingOut: { id: 'b'.repeat(24), service: 'Facial', customer: 'Jane Doe', start: '2026-12-01T10:00:00.000Z' },
  checkout: { price: 80, paid: 16, balance: 64, refundableDeposit: 0, currency: 'GBP', payments: [] },
  checkoutForm: { lines: [{ method: 'cash', amount: '-5', voucherCode: '' }], fieldError: { line: 0, field: 'amount', message: 'Enter an amount above 0.' } },
  leftToPay: 64,
  busy: false,
  close: vi.fn(),
  setLine: vi.fn(),
} as unknown as StaffCheckoutViewModel

describe('CheckoutDialog', () => {
  it("shows a line's refused amount beside the Amount field, tied to it", () => {
    render(<CheckoutDialog vm={vm} />)
    const amount = screen.getByLabelText('Amount')
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    const describedBy = amount.getAttribute('aria-describedby') ?? ''
    expect(describedBy).not.toBe('')
    expect(document.getElementById(describedBy)?.textContent).toBe('Enter an amount above 0.')
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Enter an amount above 0.'])
  })
})
