import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as E from 'fp-ts/Either'
import { EraseAccountSection } from './EraseAccountSection'
import { EraseAccountViewModel } from '../../view-models/erase-account.view-model'
import { sessionWatch, useCase, world } from '../../view-models/account.view-model.test-support'

afterEach(cleanup)

function renderSection(answer: () => E.Either<{ _tag: 'Refused'; status: number; message: string }, void>) {
  const w = world()
  const erase = useCase(answer)
  const vm = new EraseAccountViewModel(erase as never, w.session, sessionWatch(w).vm, w.booking, w.navigator, w.toasts)
  render(<EraseAccountSection vm={vm} />)
  return { vm, erase, w }
}

describe('EraseAccountSection', () => {
  it('asks in an alertdialog, with the password, before erasing; Keep closes it untouched', async () => {
    const { erase } = renderSection(() => E.right(undefined))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Erase my account' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Erase your account?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(erase.execute).not.toHaveBeenCalled()
  })

  it('erases with the password typed (the button or Enter) and closes', async () => {
    const { erase, w } = renderSection(() => E.right(undefined))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Erase my account' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Erase your account?' })
    await user.click(within(dialog).getByRole('button', { name: 'Erase my account' }))
    expect(within(dialog).getByText('Enter your password to confirm.')).toBeTruthy()
    expect(erase.execute).not.toHaveBeenCalled()
    await user.type(within(dialog).getByLabelText(/Your password, to confirm/), 'Secret123{Enter}')
    expect(erase.execute).toHaveBeenCalledWith('Secret123')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(w.navigator.last).toBe('/')
  })

  it("shows the server's refusal in the dialog", async () => {
    renderSection(() => E.left({ _tag: 'Refused', status: 400, message: 'The password is not right.' }))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Erase my account' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Erase your account?' })
    await user.type(within(dialog).getByLabelText(/Your password, to confirm/), 'wrong')
    await user.click(within(dialog).getByRole('button', { name: 'Erase my account' }))
    expect(await within(dialog).findByText('The password is not right.')).toBeTruthy()
  })
})
