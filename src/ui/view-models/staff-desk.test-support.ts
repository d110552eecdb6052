/** The staff desk view model's tests: its use cases as fakes answering as the server does, and a manual clock. */
import * as E from 'fp-ts/Either'
import { addDays, clinicDateOf, StaffDeskViewModel } from './staff-desk.view-model'
import { useCase } from './account.view-model.test-support'
import { InMemoryTokenStore } from '../../adapters/storage/in-memory.adapter'
import type { AppError } from '../../application/failure'
import type { DayBooking, DayBookingsQuery } from '../../contract/admin.routes'
import type { BlocksQuery, TimeBlock } from '../../contract/desk-calendar.routes'
import type { StaffUser } from '../../contract/staff.routes'
import { ManualClock } from '../../adapters/clock/system-clock.adapter'
import { StaffCheckoutViewModel } from './staff-checkout.view-model'
import type { Checkout, CheckoutBody } from '../../contract/desk-calendar.routes'
import { CHECKOUT_MESSAGES } from '../../domain/desk/checkout'

export const booking = (over: Partial<DayBooking>): DayBooking => ({
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
  paid: [{ type: 'Online', amount: 20 }],
  due: 60,
  ...over,
})

const LONDON = 'c'.repeat(24)
export const block = (over: Partial<TimeBlock>): TimeBlock => ({
  id: 'k'.repeat(24),
  type: 'Break',
  start: '2026-06-01T11:00:00.000Z',
  end: '2026-06-01T12:00:00.000Z',
  practitionerId: 'p'.repeat(24),
  practitioner: 'Sarah',
  locationId: LONDON,
  location: 'London',
  ...over,
})

export const ADMIN = { id: 'a'.repeat(24), email: 'admin@demo.test', displayName: 'Admin', role: 'admin' as const }

export function setup(options: { day?: DayBooking[]; dayError?: AppError; token?: string; meError?: AppError; moveError?: AppError; rota?: string[]; blocks?: TimeBlock[]; removeError?: AppError; me?: StaffUser } = {}) {
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
  // The checkout of a £80 booking with its £20 deposit paid: the balance taken in one go.
  let paid = 20
  // The day as the server answers it: each booking with what its checkout would take now.
  const day = useCase(async (_q: DayBookingsQuery): Promise<E.Either<AppError, DayBooking[]>> => (options.dayError ? E.left(options.dayError) : E.right((options.day ?? []).map((b) => ({ ...b, due: 80 - paid })))))
  const mark = useCase(async (id: string, m: 'checked-in' | 'no-show') => E.right(booking({ id, checkedIn: m === 'checked-in', status: m === 'no-show' ? 'no-show' : 'booked' })))
  const cancel = useCase(async (id: string, chargeFee: boolean) => E.right({ ...booking({ id, status: 'cancelled' }), ...(chargeFee ? { feeCharged: 12.5 } : {}) }))
  const setPassword = useCase(async (token: string): Promise<E.Either<AppError, { ok: true }>> =>
    token === 'spent' ? E.left({ _tag: 'Refused', status: 400, message: 'This link has expired or was already used.' }) : E.right({ ok: true }))
  const locations = useCase(async () => E.right({ clinics: [{ id: 'c'.repeat(24), accountName: 'London clinic', name: 'London', address: {} }] }))
  const clock = new ManualClock(new Date('2026-05-31T23:30:00Z'))
  const me = useCase(async (): Promise<E.Either<AppError, StaffUser>> => {
    if (!options.meError) return E.right(options.me ?? ADMIN)
    tokens.clear()
    return E.left(options.meError)
  })
  const move = useCase(async (id: string, start: string, practitioner?: string, allowOverlap?: boolean): Promise<E.Either<AppError, DayBooking>> =>
    options.moveError && !allowOverlap ? E.left(options.moveError) : E.right(booking({ id, start, end: new Date(Date.parse(start) + 1_800_000).toISOString(), practitioner: practitioner ?? 'Sarah' })))
  const rota = useCase(async (_date: string, _location: string) => E.right((options.rota ?? []).map((name, i) => ({ id: String(i).repeat(24), name }))))
  let blocks = options.blocks ?? []
  const listBlocks = useCase(async (_q: BlocksQuery): Promise<E.Either<AppError, TimeBlock[]>> => E.right(blocks))
  const removeBlock = useCase(async (id: string): Promise<E.Either<AppError, { ok: true }>> => {
    if (options.removeError) return E.left(options.removeError)
    blocks = blocks.filter((b) => b.id !== id)
    return E.right({ ok: true })
  })
  // As the server answers: once paid in full (checked out) no deposit is refundable, and a refund is refused.
  const checkoutOf = (id: string): Checkout => ({ appointmentId: id, service: 'Peel', customer: 'Jane Doe', currency: 'GBP', price: 80, paid, balance: 80 - paid, refundableDeposit: paid === 80 ? 0 : 20, payments: [] })
  const loadCheckout = useCase(async (id: string) => E.right(checkoutOf(id)))
  const takeBalance = useCase(async (id: string, _body: CheckoutBody): Promise<E.Either<AppError, Checkout>> => {
    paid = 80
    return E.right(checkoutOf(id))
  })
  const refund = useCase(async (id: string): Promise<E.Either<AppError, Checkout>> =>
    paid === 80 ? E.left({ _tag: 'Refused', status: 409, message: CHECKOUT_MESSAGES.checkedOut }) : E.right({ ...checkoutOf(id), paid: 0, balance: 80, refundableDeposit: 0 }),
  )
  const checkout = new StaffCheckoutViewModel(loadCheckout as never, takeBalance as never, refund as never)
  const vm = new StaffDeskViewModel(login as never, logout as never, day as never, mark as never, cancel as never, setPassword as never, locations as never, tokens, clock, me as never, move as never, rota as never, listBlocks as never, removeBlock as never, checkout)
  return { vm, tokens, login, day, mark, cancel, me, move, rota, setPassword, clock, listBlocks, removeBlock, takeBalance }
}
