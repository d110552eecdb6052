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
