// The desk record's 'Personal data': the export as a file, and an erasure asked in an alertdialog first.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { EraseCustomer, ExportCustomerData } from '../../../application/use-cases/admin.use-case'
import { fake, httpFail, ok } from '../../../application/use-cases/fakes.test-support'
import type { AdminApi } from '../../../application/ports/admin.port'
import type { ErasureReceipt } from '../../../contract/privacy.routes'
import { ManualClock } from '../../view-models/account.view-model.test-support'
import { StaffCustomerPrivacyViewModel } from '../../view-models/staff-customer-privacy.view-model'
import { ToastViewModel } from '../../view-models/toast.view-model'
import { StaffCustomerPrivacy } from './StaffCustomerPrivacy'

afterEach(cleanup)

const ID = 'c50000000000000000000001'
const receipt: ErasureReceipt = { customerId: ID, pseudonym: 'Erased customer 00000001', appointmentsCancelled: 1, formsDeleted: 1, cardsDeleted: 0, leadsDeleted: 0, messagesDeleted: 2, invoicesKept: 1 }

function renderPanel(erase: Awaited<ReturnType<AdminApi['eraseCustomer']>>) {
  const api = fake<AdminApi>().on('eraseCustomer', [erase])
  const vm = new StaffCustomerPrivacyViewModel(new ExportCustomerData(api.port), new EraseCustomer(api.port), { save: () => undefined }, new ToastViewModel(new ManualClock()))
  const onErased = vi.fn()
  render(<StaffCustomerPrivacy vm={vm} customerId={ID} name="Mrs Jane Doe" onErased={onErased} />)
  return { api, onErased }
}

describe('StaffCustomerPrivacy', () => {
  it('names the customer in an alertdialog before erasing; Keep sends nothing', async () => {
    const { api, onErased } = renderPanel(ok(receipt))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Erase customer' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Erase Mrs Jane Doe?' })
    expect(dialog.textContent).toContain('This cannot be undone.')
    await user.click(within(dialog).getByRole('button', { name: 'Keep the customer' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(api.calls).toEqual([])
    expect(onErased).not.toHaveBeenCalled()
  })

  it('confirmed: erases, says what was kept and what went, and shows the record again', async () => {
    const { api, onErased } = renderPanel(ok(receipt))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Erase customer' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Erase customer' }))
    expect(api.calls).toEqual([{ method: 'eraseCustomer', args: [ID] }])
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(onErased).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('status').textContent).toBe('Erased. Invoices and payments kept as Erased customer 00000001 (1 invoice). Cancelled 1 future visit; deleted 1 form, 0 cards, 0 enquiries, 2 messages.')
    expect(screen.queryByRole('button', { name: 'Erase customer' })).toBeNull()
  })

  it("refused (a practitioner): the server's message in the dialog, nothing erased", async () => {
    const { onErased } = renderPanel(httpFail(403, 'Only an admin can do this.'))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Erase customer' }))
    const dialog = screen.getByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Erase customer' }))
    expect(within(dialog).getByRole('alert').textContent).toBe('Only an admin can do this.')
    expect(onErased).not.toHaveBeenCalled()
  })
})
