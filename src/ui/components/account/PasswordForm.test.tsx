import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as E from 'fp-ts/Either'
import { PasswordForm } from './PasswordForm'
import { PasswordViewModel } from '../../view-models/password.view-model'
import { useCase, world, sessionWatch } from '../../view-models/account.view-model.test-support'
import type { AppError } from '../../../application/failure'

afterEach(cleanup)

function renderForm(answer: E.Either<AppError, string>) {
  const w = world()
  const vm = new PasswordViewModel(useCase(() => answer) as never, w.session, sessionWatch(w).vm)
  render(<PasswordForm vm={vm} />)
  return vm
}

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('Current password'), current)
  if (next) await user.type(screen.getByLabelText('New password'), next)
  if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm)
  await user.click(screen.getByRole('button', { name: 'Change password' }))
}

describe('PasswordForm', () => {
  it('shows the hint and the field errors', async () => {
    renderForm(E.right('ok'))
    expect(screen.getByText('At least 8 characters, one upper case, one number')).toBeTruthy()
    await fill('Old12345', 'weak', 'weak2')
    expect(screen.getByText('New password does not meet requirements.')).toBeTruthy()
    expect(screen.getByText('Passwords do not match.')).toBeTruthy()
  })

  it('keeps the button enabled while the new password is empty and shows the spec message beside it', async () => {
    renderForm(E.right('ok'))
    const button = screen.getByRole('button', { name: 'Change password' }) as HTMLButtonElement
    expect(button.disabled).toBe(false)
    await fill('Old12345', '', '')
    expect(screen.getByText('New password cannot be empty.')).toBeTruthy()
  })

  it('with nothing typed, submit shows the current and new password messages', async () => {
    renderForm(E.right('ok'))
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change password' }))
    expect(screen.getByText('Current password is required')).toBeTruthy()
    expect(screen.getByText('New password cannot be empty.')).toBeTruthy()
  })

  it('shows a 200 message as a status in the normal colour', async () => {
    renderForm(E.right('Password updated successfully'))
    await fill('Old12345', 'NewPass12', 'NewPass12')
    const message = await screen.findByRole('status')
    expect(message.textContent).toBe('Password updated successfully')
  })

  it('shows a 401 message as an alert in red', async () => {
    renderForm(E.left({ _tag: 'Refused', status: 401, message: 'Wrong current password' }))
    await fill('Old12345', 'NewPass12', 'NewPass12')
    const alert = (await screen.findAllByRole('alert')).find((a) => a.textContent === 'Wrong current password')
    expect(alert).toBeTruthy()
  })
})
