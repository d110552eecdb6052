import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as E from 'fp-ts/Either'
import type { WaitlistEntry } from '../../../contract/waitlist.codecs'
import { ManualClock } from '../../view-models/booking.test-support'
import { ToastViewModel } from '../../view-models/toast.view-model'
import { WaitlistTabViewModel } from '../../view-models/waitlist-tab.view-model'
import { WaitlistSection } from './WaitlistSection'

afterEach(cleanup)

const FACIAL: WaitlistEntry = {
  id: 'e1',
  clinic: { id: 'c1', name: 'Harley Street' },
  services: [{ id: 's1', name: 'Facial' }],
  practitioner: { id: 'p1', name: 'Anna Smith' },
  from: '2026-03-12',
  to: '2026-03-20',
  parts: ['morning'],
  status: 'active',
  createdAt: '2026-03-10T09:00:00.000Z',
}

async function renderSection(entries: WaitlistEntry[]) {
  const left: string[] = []
  const vm = new WaitlistTabViewModel({ execute: async () => E.right(entries) }, { execute: async (id) => (left.push(id), E.right(true as const)) }, new ToastViewModel(new ManualClock()))
  await act(() => vm.load())
  const view = render(<WaitlistSection vm={vm} />)
  return { vm, left, view }
}

describe('WaitlistSection', () => {
  it('shows nothing to a customer who waits for nothing (the account as before)', async () => {
    const { view } = await renderSection([])
    expect(view.container.innerHTML).toBe('')
  })

  it("lists each entry; Remove asks 'Remove from the waitlist?' first, then the entry goes", async () => {
    const { left } = await renderSection([FACIAL])
    const section = screen.getByRole('region', { name: 'Your waitlist' })
    expect(within(section).getByText('Facial')).toBeTruthy()
    expect(within(section).getByText('Harley Street · Anna Smith')).toBeTruthy()
    expect(within(section).getByText('12/03/2026 to 20/03/2026 · Morning')).toBeTruthy()
    expect(within(section).getByText('Waiting')).toBeTruthy()
    const user = userEvent.setup()
    await user.click(within(section).getByRole('button', { name: 'Remove Facial from the waitlist' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Remove from the waitlist?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(left).toEqual(['e1'])
    expect(await screen.findByText('You are not on the waitlist for anything.')).toBeTruthy()
  })
})
