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
  due: 37.5,
}

// Only what the card reads while its menu is closed.
const vm = { busy: undefined, isAdmin: true, attendanceRefusal: () => undefined } as unknown as StaffDeskViewModel

describe('StaffBookingCard', () => {
  it("shows what was paid in the organisation's currency", () => {
    render(<ul><StaffBookingCard vm={vm} booking={booking} currency="EUR" /></ul>)
    expect(screen.getByText(/Paid/).textContent).toContain('Paid €12.50 (Online)')
  })

  it('after a full checkout: what was paid in all and how, not the deposit alone', () => {
    const checkedOut = { ...booking, checkedIn: true, depositPaid: 70, paid: [{ type: 'Online', amount: 70 }, { type: 'Cash', amount: 280 }], due: 0 }
    render(<ul><StaffBookingCard vm={vm} booking={checkedOut} currency="GBP" /></ul>)
    expect(screen.getByText(/Paid £/).textContent).toContain('Paid £350.00 (Online £70.00, Cash £280.00)')
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

  it('a booking paid in full online: a Paid badge, no Checkout that would charge nothing, no balance', () => {
    const paidOnline = { ...booking, depositPaid: 50, paid: [{ type: 'Online', amount: 50 }], due: 0 }
    render(<ul><StaffBookingCard vm={vm} booking={paidOnline} currency="GBP" onCheckout={() => undefined} /></ul>)
    expect(screen.queryByRole('button', { name: /^Checkout / })).toBeNull()
    expect(screen.getByText('Paid', { selector: 'span' })).toBeTruthy()
    expect(screen.getByRole('listitem').textContent).toContain('Scheduled · Paid £50.00 (Online)')
    expect(screen.queryByText(/Balance/)).toBeNull()
  })

  it('a booking paid in full keeps its payments a tap away: Payments opens the same dialog for that booking', () => {
    const opened: DayBooking[] = []
    const paidOnline = { ...booking, depositPaid: 50, paid: [{ type: 'Online', amount: 50 }], due: 0 }
    render(<ul><StaffBookingCard vm={vm} booking={paidOnline} currency="GBP" onCheckout={(b) => opened.push(b)} /></ul>)
    fireEvent.click(screen.getByRole('button', { name: 'Payments of Jane Doe at 10:00, Peel' }))
    expect(opened).toEqual([paidOnline])
  })

  it("a booking with a balance: Checkout, and the amount due in the organisation's currency", () => {
    render(<ul><StaffBookingCard vm={vm} booking={booking} currency="EUR" onCheckout={() => undefined} /></ul>)
    expect(screen.getByRole('button', { name: 'Checkout Jane Doe at 10:00, Peel' })).toBeTruthy()
    expect(screen.getByRole('listitem').textContent).toContain('Scheduled · Paid €12.50 (Online) · Balance €37.50')
    expect(screen.queryByText('Paid', { selector: 'span' })).toBeNull()
  })

  it("offers no checkout without an opener (a practitioner's login)", () => {
    render(<ul><StaffBookingCard vm={vm} booking={{ ...booking, checkedIn: true }} currency="GBP" /></ul>)
    expect(screen.queryByRole('button', { name: /^Checkout / })).toBeNull()
    render(<ul><StaffBookingCard vm={vm} booking={{ ...booking, due: 0 }} currency="GBP" /></ul>)
    expect(screen.queryByRole('button', { name: /^Payments of / })).toBeNull()
  })
})

// The day view and the week view offer a booking's checkout by one rule (checkoutOffered); the
// week view once offered it before check-in while the day view waited for it.
describe('Checkout on the day view and the week view', () => {
  const weekVm = { isAdmin: true, openCheckout: () => Promise.resolve() } as unknown as StaffWeekViewModel
  const shown = (view: ReturnType<typeof render>) => [
    view.queryAllByRole('button', { name: /^Checkout / }).length,
    view.queryAllByText('Paid', { selector: 'span' }).length,
    view.queryAllByText(/Balance £/).length,
    view.queryAllByRole('button', { name: /^Payments of / }).length,
  ]
  it.each([
    ['Scheduled', false, 37.5, 'checkout'],
    ['Scheduled', true, 37.5, 'checkout'],
    ['Completed', true, 37.5, 'checkout'],
    ['No show', false, 37.5, 'checkout'],
    // Paid in full: online before the visit, or checked out already.
    ['Scheduled', false, 0, 'paid'],
    ['Completed', true, 0, 'paid'],
    ['Pending', false, 0, 'neither'],
    ['Pending', false, 37.5, 'neither'],
    ['Cancelled', false, 0, 'neither'],
  ])('%s, checked in %s, %d due: %s on both', (status, checkedIn, due, expected) => {
    const b = { ...booking, status, checkedIn, due }
    const day = render(<ul><StaffBookingCard vm={vm} booking={b} currency="GBP" onCheckout={() => undefined} /></ul>)
    const onDay = shown(day)
    day.unmount()
    const week = render(<ul><BookingEntry vm={weekVm} booking={b} currency="GBP" /></ul>)
    const onWeek = shown(week)
    const want = { checkout: [1, 0, 1, 0], paid: [0, 1, 0, 1], neither: [0, 0, 0, 0] }[expected]
    expect([onDay, onWeek]).toEqual([want, want])
  })
})
