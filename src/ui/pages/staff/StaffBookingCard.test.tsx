// The desk's booking card shows money in the organisation's currency, never a fixed pound sign.
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { DayBooking } from '../../../contract/admin.routes'
import type { StaffDeskViewModel } from '../../view-models/staff-desk.view-model'
import { StaffBookingCard } from './StaffBookingCard'
import { BookingEntry } from './StaffWeekPage'
import type { StaffWeekViewModel } from '../../view-models/staff-week.view-model'

afterEach(cleanup)

const booking: DayBooking = {
  id: 'ab'.padEnd(24, '0'),
  start: '2026-12-01T10:00:00.000Z',
  end: '2026-12-01T10:30:00.000Z',
  status: 'Scheduled',
  checkedIn: false,
  practitioner: 'Dr Sarah Jones',
  location: 'London',
  service: 'Peel',
  customer: 'Jane Doe',
  depositPaid: 12.5,
  paid: [{ type: 'Online', amount: 12.5 }],
}

// Only what the card reads while its menu is closed.
const vm = { busy: undefined, isAdmin: true, attendanceRefusal: () => undefined } as unknown as StaffDeskViewModel

describe('StaffBookingCard', () => {
  it("shows what was paid in the organisation's currency", () => {
    render(<ul><StaffBookingCard vm={vm} booking={booking} currency="EUR" /></ul>)
    expect(screen.getByText(/Paid/).textContent).toContain('Paid €12.50 (Online)')
  })

  it('after a full checkout: what was paid in all and how, not the deposit alone', () => {
    const checkedOut = { ...booking, checkedIn: true, depositPaid: 70, paid: [{ type: 'Online', amount: 70 }, { type: 'Cash', amount: 280 }] }
    render(<ul><StaffBookingCard vm={vm} booking={checkedOut} currency="GBP" /></ul>)
    expect(screen.getByText(/Paid/).textContent).toContain('Paid £350.00 (Online £70.00, Cash £280.00)')
    expect(screen.queryByText(/Deposit paid/)).toBeNull()
  })

  it("shows 'Checked in' as written (sentence case, as the desk's 'Checked in: …' notice), never re-cased by the style", () => {
    render(<ul><StaffBookingCard vm={vm} booking={{ ...booking, checkedIn: true }} currency="GBP" /></ul>)
    expect(screen.getByText('Checked in')).toBeTruthy()
    // jsdom applies no styles: the status's rule must not transform the case ('Checked In')
    const rule = /\.status\s*\{[^}]*\}/.exec(readFileSync('src/ui/pages/staff/StaffDesk.module.css', 'utf8'))?.[0] ?? ''
    expect(rule).not.toMatch(/text-transform/)
  })

  it('offers the checkout of a checked-in appointment on the day view, opening it for that booking', () => {
    const opened: DayBooking[] = []
    const arrived = { ...booking, checkedIn: true }
    render(<ul><StaffBookingCard vm={vm} booking={arrived} currency="GBP" onCheckout={(b) => opened.push(b)} /></ul>)
    fireEvent.click(screen.getByRole('button', { name: 'Checkout Jane Doe at 10:00, Peel' }))
    expect(opened).toEqual([arrived])
  })

  it("offers no checkout without an opener (a practitioner's login)", () => {
    render(<ul><StaffBookingCard vm={vm} booking={{ ...booking, checkedIn: true }} currency="GBP" /></ul>)
    expect(screen.queryByRole('button', { name: /^Checkout / })).toBeNull()
  })
})

// The day view and the week view offer a booking's checkout by one rule (checkoutOffered); the
// week view once offered it before check-in while the day view waited for it.
describe('Checkout on the day view and the week view', () => {
  const weekVm = { isAdmin: true, openCheckout: () => Promise.resolve() } as unknown as StaffWeekViewModel
  it.each([
    ['Scheduled', false, true],
    ['Scheduled', true, true],
    ['Completed', true, true],
    ['No show', false, true],
    ['Pending', false, false],
    ['Cancelled', false, false],
  ])('%s, checked in %s: offered %s on both', (status, checkedIn, offered) => {
    const b = { ...booking, status, checkedIn }
    const day = render(<ul><StaffBookingCard vm={vm} booking={b} currency="GBP" onCheckout={() => undefined} /></ul>)
    const onDay = day.queryAllByRole('button', { name: /^Checkout / }).length
    day.unmount()
    const week = render(<ul><BookingEntry vm={weekVm} booking={b} currency="GBP" /></ul>)
    const onWeek = week.queryAllByRole('button', { name: /^Checkout / }).length
    expect([onDay, onWeek]).toEqual(offered ? [1, 1] : [0, 0])
  })
})
