import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { NOTIFICATIONS_SAVED, StaffNotificationsViewModel } from './staff-notifications.view-model'
import { useCase } from './account.view-model.test-support'
import { InMemoryTokenStore } from '../../adapters/storage/in-memory.adapter'
import type { AppError } from '../../application/failure'
import type { StaffNotificationSettingsBody } from '../../contract/practitioner-feeds.routes'

const SARAH = 'a'.repeat(24)
const JAMES = 'b'.repeat(24)
const refused = (message: string): AppError => ({ _tag: 'Refused', status: 400, message })

function setup(options: { role?: 'admin' | 'practitioner'; practitionerId?: string } = {}) {
  const tokens = new InMemoryTokenStore()
  tokens.set('staff-token')
  const me = useCase(async () => E.right({ id: 'c'.repeat(24), email: 's@demo.test', displayName: 'Sarah', role: options.role ?? 'practitioner', ...(options.practitionerId ? { practitionerId: options.practitionerId } : {}) }))
  const listStaff = useCase(async () => E.right([
    { id: '1'.repeat(24), email: 'x@demo.test', displayName: 'Sarah Jones', role: 'practitioner' as const, practitionerId: SARAH },
    { id: '2'.repeat(24), email: 'y@demo.test', displayName: 'James Lee', role: 'practitioner' as const, practitionerId: JAMES },
  ]))
  const load = useCase(async () => E.right({ email: true, sms: false, mobilePhone: '+447700900123' }))
  const save = useCase(async (body: StaffNotificationSettingsBody) =>
    body.mobilePhone === 'nope' ? E.left(refused('Please enter a valid mobile number for texts, or leave it empty.')) : E.right({ email: body.email, sms: body.sms, ...(body.mobilePhone ? { mobilePhone: '+447700900999' } : {}) }))
  const status = useCase(async (id?: string) => E.right({ practitionerId: id ?? SARAH, practitionerName: id === JAMES ? 'James Lee' : 'Sarah Jones', active: false }))
  const create = useCase(async (id?: string) => E.right({ practitionerId: id ?? SARAH, practitionerName: 'Sarah Jones', url: 'https://book.test/api/calendar-feeds/t0k/calendar.ics', createdAt: '2026-12-01T10:00:00.000Z' }))
  const revoke = useCase(async () => E.right({ message: 'revoked' }))
  const vm = new StaffNotificationsViewModel(me as never, listStaff as never, load as never, save as never, status as never, create as never, revoke as never, tokens)
  return { vm, save, status, create, revoke, listStaff }
}

describe('StaffNotificationsViewModel', () => {
  it("loads the login's choices and its practitioner's feed; saves changes and shows the server's refusal", async () => {
    const { vm, save, status } = setup({ practitionerId: SARAH })
    await vm.enter()
    expect([vm.email, vm.sms, vm.mobilePhone]).toEqual([true, false, '+447700900123'])
    expect(status.execute).toHaveBeenCalledWith(undefined)
    expect(vm.feed).toMatchObject({ practitionerName: 'Sarah Jones', active: false })
    vm.setSms(true)
    vm.setMobilePhone('nope')
    await vm.save()
    expect(vm.error).toBe('Please enter a valid mobile number for texts, or leave it empty.')
    expect(vm.saved).toBeUndefined()
    vm.setMobilePhone(' 07700 900999 ')
    await vm.save()
    expect(save.execute).toHaveBeenLastCalledWith({ email: true, sms: true, mobilePhone: '07700 900999' })
    expect([vm.error, vm.saved, vm.mobilePhone]).toEqual([undefined, NOTIFICATIONS_SAVED, '+447700900999'])
  })

  it('makes a feed link (shown once), makes it again, and revokes it', async () => {
    const { vm, create, revoke } = setup({ practitionerId: SARAH })
    await vm.enter()
    await vm.makeFeed()
    expect(create.execute).toHaveBeenCalledWith(undefined)
    expect(vm.feedUrl).toBe('https://book.test/api/calendar-feeds/t0k/calendar.ics')
    expect(vm.feed?.active).toBe(true)
    await vm.stopFeed()
    expect(revoke.execute).toHaveBeenCalledWith(undefined)
    expect(vm.feedUrl).toBeUndefined()
    expect(vm.feed?.active).toBe(false)
  })

  it('lets an admin without a practitioner pick one among the practitioners with a login', async () => {
    const { vm, status, create, listStaff } = setup({ role: 'admin' })
    await vm.enter()
    expect(listStaff.execute).toHaveBeenCalled()
    expect(vm.hasPractitioner).toBe(false)
    expect(status.execute).not.toHaveBeenCalled()
    expect(vm.practitioners).toEqual([{ id: SARAH, name: 'Sarah Jones' }, { id: JAMES, name: 'James Lee' }])
    await vm.choosePractitioner(JAMES)
    expect(status.execute).toHaveBeenCalledWith(JAMES)
    expect(vm.feed?.practitionerName).toBe('James Lee')
    await vm.makeFeed()
    expect(create.execute).toHaveBeenCalledWith(JAMES)
  })

  it('asks nothing without a staff sign-in', async () => {
    const tokens = new InMemoryTokenStore()
    const me = useCase(async () => E.right({}))
    const vm = new StaffNotificationsViewModel(me as never, me as never, me as never, me as never, me as never, me as never, me as never, tokens)
    await vm.enter()
    expect(vm.signedIn).toBe(false)
    expect(me.execute).not.toHaveBeenCalled()
  })
})
