// /staff/settings' staff logins (issue 29): the list, a new login with its role and practitioner, and
// its one-time set-password link to pass on; a taken email is refused in the server's words.
import { describe, expect, it } from 'vitest'
import { fakeServer } from './staff-settings.test-support'

describe('StaffLoginsViewModel', () => {
  it('opening the tab lists the logins; a new practitioner login comes back with its set-password link', async () => {
    const { vm, addStaff, logins } = fakeServer()
    await vm.enter()
    vm.setSection('staff')
    await vm.staff.load()
    expect(vm.staff.logins.map((l) => l.email)).toEqual(['owner@riverside.example'])
    vm.staff.set('email', ' maya@riverside.example ')
    vm.staff.set('displayName', 'Maya')
    vm.staff.set('role', 'practitioner')
    vm.staff.set('practitioner', 'maya')
    await vm.staff.add()
    expect(addStaff.execute).toHaveBeenCalledWith({ email: 'maya@riverside.example', displayName: 'Maya', role: 'practitioner', practitioner: 'maya' })
    expect(vm.session.notice).toBe('Staff login added for maya@riverside.example (practitioner).')
    expect(vm.staff.created).toEqual({ email: 'maya@riverside.example', setPasswordUrl: 'https://riverside.example/staff/set-password/token-2' })
    expect(vm.staff.logins.map((l) => l.email)).toEqual(['owner@riverside.example', 'maya@riverside.example'])
    expect(vm.staff.form).toEqual({ email: '', displayName: '', role: 'practitioner', practitioner: '' })
    expect(logins).toHaveLength(2)
  })

  it('an admin login without a practitioner; a taken email is refused with the server\'s text and the typed values kept', async () => {
    const { vm, addStaff } = fakeServer()
    await vm.enter()
    vm.staff.set('email', 'owner@riverside.example')
    vm.staff.set('displayName', 'Second owner')
    vm.staff.set('role', 'admin')
    await vm.staff.add()
    expect(addStaff.execute).toHaveBeenCalledWith({ email: 'owner@riverside.example', displayName: 'Second owner', role: 'admin' })
    expect(vm.session.error).toBe('A staff login with this email already exists.')
    expect(vm.staff.created).toBeUndefined()
    expect(vm.staff.form.displayName).toBe('Second owner')
  })
})
