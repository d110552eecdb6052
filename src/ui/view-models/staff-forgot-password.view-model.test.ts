// The staff forgot-password form over the real use case and HTTP adapter; nock plays the server.
import { describe, expect, it } from 'vitest'
import { useNock } from '../../adapters/http/test-support'
import { FORGOT_PASSWORD_RESULT } from '../../domain/validation/forgot-password'
import { staffForgotPasswordViewModel, staffServer as server } from './staff-forgot-password.test-support'

useNock()

describe('StaffForgotPasswordViewModel', () => {
  it('needs an email, and a well-formed one, before asking the server', async () => {
    const vm = staffForgotPasswordViewModel()
    await vm.submit()
    expect(vm.emailError).toBe('You must enter an email address.')
    vm.setEmail('desk@clinic')
    expect(vm.emailError).toBeUndefined()
    await vm.submit()
    expect(vm.emailError).toBe('Invalid email address')
    expect(vm.sent).toBeUndefined()
  })

  it('posts the trimmed, lower-cased address and shows the neutral answer instead of the form', async () => {
    server().post('/api/staff/forgot-password', { email: 'desk@clinic.example.com' }).reply(200, { message: FORGOT_PASSWORD_RESULT })
    const vm = staffForgotPasswordViewModel()
    vm.setEmail('  Desk@Clinic.Example.com ')
    const pending = vm.submit()
    expect(vm.submitting).toBe(true)
    await pending
    expect(vm.submitting).toBe(false)
    expect(vm.sent).toBe(FORGOT_PASSWORD_RESULT)
    expect(vm.error).toBeUndefined()
  })

  it('keeps the form with the message when the request fails (too many requests), and a later try goes through', async () => {
    server().post('/api/staff/forgot-password').reply(429, { statusCode: 429, message: 'Too many requests, please try again later.' })
    const vm = staffForgotPasswordViewModel()
    vm.setEmail('desk@clinic.example.com')
    await vm.submit()
    expect(vm.error).toBe('Too many requests, please try again later.')
    expect(vm.sent).toBeUndefined()

    server().post('/api/staff/forgot-password').reply(200, { message: FORGOT_PASSWORD_RESULT })
    await vm.submit()
    expect(vm.error).toBeUndefined()
    expect(vm.sent).toBe(FORGOT_PASSWORD_RESULT)
  })

  it('starts afresh on each visit', async () => {
    server().post('/api/staff/forgot-password').reply(200, { message: FORGOT_PASSWORD_RESULT })
    const vm = staffForgotPasswordViewModel()
    vm.setEmail('desk@clinic.example.com')
    await vm.submit()
    vm.enter()
    expect(vm.sent).toBeUndefined()
    expect(vm.email).toBe('')
  })
})
