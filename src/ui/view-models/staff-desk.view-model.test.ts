import { describe, expect, it, vi } from 'vitest'
import * as E from 'fp-ts/Either'
import type { AppError } from '../../application/failure'
import { addDays, clinicDateOf } from './staff-desk.view-model'
import { CHECKOUT_MESSAGES, checkoutOffered, deskCheckout } from '../../domain/desk/checkout'
import { ADMIN, block, booking, setup } from './staff-desk.test-support'

describe('StaffDeskViewModel', () => {
  it("checks out a checked-in booking in the day view's own checkout: 'Paid in full' is the day's notice, the day read again", async () => {
    const arrived = booking({ checkedIn: true })
    const { vm, day, takeBalance } = setup({ token: 'staff-token', day: [arrived] })
    await vm.enter('2026-06-01')
    const reads = day.execute.mock.calls.length
    await vm.openCheckout(arrived)
    expect(vm.checkout.checkingOut).toEqual(arrived)
    expect(vm.checkout.checkout?.balance).toBe(60)
    await vm.checkout.pay()
    expect(takeBalance.execute).toHaveBeenCalledWith(arrived.id, { payments: [{ method: 'cash', amount: 60 }] })
    expect(vm.checkout.checkout?.balance).toBe(0)
    expect(vm.notice).toBe('Paid in full: Jane Doe, Peel.')
    expect(day.execute.mock.calls.length).toBe(reads + 1)
    // Paid in full: the deposit was taken off the bill, no refund is offered, and one asked for anyway is told why.
    expect(vm.checkout.checkout?.refundableDeposit).toBe(0)
    await vm.checkout.refundDeposit()
    expect(vm.checkout.checkoutForm?.error).toBe(CHECKOUT_MESSAGES.checkedOut)
    expect(vm.notice).toBe('Paid in full: Jane Doe, Peel.')
    vm.checkout.close()
    expect(vm.checkout.checkingOut).toBeUndefined()
  })

  it('after the checkout, the day read again says nothing is due: the booking is paid and offers no checkout', async () => {
    const arrived = booking({ status: 'Scheduled', checkedIn: true })
    const { vm } = setup({ token: 'staff-token', day: [arrived] })
    await vm.enter('2026-06-01')
    expect(vm.bookings.map((b) => [b.due, checkoutOffered(b)])).toEqual([[60, true]])
    await vm.openCheckout(vm.bookings[0]!)
    await vm.checkout.pay()
    await vi.waitFor(() => expect(vm.bookings[0]?.due).toBe(0))
    expect(checkoutOffered(vm.bookings[0]!)).toBe(false)
    expect(deskCheckout(vm.bookings[0]!)).toEqual({ _tag: 'Paid' })
  })

  it('counts the day in Europe/London and moves a plain date by whole days', () => {
    expect(clinicDateOf(new Date('2026-05-31T23:30:00Z'))).toBe('2026-06-01')
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })

  it('asks for sign-in when no staff token is stored, and loads nothing', async () => {
    const { vm, day } = setup()
    await vm.enter()
    expect(vm.signedIn).toBe(false)
    expect(vm.date).toBe('2026-06-01')
    expect(vm.location).toBe('c'.repeat(24))
    expect(day.execute).not.toHaveBeenCalled()
  })

  it('shows the server message on a failed sign-in and loads the day after a good one', async () => {
    const two = [booking({ id: '1'.repeat(24), practitioner: 'Sarah', start: '2026-06-01T10:00:00.000Z' }), booking({ id: '2'.repeat(24), practitioner: 'James' }), booking({ id: '3'.repeat(24), practitioner: 'Sarah' })]
    const { vm, day, tokens } = setup({ day: two })
    await vm.enter()
    vm.setEmail('admin@demo.test')
    vm.setPassword('wrong')
    await vm.signIn()
    expect(vm.loginError).toBe('Wrong email or password.')
    expect(vm.signedIn).toBe(false)
    vm.setPassword('right')
    await vm.signIn()
    expect(vm.signedIn).toBe(true)
    expect(tokens.get()).toBe('staff-token')
    expect(day.execute).toHaveBeenLastCalledWith({ date: '2026-06-01', location: 'c'.repeat(24) })
    expect(vm.columns.map((c) => [c.practitioner, c.bookings.map((b) => b.id[0])])).toEqual([['Sarah', ['3', '1']], ['James', ['2']]])
  })

  it("shows a column for everyone on the location's rota, booked or not", async () => {
    const { vm, rota } = setup({ token: 't', rota: ['Anna', 'Sarah'], day: [booking({ practitioner: 'Sarah' }), booking({ id: '2'.repeat(24), practitioner: 'Locum' })] })
    await vm.enter()
    expect(rota.execute).toHaveBeenLastCalledWith('2026-06-01', 'c'.repeat(24))
    expect(vm.columns.map((c) => [c.practitioner, c.bookings.length])).toEqual([['Anna', 0], ['Sarah', 1], ['Locum', 1]])
  })

  it("draws the day's blocks of time in their practitioner's column, leave begun days before included, other locations' left out", async () => {
    const lunch = block({ id: '1'.repeat(24), start: '2026-06-01T11:00:00.000Z', end: '2026-06-01T12:00:00.000Z' })
    const leave = block({ id: '2'.repeat(24), type: 'Leave', practitioner: 'Anna', start: '2026-05-29T08:00:00.000Z', end: '2026-06-02T16:00:00.000Z' })
    const elsewhere = block({ id: '3'.repeat(24), practitioner: 'Sarah', locationId: 'd'.repeat(24), location: 'Leeds' })
    const yesterday = block({ id: '4'.repeat(24), start: '2026-05-31T09:00:00.000Z', end: '2026-05-31T10:00:00.000Z' })
    const meeting = block({ id: '5'.repeat(24), type: 'Block', practitioner: 'Locum', start: '2026-06-01T14:00:00.000Z', end: '2026-06-01T15:00:00.000Z' })
    const { vm, listBlocks } = setup({ token: 't', rota: ['Anna', 'Sarah'], day: [booking({ practitioner: 'Sarah' })], blocks: [meeting, lunch, leave, elsewhere, yesterday] })
    await vm.enter()
    // Blocks last at most 7 days: those that started up to a week before may still take time today.
    expect(listBlocks.execute).toHaveBeenLastCalledWith({ from: '2026-05-25', to: '2026-06-01' })
    expect(vm.columns.map((c) => [c.practitioner, c.bookings.length, c.blocks.map((b) => b.id[0])])).toEqual([['Anna', 0, ['2']], ['Sarah', 1, ['1']], ['Locum', 0, ['5']]])
  })

  it('removes a block and reads the day again, so the column no longer shows it', async () => {
    const lunch = block({})
    const { vm, removeBlock, day } = setup({ token: 't', rota: ['Sarah'], blocks: [lunch] })
    await vm.enter()
    expect(vm.columns[0].blocks).toHaveLength(1)
    const reads = day.execute.mock.calls.length
    await vm.removeBlock(lunch)
    expect(removeBlock.execute).toHaveBeenCalledWith(lunch.id)
    expect(day.execute.mock.calls.length).toBe(reads + 1)
    expect(vm.columns[0].blocks).toEqual([])
    expect(vm.notice).toBe('Block removed: the time is bookable again.')
  })

  it("shows the server's refusal to remove another practitioner's block and keeps it", async () => {
    const { vm } = setup({ token: 't', rota: ['Sarah'], blocks: [block({})], removeError: { _tag: 'Refused', status: 403, message: 'You can only change your own calendar.' } })
    await vm.enter()
    await vm.removeBlock(vm.blocks[0])
    expect(vm.error).toBe('You can only change your own calendar.')
    expect(vm.columns[0].blocks).toHaveLength(1)
  })

  it("offers the admins' actions to an admin only: a practitioner's login is not", async () => {
    const admin = setup({ token: 't' })
    expect(admin.vm.isAdmin).toBe(false) // not known yet: nothing offered
    await admin.vm.enter()
    expect(admin.vm.isAdmin).toBe(true)
    const practitioner = setup({ token: 't', me: { ...ADMIN, role: 'practitioner', practitionerId: 'p'.repeat(24) } })
    await practitioner.vm.enter()
    expect(practitioner.vm.staff?.role).toBe('practitioner')
    expect(practitioner.vm.isAdmin).toBe(false)
  })

  it('loads the chosen day and ignores a date that is not one', async () => {
    const { vm, day } = setup({ token: 't' })
    await vm.enter()
    await vm.shiftDay(1)
    expect(day.execute).toHaveBeenLastCalledWith({ date: '2026-06-02', location: 'c'.repeat(24) })
    await vm.shiftDay(-2)
    expect(vm.date).toBe('2026-05-31')
    const calls = day.execute.mock.calls.length
    await vm.setDate('')
    expect(vm.date).toBe('2026-05-31')
    expect(day.execute.mock.calls.length).toBe(calls)
  })

  it('checks in, marks a no-show and cancels, replacing the booking with the server answer', async () => {
    const id = '1'.repeat(24)
    const { vm, mark, cancel, clock } = setup({ token: 't', day: [booking({ id })] })
    await vm.enter()
    await vm.act(id, 'checked-in')
    expect(mark.execute).toHaveBeenCalledWith(id, 'checked-in')
    expect(vm.bookings[0].checkedIn).toBe(true)
    expect(vm.notice).toBe('Checked in: Jane Doe at 10:00.')
    clock.set(new Date('2026-06-01T09:05:00Z')) // 10:05 London: the 10:00 appointment has started
    await vm.act(id, 'no-show')
    expect(vm.bookings[0].status).toBe('no-show')
    await vm.act(id, 'cancel')
    expect(cancel.execute).toHaveBeenCalledWith(id, false)
    expect(vm.bookings[0].status).toBe('cancelled')
  })

  it("names a late-cancellation fee in the organisation's currency", async () => {
    const id = '1'.repeat(24)
    const { vm, cancel } = setup({ token: 't', day: [booking({ id })] })
    await vm.enter()
    vm.askCancel(vm.bookings[0])
    vm.setChargeFee(true)
    await vm.confirmCancel('EUR')
    expect(cancel.execute).toHaveBeenCalledWith(id, true)
    expect(vm.notice).toBe('Cancelled: Jane Doe at 10:00. Late-cancellation fee charged: €12.50.')
  })

  it("offers check-in from the appointment's London day and no-show once it has started; refuses them earlier without calling the server", async () => {
    // The clock reads 00:30 on 1 June in London (still 31 May in UTC).
    const today = booking({ id: '1'.repeat(24) }) // 10:00 London on 1 June
    const tomorrow = booking({ id: '2'.repeat(24), start: '2026-06-01T23:30:00.000Z', end: '2026-06-02T00:00:00.000Z' }) // 00:30 on 2 June
    const earlier = booking({ id: '3'.repeat(24), start: '2026-05-31T22:00:00.000Z', end: '2026-05-31T22:30:00.000Z' }) // 23:00 on 31 May
    const { vm, mark, clock } = setup({ token: 't', day: [today, tomorrow, earlier] })
    await vm.enter()
    const checkInLater = 'A customer can be checked in only on the day of the appointment.'
    const noShowLater = 'A no-show can be marked only once the appointment has started.'
    expect([today, tomorrow, earlier].map((b) => [vm.attendanceRefusal(b, 'checked-in'), vm.attendanceRefusal(b, 'no-show')])).toEqual([
      [undefined, noShowLater],
      [checkInLater, noShowLater],
      [undefined, undefined],
    ])
    await vm.act(tomorrow.id, 'checked-in')
    await vm.act(today.id, 'no-show')
    expect(mark.execute).not.toHaveBeenCalled()
    expect(vm.error).toBe(noShowLater)
    expect(vm.bookings.map((b) => [b.status, b.checkedIn])).toEqual([['booked', false], ['booked', false], ['booked', false]])
    clock.set(new Date('2026-06-01T09:00:00Z'))
    expect(vm.attendanceRefusal(today, 'no-show')).toBeUndefined()
    await vm.act(today.id, 'no-show')
    expect(mark.execute).toHaveBeenCalledWith(today.id, 'no-show')
  })

  it('cancels only after the confirmation, with the fee when ticked', async () => {
    const id = '1'.repeat(24)
    const { vm, cancel } = setup({ token: 't', day: [booking({ id })] })
    await vm.enter()
    vm.askCancel(vm.bookings[0])
    expect(vm.cancelling?.id).toBe(id)
    vm.closeCancel()
    expect(cancel.execute).not.toHaveBeenCalled()
    vm.askCancel(vm.bookings[0])
    vm.setChargeFee(true)
    await vm.confirmCancel()
    expect(cancel.execute).toHaveBeenCalledWith(id, true)
    expect(vm.cancelling).toBeUndefined()
    vm.askCancel(vm.bookings[0])
    expect(vm.chargeFee).toBe(false)
  })

  it('after a reload, asks who the stored staff token belongs to', async () => {
    const { vm, me, day } = setup({ token: 't' })
    await vm.enter('2026-07-04')
    expect(me.execute).toHaveBeenCalledTimes(1)
    expect(vm.staff).toEqual(ADMIN)
    expect(vm.date).toBe('2026-07-04')
    expect(day.execute).toHaveBeenLastCalledWith({ date: '2026-07-04', location: 'c'.repeat(24) })
  })

  it('after a reload with an ended session, shows the sign-in', async () => {
    const { vm, tokens } = setup({ token: 'old', meError: { _tag: 'Refused', status: 401, message: 'Your session has ended, please log in again.' } })
    await vm.enter()
    expect(vm.signedIn).toBe(false)
    expect(tokens.get()).toBeNull()
    expect(vm.loginError).toBe('Your staff session has ended. Sign in again.')
  })

  it('returns to sign-in and forgets the token when the staff session has ended (401)', async () => {
    const { vm, tokens } = setup({ token: 'old', dayError: { _tag: 'Refused', status: 401, message: 'Sign in again' } })
    await vm.enter()
    expect(vm.signedIn).toBe(false)
    expect(tokens.get()).toBeNull()
    expect(vm.loginError).toBe('Your staff session has ended. Sign in again.')
  })

  it("never leaves another day's bookings under the date chosen when that day cannot be read; the same day read again keeps them", async () => {
    const { vm, day } = setup({ token: 't', rota: ['Sarah'], day: [booking({})] })
    await vm.enter()
    expect(vm.columns.map((c) => [c.practitioner, c.bookings.length])).toEqual([['Sarah', 1]])
    const offline: AppError = { _tag: 'Unreachable', message: 'We could not reach the booking service. Please check your connection and try again.' }
    day.execute.mockResolvedValueOnce(E.left(offline))
    await vm.shiftDay(1)
    expect([vm.date, vm.error, vm.bookings, vm.columns]).toEqual(['2026-06-02', offline.message, [], []])
    await vm.shiftDay(-1)
    expect(vm.bookings).toHaveLength(1)
    day.execute.mockResolvedValueOnce(E.left(offline))
    await vm.load()
    expect([vm.error, vm.bookings.length, vm.columns.length]).toEqual([offline.message, 1, 1])
  })

  it('shows any other failure in place', async () => {
    const { vm } = setup({ token: 't', dayError: { _tag: 'Refused', status: 403, message: 'Not allowed' } })
    await vm.enter()
    expect(vm.signedIn).toBe(true)
    expect(vm.error).toBe('Not allowed')
  })

  it('keeps a set-password link\'s outcome to that link: another link opened without a reload starts afresh', async () => {
    const { vm, setPassword } = setup()
    vm.openPasswordLink('first')
    await vm.savePassword('first')
    expect(vm.passwordError).toBe('Enter a password.')
    vm.setNewPassword('a long new password')
    await vm.savePassword('first')
    expect(setPassword.execute).toHaveBeenCalledWith('first', 'a long new password')
    expect(vm.passwordDone('first')).toBe(true)

    vm.openPasswordLink('spent')
    expect(vm.passwordDone('spent')).toBe(false)
    vm.setNewPassword('typed for the spent link')
    await vm.savePassword('spent')
    expect(vm.passwordError).toBe('This link has expired or was already used.')

    vm.openPasswordLink('third')
    expect(vm.passwordDone('third')).toBe(false)
    expect(vm.newPassword).toBe('')
    expect(vm.passwordError).toBeUndefined()
    // the same link again (a re-render) keeps what was typed
    vm.setNewPassword('half typed')
    vm.openPasswordLink('third')
    expect(vm.newPassword).toBe('half typed')
  })
})
