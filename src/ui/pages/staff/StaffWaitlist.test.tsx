// The desk's waiting customers: with no one waiting, a line saying so and nothing empty under it.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import type { StaffWaitlistViewModel } from '../../view-models/staff-waitlist.view-model'
import { StaffWaitlist } from './StaffWaitlist'

afterEach(cleanup)

// Only what the section reads with no one waiting and no dialog open.
const vm = { waiting: [], loading: false, error: undefined, notice: undefined, offering: undefined, removing: undefined, busy: false, practitioners: [], load: vi.fn(async () => {}) } as unknown as StaffWaitlistViewModel

describe('StaffWaitlist', () => {
  it('says no one is waiting, with no empty list under the heading (it left a gap)', () => {
    render(<StaffWaitlist vm={vm} location="c1" date="2026-12-01" />)
    expect(screen.getByText('No one is waiting for this day.')).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
    // the live region stays, to announce what an offer or a removal did
    expect(screen.getByRole('status').textContent).toBe('')
  })
})
