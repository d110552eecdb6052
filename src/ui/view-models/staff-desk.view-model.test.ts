import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { addDays, clinicDateOf, StaffDeskViewModel } from './staff-desk.view-model'
import { useCase } from './account.view-model.test-support'
import { InMemoryTokenStore } from '../../adapters/storage/in-memory.adapter'
import type { AppError } from '../../application/failure'
import type { DayBooking, DayBookingsQuery } from '../../contract/admin.routes'
import { ManualClock } from '../../adapters/clock/system-clock.adapter'

const booking = (over: Partial<DayBooking>): DayBooking => ({
  id: 'b'.repeat(24),
  start: '2026-06-01T09:00:00.000Z',
  end: '2026-06-01T09:30:00.000Z',
  status: 'booked',
  checkedIn: false,
  practitioner: 'Sarah',
  location: 'London',
  service: 'Peel',
  customer: 'Jane Doe',
  depositPaid: 20,
  ...over,
})

const ADMIN = { id: 'a'.repeat(24), email: 'admin@demo.test', displayName: 'Admin', role: 'admin' as const }

function setup(options: { day?: DayBooking[]; dayError?: AppError; token?: string } = {}) {
  const tokens = new InMemoryTokenStore()
  if (options.token) tokens.set(options.token)
  const login = useCase(async (email: string, password: string): Promise<E.Either<AppError, typeof ADMIN>> => {
    if (password !== 'right') return E.left({ _tag: 'Refused', status: 401, message: 'Wrong email or password.' })
    tokens.set('staff-token')
    return E.right({ ...ADMIN, email })
  })
  const logout = useCase(async () => {
    tokens.clear()
    return E.right(undefined)
  })
  const day = useCase(async (_q: DayBookingsQuery): Promise<E.Either<AppError, DayBooking[]>> => (options.dayError ? E.left(options.dayError) : E.right(options.day ?? [])))
  const mark = useCase(async (id: string, m: 'checked-in' | 'no-show') => E.right(booking({ id, checkedIn: m === 'checked-in', status: m === 'no-show' ? 'no-show' : 'booked' })))
  const cancel = useCase(async (id: string) => E.right(booking({ id, status: 'cancelled' })))
  const setPassword = useCase(async () => E.right({ ok: true }))
  const locations = useCase(async () => E.right({ clinics: [{ id: 'c'.repeat(24), accountName: 'London clinic', name: 'London', address: {} }] }))
  const clock = new ManualClock(new Date('2026-05-31T23:30:00Z'))
  const vm = new StaffDeskViewModel(login as never, logout as never, day as never, mark as never, cancel as never, setPassword as never, locations as never, tokens, clock)
  return { vm, tokens, login, day, mark, cancel }
}

describe('StaffDeskViewModel', () => {
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
    const { vm, mark, cancel } = setup({ token: 't', day: [booking({ id })] })
    await vm.enter()
    await vm.act(id, 'checked-in')
    expect(mark.execute).toHaveBeenCalledWith(id, 'checked-in')
    expect(vm.bookings[0].checkedIn).toBe(true)
    expect(vm.notice).toBe('Checked in: Jane Doe at 10:00.')
    await vm.act(id, 'no-show')
    expect(vm.bookings[0].status).toBe('no-show')
    await vm.act(id, 'cancel')
    expect(cancel.execute).toHaveBeenCalledWith(id, false)
    expect(vm.bookings[0].status).toBe('cancelled')
  })

  it('returns to sign-in and forgets the token when the staff session has ended (401)', async () => {
    const { vm, tokens } = setup({ token: 'old', dayError: { _tag: 'Refused', status: 401, message: 'Sign in again' } })
    await vm.enter()
    expect(vm.signedIn).toBe(false)
    expect(tokens.get()).toBeNull()
    expect(vm.loginError).toBe('Your staff session has ended. Sign in again.')
  })

  it('shows any other failure in place', async () => {
    const { vm } = setup({ token: 't', dayError: { _tag: 'Refused', status: 403, message: 'Not allowed' } })
    await vm.enter()
    expect(vm.signedIn).toBe(true)
    expect(vm.error).toBe('Not allowed')
  })
})
