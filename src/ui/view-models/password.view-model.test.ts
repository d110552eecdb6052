import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { PASSWORD_HINT, PasswordViewModel } from './password.view-model'
import { CUSTOMER, useCase, world, sessionWatch } from './account.view-model.test-support'
import type { AppError } from '../../application/failure'

function setup(answer: E.Either<AppError, string> = E.right('Password changed')) {
  const w = world()
  const change = useCase(() => answer)
  const watcher = sessionWatch(w)
  const vm = new PasswordViewModel(change as never, w.session, watcher.vm)
  vm.setCurrent('OldPass1')
  return { vm, change, watcher }
}

describe('PasswordViewModel', () => {
  it('hints the rule', () => {
    expect(PASSWORD_HINT).toBe('At least 8 characters, one upper case, one number')
  })

  it('rejects an empty new password', async () => {
    const { vm, change } = setup()
    await vm.submit()
    expect(vm.errors.newPassword).toBe('New password cannot be empty.')
    expect(change.execute).not.toHaveBeenCalled()
  })

  it('rejects a password that does not meet the rule', async () => {
    const { vm } = setup()
    vm.setNew('short1')
    vm.setConfirm('short1')
    await vm.submit()
    expect(vm.errors.newPassword).toBe('New password does not meet requirements.')
  })

  it('rejects a confirmation that does not match', async () => {
    const { vm } = setup()
    vm.setNew('NewPass12')
    vm.setConfirm('NewPass13')
    await vm.submit()
    expect(vm.errors.confirmPassword).toBe('Passwords do not match.')
  })

  it('keeps the button enabled on an empty form and shows every field message on submit', async () => {
    const { vm, change } = setup()
    vm.setCurrent('')
    expect(vm.canSubmit).toBe(true)
    await vm.submit()
    expect(vm.errors).toEqual({ currentPassword: 'Current password is required', newPassword: 'New password cannot be empty.' })
    expect(change.execute).not.toHaveBeenCalled()
  })

  it('does not send without the current password', async () => {
    const { vm, change } = setup()
    vm.setCurrent('')
    vm.setNew('NewPass12')
    vm.setConfirm('NewPass12')
    await vm.submit()
    expect(vm.errors).toEqual({ currentPassword: 'Current password is required' })
    expect(change.execute).not.toHaveBeenCalled()
    vm.setCurrent('OldPass1')
    expect(vm.errors.currentPassword).toBeUndefined()
  })

  it('a 200 shows the message in the normal colour and clears the fields', async () => {
    const { vm, change } = setup()
    vm.setNew('NewPass12')
    vm.setConfirm('NewPass12')
    await vm.submit()
    expect(change.execute).toHaveBeenCalledWith({ userId: CUSTOMER.id, currentPassword: 'OldPass1', newPassword: 'NewPass12' })
    expect(vm.response).toEqual({ text: 'Password changed', tone: 'normal' })
    expect(vm.newPassword).toBe('')
  })

  it('a 401 shows the message in red', async () => {
    const { vm } = setup(E.left({ _tag: 'Refused', status: 401, message: 'Current password is incorrect' }))
    vm.setNew('NewPass12')
    vm.setConfirm('NewPass12')
    await vm.submit()
    expect(vm.response).toEqual({ text: 'Current password is incorrect', tone: 'error' })
  })

  it('any other status stays silent', async () => {
    const { vm } = setup(E.left({ _tag: 'Refused', status: 500, message: 'Request failed with status 500' }))
    vm.setNew('NewPass12')
    vm.setConfirm('NewPass12')
    await vm.submit()
    expect(vm.response).toBeUndefined()
  })

  it('closes the live socket during its own change (the server logs out every session) and reconnects after', async () => {
    const { vm, change, watcher } = setup()
    watcher.vm.start()
    await new Promise((r) => setTimeout(r, 0))
    let closedDuringCall = false
    change.execute.mockImplementation(async () => {
      closedDuringCall = watcher.connections[0]!.close.mock.calls.length > 0
      return E.right('Password changed')
    })
    vm.setNew('NewPass12')
    vm.setConfirm('NewPass12')
    await vm.submit()
    await new Promise((r) => setTimeout(r, 0))
    expect(closedDuringCall).toBe(true)
    expect(watcher.watch.execute).toHaveBeenCalledTimes(2)
    expect(watcher.vm.connectedFor).toBe(CUSTOMER.id)
  })
})
