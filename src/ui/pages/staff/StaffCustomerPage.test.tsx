// A customer's record lists visits with the deposit paid in the organisation's currency.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { Visits } from './StaffCustomerPage'

afterEach(cleanup)

const visit = { id: 'ab'.padEnd(24, '0'), start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T10:30:00.000Z', status: 'Scheduled', checkedIn: false, practitioner: 'Dr Sarah Jones', location: 'London', service: 'Peel', customer: 'Jane Doe', depositPaid: 19, paid: [{ type: 'Online', amount: 19 }], due: 31 }

describe('Visits', () => {
  it("shows the deposit paid in the organisation's currency", () => {
    render(<Visits title="Upcoming visits" visits={[visit]} currency="EUR" />)
    expect(screen.getByRole('listitem').textContent).toBe('01/12/2026 10:00 · Peel with Dr Sarah Jones at London · Scheduled · deposit paid €19.00')
  })
})
