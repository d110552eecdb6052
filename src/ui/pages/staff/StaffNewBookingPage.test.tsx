// The desk's new-customer form words the genders as the customer's sign-up does; its 'Booked for …'
// panel shows the deposit in the organisation's currency.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import type { DeskBookingViewModel } from '../../view-models/desk-booking.view-model'
import { DeskBookingDone, NewCustomerForm } from './StaffNewBookingPage'

afterEach(cleanup)

const visit = { id: 'ab'.padEnd(24, '0'), start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T10:30:00.000Z', status: 'Pending', checkedIn: false, practitioner: 'Dr Sarah Jones', location: 'London', service: 'Peel', customer: 'Jane Doe', depositPaid: 0 }

// Only what the panel reads.
const vm = {
  customer: { firstName: 'Jane', surname: 'Doe' },
  date: '2026-12-01',
  result: { appointments: [visit], payment: 'link', status: 'Pending', deposit: 36, depositPaid: 0, message: 'Held until paid.' },
  startAgain: () => undefined,
} as unknown as DeskBookingViewModel

describe('DeskBookingDone', () => {
  it("shows the deposit and what was paid in the organisation's currency", () => {
    render(<MemoryRouter><DeskBookingDone vm={vm} currency="EUR" /></MemoryRouter>)
    expect(screen.getByText(/^Deposit/).textContent).toBe('Deposit €36.00 · paid €0.00')
  })

  it("shows what is due at the clinic once the customer pays there, and offers the switch while the pay link waits", () => {
    const atClinic = { ...vm, result: { appointments: [{ ...visit, status: 'Scheduled' }], payment: 'clinic', status: 'Scheduled', deposit: 0, depositPaid: 0, dueAtClinic: 180, message: 'Paid at the clinic.' } } as unknown as DeskBookingViewModel
    render(<MemoryRouter><DeskBookingDone vm={atClinic} currency="EUR" /></MemoryRouter>)
    expect(screen.getByText(/^Pay at the clinic:/).textContent).toBe('Pay at the clinic: €180.00')
    expect(screen.queryByText(/^Deposit/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Pay at the clinic instead' })).toBeNull()
    cleanup()
    const waiting = { ...vm, awaitingPayLink: true, result: { ...vm.result, payLink: 'http://x/pay' } } as unknown as DeskBookingViewModel
    render(<MemoryRouter><DeskBookingDone vm={waiting} currency="EUR" /></MemoryRouter>)
    expect(screen.getByRole('button', { name: 'Pay at the clinic instead' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Resend the pay link' })).toBeTruthy()
  })

  it('names the day of each visit booked, not only its time (a booking for next week read as today)', () => {
    render(<MemoryRouter><DeskBookingDone vm={vm} currency="GBP" /></MemoryRouter>)
    expect(screen.getByRole('listitem').textContent).toBe('Tuesday 1st December 2026, 10:00 Peel with Dr Sarah Jones · Pending')
  })
})

describe('NewCustomerForm', () => {
  it("offers the genders with the customer sign-up's labels", () => {
    const form = { newCustomer: { title: '', gender: '', firstName: '', surname: '', email: '', mobilePhone: '', dateOfBirth: '' }, customerErrors: {}, creating: false } as unknown as DeskBookingViewModel
    render(<NewCustomerForm vm={form} />)
    const options = Array.from(screen.getByLabelText(/Gender/).querySelectorAll('option')).map((o) => o.textContent)
    expect(options).toEqual(['Choose…', 'Male', 'Female', 'Trans male', 'Trans female'])
  })
})
