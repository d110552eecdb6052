import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { ForgotPasswordViewModel, RESET_PASSWORD_TITLE } from './forgot-password.view-model'
import { useCase, world, sessionWatch } from './account.view-model.test-support'
import type { AppError } from '../../application/failure'
import { givenBookingState } from './booking.test-support'

const NEUTRAL = 'If this email exists on our system, you will receive a password link - please also check your junk folder.'

function setup(options: { forgot?: E.Either<AppError, string>; reset?: E.Either<AppError, string> } = {}) {
  const w = world({ signedIn: false })
  const forgot = useCase(() => options.forgot ?? E.right(NEUTRAL))
  const reset = useCase(() => options.reset ?? E.right('Password updated'))
  const watcher = sessionWatch(w)
  const vm = new ForgotPasswordViewModel(forgot as never, reset as never, w.session, w.booking, w.navigator, watcher.vm)
  return { ...w, vm, forgot, reset }
}

describe('ForgotPasswordViewModel', () => {
  it('is titled Reset Password Request', () => {
    expect(RESET_PASSWORD_TITLE).toBe('Reset Password Request')
  })

  it('picks the mode from the path and token', () => {
    const { vm } = setup()
    vm.enter('/forgot-password', undefined)
    expect(vm.mode).toBe('request')
    vm.enter('/user/reset-password/abc', 'abc')
    expect(vm.mode).toBe('reset')
    vm.enter('/user/reset-password/', undefined)
    expect(vm.mode).toBe('request')
  })

  it('request mode needs an email', async () => {
    const { vm, forgot } = setup()
    vm.enter('/forgot-password', undefined)
    await vm.submit()
    expect(vm.emailError).toBe('You must enter an email address.')
    expect(forgot.execute).not.toHaveBeenCalled()
  })

  it('request mode sends the lowercased email and shows the neutral text in the dialog', async () => {
    const { vm, forgot, navigator } = setup()
    vm.enter('/forgot-password', undefined)
    vm.setEmail(' Jane@Example.com ')
    await vm.submit()
    expect(forgot.execute).toHaveBeenCalledWith({ email: 'jane@example.com' })
    expect(vm.done).toBe(NEUTRAL)
    vm.continue()
    expect(navigator.last).toBe('/')
    expect(vm.done).toBeUndefined()
  })

  it("request mode refuses a mistyped address instead of telling the customer to wait for a mail that cannot come", async () => {
    const { vm, forgot } = setup()
    vm.enter('/forgot-password', undefined)
    for (const typo of ['jane', 'jane@example', 'jane@@example.com', 'jane @example.com']) {
      vm.setEmail(typo)
      await vm.submit()
      expect(vm.emailError, typo).toBe('Invalid email address')
      expect(vm.done).toBeUndefined()
    }
    expect(forgot.execute).not.toHaveBeenCalled()
    vm.setEmail('jane@example.com')
    expect(vm.emailError).toBeUndefined()
    await vm.submit()
    expect(forgot.execute).toHaveBeenCalledWith({ email: 'jane@example.com' })
  })

  it('request mode shows a 400 server message in red', async () => {
    const { vm } = setup({ forgot: E.left({ _tag: 'Refused', status: 400, message: 'Invalid email' }) })
    vm.enter('/forgot-password', undefined)
    vm.setEmail('x@y.z')
    await vm.submit()
    expect(vm.error).toBe('Invalid email')
    expect(vm.done).toBeUndefined()
  })

  it('reset mode validates the new password and its confirmation', async () => {
    const { vm, reset } = setup()
    vm.enter('/user/reset-password/tok', 'tok')
    await vm.submit()
    expect(vm.errors.newPassword).toBe('New password cannot be empty.')
    vm.setNew('weak')
    vm.setConfirm('weak')
    await vm.submit()
    expect(vm.errors.newPassword).toBe('New password does not meet requirements.')
    vm.setNew('Strong123')
    vm.setConfirm('Strong124')
    await vm.submit()
    expect(vm.errors.confirmPassword).toBe('Passwords do not match')
    expect(reset.execute).not.toHaveBeenCalled()
  })

  it('reset mode sends the token, clears the booking info, reloads the session and opens the dialog', async () => {
    const { vm, reset, booking, sessionUseCases } = setup()
    givenBookingState(booking, { mode: { kind: 'reschedule', appointmentId: 'a1', linked: false, sources: [] } })
    vm.enter('/user/reset-password/tok', 'tok')
    vm.setNew('Strong123')
    vm.setConfirm('Strong123')
    await vm.submit()
    expect(reset.execute).toHaveBeenCalledWith({ token: 'tok', newPassword: 'Strong123' })
    expect(booking.view.isReschedule).toBe(false)
    expect(sessionUseCases.currentUser).toHaveBeenCalled()
    expect(vm.done).toBe('Password updated')
  })

  it('reset mode failure shows the server message', async () => {
    const { vm } = setup({ reset: E.left({ _tag: 'Refused', status: 401, message: 'Link expired' }) })
    vm.enter('/user/reset-password/tok', 'tok')
    vm.setNew('Strong123')
    vm.setConfirm('Strong123')
    await vm.submit()
    expect(vm.error).toBe('Link expired')
    expect(vm.done).toBeUndefined()
  })
})
