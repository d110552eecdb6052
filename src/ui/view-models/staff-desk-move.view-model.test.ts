// The desk's 'Move this booking' dialog through StaffDeskViewModel: a date and time in Europe/London,
// the server's refusals, the customer's other visit, and a time already past (a question first).
import { describe, expect, it } from 'vitest'
import { booking, setup } from './staff-desk.test-support'

describe('StaffDeskViewModel: moving a booking', () => {
  it('moves to a clinic date and time (Europe/London) and another practitioner, then reads the day again', async () => {
    const id = '1'.repeat(24)
    const { vm, move, day } = setup({ token: 't', day: [booking({ id })] })
    await vm.enter()
    vm.askMove(vm.bookings[0])
    expect(vm.moving).toMatchObject({ date: '2026-06-01', time: '10:00', practitioner: 'Sarah' })
    vm.setMove('time', '25:00')
    await vm.confirmMove()
    expect(vm.moving?.error).toBe('Enter a date and a time (HH:mm).')
    expect(move.execute).not.toHaveBeenCalled()
    vm.setMove('date', '2026-06-03')
    vm.setMove('time', '14:30')
    vm.setMove('practitioner', 'James')
    const reads = day.execute.mock.calls.length
    await vm.confirmMove()
    expect(move.execute).toHaveBeenCalledWith(id, '2026-06-03T13:30:00.000Z', 'James', false)
    expect(vm.moving).toBeUndefined()
    expect(vm.notice).toBe('Moved: Jane Doe to 03/06/2026 at 14:30 with James.')
    expect(day.execute.mock.calls.length).toBe(reads + 1)
  })

  it('keeps the move dialog open with the server message when the time is taken', async () => {
    const { vm } = setup({ token: 't', day: [booking({})], moveError: { _tag: 'Refused', status: 409, message: 'That time is taken.' } })
    await vm.enter()
    vm.askMove(vm.bookings[0])
    await vm.confirmMove()
    expect(vm.moving?.error).toBe('That time is taken.')
  })

  it("asks about the customer's other visit at the new time rather than failing; 'Move anyway' moves exactly what was refused", async () => {
    const clash = 'This customer already has a booking at this time: Peel with Tom, 01/06/2026 10:00–10:30 (appointment 5f0000000000000000000001).'
    const id = '1'.repeat(24)
    const { vm, move } = setup({ token: 't', day: [booking({ id })], moveError: { _tag: 'Refused', status: 409, message: clash } })
    await vm.enter()
    vm.askMove(vm.bookings[0])
    vm.setMove('time', '10:15')
    await vm.confirmMove()
    expect(vm.moving).toMatchObject({ clash, error: undefined })
    // Another time is another question: the clash goes with the change.
    vm.setMove('time', '10:20')
    expect(vm.moving?.clash).toBeUndefined()
    await vm.confirmMove()
    expect(vm.moving?.clash).toBe(clash)
    await vm.confirmMove(true)
    expect(move.execute).toHaveBeenLastCalledWith(id, '2026-06-01T09:20:00.000Z', undefined, true)
    expect(vm.moving).toBeUndefined()
    expect(vm.notice).toMatch(/^Moved: Jane Doe to 01\/06\/2026 at 10:20/)
  })

  it('warns before moving into the past and moves only once staff confirm it; the warning goes with a change of field', async () => {
    const id = '1'.repeat(24)
    const { vm, move, clock } = setup({ token: 't', day: [booking({ id })] })
    clock.set(new Date('2026-06-01T11:00:00Z')) // 12:00 in London: the 10:00 booking has started
    await vm.enter('2026-06-01')
    vm.askMove(vm.bookings[0])
    vm.setMove('time', '11:30')
    await vm.confirmMove()
    expect(move.execute).not.toHaveBeenCalled()
    expect(vm.moving).toMatchObject({ intoPast: 'asked', error: undefined })
    // Another time is looked at again: a time still to come moves without the question.
    vm.setMove('time', '12:30')
    expect(vm.moving?.intoPast).toBeUndefined()
    vm.setMove('time', '11:30')
    await vm.confirmMove()
    expect(vm.moving?.intoPast).toBe('asked')
    await vm.confirmMove(false, true)
    expect(move.execute).toHaveBeenCalledWith(id, '2026-06-01T10:30:00.000Z', undefined, false)
    expect(vm.moving).toBeUndefined()
    expect(vm.notice).toBe('Moved: Jane Doe to 01/06/2026 at 11:30 with Sarah.')
  })

  it('a time still to come moves without the question, even a minute ahead', async () => {
    const { vm, move, clock } = setup({ token: 't', day: [booking({})] })
    clock.set(new Date('2026-06-01T10:29:00Z'))
    await vm.enter('2026-06-01')
    vm.askMove(vm.bookings[0])
    vm.setMove('time', '11:30')
    await vm.confirmMove()
    expect(move.execute).toHaveBeenCalledWith('b'.repeat(24), '2026-06-01T10:30:00.000Z', undefined, false)
    expect(vm.moving).toBeUndefined()
  })

  it("a confirmed move into the past that meets the customer's other visit asks that too, and 'Move anyway' keeps the confirmation", async () => {
    const clash = 'This customer already has a booking at this time: Peel with Tom, 01/06/2026 09:00–09:30 (appointment 5f0000000000000000000001).'
    const { vm, move, clock } = setup({ token: 't', day: [booking({})], moveError: { _tag: 'Refused', status: 409, message: clash } })
    clock.set(new Date('2026-06-01T11:00:00Z'))
    await vm.enter('2026-06-01')
    vm.askMove(vm.bookings[0])
    vm.setMove('time', '09:00')
    await vm.confirmMove()
    await vm.confirmMove(false, true)
    expect(vm.moving).toMatchObject({ clash, intoPast: 'confirmed' })
    await vm.confirmMove(true)
    expect(move.execute).toHaveBeenLastCalledWith('b'.repeat(24), '2026-06-01T08:00:00.000Z', undefined, true)
    expect(vm.moving).toBeUndefined()
  })
})
