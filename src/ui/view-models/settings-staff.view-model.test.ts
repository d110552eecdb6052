// /staff/settings' staff logins (issue 29): the list, a new login with its role and practitioner, and
// its one-time set-password link to pass on; a taken email is refused in the server's words; a role
// changed at once; a removal asked first; the last admin and one's own login kept, in the server's words.
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

  const withMaya = async () => {
    const server = fakeServer()
    await server.vm.enter()
    server.vm.staff.set('email', 'maya@riverside.example')
    server.vm.staff.set('displayName', 'Maya')
    await server.vm.staff.add()
    return { ...server, maya: server.vm.staff.logins.find((l) => l.email === 'maya@riverside.example')! }
  }

  it('a role changes at once and the list shows it; the same role sends nothing', async () => {
    const { vm, changeStaff, maya } = await withMaya()
    await vm.staff.setRole(maya, 'admin')
    expect(changeStaff.execute).toHaveBeenCalledWith(maya.id, { role: 'admin' })
    expect(vm.session.notice).toBe('Maya is now an admin.')
    expect(vm.staff.logins.find((l) => l.id === maya.id)?.role).toBe('admin')
    await vm.staff.setRole(vm.staff.logins.find((l) => l.id === maya.id)!, 'admin')
    expect(changeStaff.execute).toHaveBeenCalledTimes(1)
  })

  it("the last admin stays one: the server's words, and the list keeps the role the server kept", async () => {
    const { vm } = await withMaya()
    const owner = vm.staff.logins.find((l) => l.role === 'admin')!
    await vm.staff.setRole(owner, 'practitioner')
    expect(vm.session.error).toBe('A clinic needs at least one admin: make another login an admin first.')
    expect(vm.staff.logins.find((l) => l.id === owner.id)?.role).toBe('admin')
  })

  it('a removal is asked first: Keep changes nothing, Remove takes the login off the list', async () => {
    const { vm, removeStaff, maya } = await withMaya()
    expect(vm.staff.isOwn(maya)).toBe(false)
    expect(vm.staff.isOwn(vm.staff.logins[0]!)).toBe(true)
    vm.staff.askRemove(maya)
    expect(vm.staff.removing).toEqual(maya)
    vm.staff.keep()
    expect(vm.staff.removing).toBeUndefined()
    expect(removeStaff.execute).not.toHaveBeenCalled()
    vm.staff.askRemove(maya)
    await vm.staff.confirmRemove()
    expect(removeStaff.execute).toHaveBeenCalledWith(maya.id)
    expect(vm.staff.removing).toBeUndefined()
    expect(vm.session.notice).toBe('Removed the staff login of Maya (maya@riverside.example).')
    expect(vm.staff.logins.map((l) => l.email)).toEqual(['owner@riverside.example'])
  })
})
