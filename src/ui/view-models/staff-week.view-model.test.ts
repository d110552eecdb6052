import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { StaffWeekViewModel } from './staff-week.view-model'
import { StaffCheckoutViewModel } from './staff-checkout.view-model'
import { useCase } from './account.view-model.test-support'
import { InMemoryTokenStore } from '../../adapters/storage/in-memory.adapter'
import { ManualClock } from '../../adapters/clock/system-clock.adapter'
import type { AppError } from '../../application/failure'
import type { DayBooking } from '../../contract/admin.routes'
import { CHECKOUT_MESSAGES } from '../../domain/desk/checkout'
import type { Checkout, CheckoutBody, CreateBlockBody, CreateBlockSeriesBody, PractitionerWeek, RemoveScope, TimeBlock, WeekQuery } from '../../contract/desk-calendar.routes'

const CLINIC = 'c'.repeat(24)
const MAYA = 'b'.repeat(24)
const BOOKING = 'd'.repeat(24)

const booking: DayBooking = { id: BOOKING, start: '2026-06-03T09:00:00.000Z', end: '2026-06-03T10:00:00.000Z', status: 'Scheduled', checkedIn: false, practitioner: 'Maya', location: 'London', service: 'Facial', customer: 'Jane Doe', depositPaid: 16, paid: [{ type: 'Online', amount: 16 }], due: 64 }
const block = (over: Partial<TimeBlock> = {}): TimeBlock => ({ id: 'e'.repeat(24), type: 'Block', start: '2026-06-04T11:00:00.000Z', end: '2026-06-04T12:00:00.000Z', practitionerId: MAYA, practitioner: 'Maya', locationId: CLINIC, location: 'London', ...over })
const weekOf = (q: WeekQuery, blocks: TimeBlock[]): PractitionerWeek => ({
  practitioner: { id: MAYA, name: 'Maya' },
  from: '2026-06-01',
  to: '2026-06-07',
  hours: [{ date: '2026-06-03', start: '2026-06-03T08:00:00.000Z', end: '2026-06-03T16:00:00.000Z', locationId: CLINIC, location: 'London' }],
  breaks: [],
  daysOff: ['2026-06-05'],
  bookings: q.practitioner === MAYA ? [booking] : [],
  blocks,
})
// As the server answers: once paid in full (checked out) no deposit is refundable.
const checkoutOf = (paid: number): Checkout => ({ appointmentId: BOOKING, service: 'Facial', customer: 'Jane Doe', currency: 'GBP', price: 80, paid, balance: 80 - paid, refundableDeposit: paid === 80 ? 0 : paid, payments: [] })

function setup(options: { role?: 'admin' | 'practitioner'; blockError?: AppError } = {}) {
  const tokens = new InMemoryTokenStore()
  tokens.set('staff-token')
  const blocks: TimeBlock[] = []
  const me = useCase(async () => E.right({ id: 'a'.repeat(24), email: 'a@demo.test', displayName: 'Maya', role: options.role ?? 'admin', ...(options.role === 'practitioner' ? { practitionerId: MAYA } : {}) }))
  const locations = useCase(async () => E.right({ clinics: [{ id: CLINIC, accountName: 'London clinic', name: 'London', address: {} }] }))
  const rota = useCase(async (date: string) => E.right(date === '2026-06-03' ? [{ id: MAYA, name: 'Maya' }] : []))
  const week = useCase(async (q: WeekQuery) => E.right(weekOf(q, [...blocks])))
  const addBlock = useCase(async (body: CreateBlockBody): Promise<E.Either<AppError, TimeBlock>> => {
    if (options.blockError) return E.left(options.blockError)
    const created = block({ start: body.start, end: body.end, type: body.type, ...(body.note ? { note: body.note } : {}) })
    blocks.push(created)
    return E.right(created)
  })
  // Like the server: one block, its whole series, or it and the series' later ones.
  const removeBlock = useCase(async (id: string, scope?: RemoveScope) => {
    const target = blocks.find((b) => b.id === id)!
    const goes = (b: TimeBlock) => (scope === 'series' ? b.seriesId === target.seriesId : scope === 'following' ? b.seriesId === target.seriesId && b.start >= target.start : b.id === id)
    const gone = blocks.filter(goes)
    blocks.splice(0, blocks.length, ...blocks.filter((b) => !goes(b)))
    return E.right({ message: gone.length === 1 ? 'The block has been removed.' : `${gone.length} blocks of the series have been removed.` })
  })
  let paid = 16
  const loadCheckout = useCase(async () => E.right(checkoutOf(paid)))
  const takeBalance = useCase(async (_id: string, body: CheckoutBody): Promise<E.Either<AppError, Checkout>> => {
    const total = body.payments.reduce((s, p) => s + p.amount, 0)
    if (total !== 80 - paid) return E.left({ _tag: 'Refused', status: 400, message: 'The payments add up to less than the balance.' })
    paid = 80
    return E.right(checkoutOf(paid))
  })
  const refund = useCase(async (): Promise<E.Either<AppError, Checkout>> => {
    if (paid === 80) return E.left({ _tag: 'Refused', status: 409, message: CHECKOUT_MESSAGES.checkedOut })
    paid = 0
    return E.right(checkoutOf(0))
  })
  // Tuesday 2 June 2026, 23:30 UTC: Wednesday 3 June in London (BST)
  const clock = new ManualClock(new Date('2026-06-02T23:30:00Z'))
  const addSeries = useCase(async (body: CreateBlockSeriesBody): Promise<E.Either<AppError, TimeBlock[]>> => {
    // Every weekday from Thursday 4 June 2026 (BST) until the Tuesday after: Thu, Fri, Mon, Tue.
    const dates = ['2026-06-04', '2026-06-05', '2026-06-08', '2026-06-09'].filter((d) => d <= body.until)
    const created = dates.map((d, i) => block({ id: String(i).repeat(24), start: `${d}${body.start.slice(10)}`, end: `${d}${body.end.slice(10)}`, type: body.type, seriesId: 'f'.repeat(24) }))
    blocks.push(...created)
    return E.right(created)
  })
  const checkout = new StaffCheckoutViewModel(loadCheckout as never, takeBalance as never, refund as never)
  const vm = new StaffWeekViewModel(me as never, locations as never, rota as never, week as never, addBlock as never, removeBlock as never, checkout, tokens, clock, addSeries as never)
  return { vm, week, addBlock, addSeries, takeBalance, rota, removeBlock }
}

/** A block 13:00-13:30 every weekday from Thursday 4 June until Tuesday 9 June: Thu and Fri fall in the week shown. */
async function blockEveryWeekday(vm: StaffWeekViewModel): Promise<void> {
  await vm.enter()
  vm.openBlock('2026-06-04')
  vm.setBlock('start', '13:00')
  vm.setBlock('end', '13:30')
  vm.setBlock('repeat', 'weekday')
  vm.setBlock('until', '2026-06-09')
  await vm.saveBlock()
}

describe('StaffWeekViewModel', () => {
  it("opens this London week for the practitioner on the location's rota, a day per column, Monday first", async () => {
    const { vm, week } = setup()
    await vm.enter()
    expect(vm.date).toBe('2026-06-03')
    expect(vm.practitioners).toEqual([{ id: MAYA, name: 'Maya' }])
    expect(week.execute).toHaveBeenCalledWith({ practitioner: MAYA, date: '2026-06-03' })
    expect(vm.days.map((d) => d.date)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07'])
    const wednesday = vm.days[2]!
    expect(wednesday.bookings.map((b) => b.id)).toEqual([BOOKING])
    expect(wednesday.hours).toHaveLength(1)
    expect(vm.days[4]!.off).toBe(true)
    await vm.shiftWeek(1)
    expect(week.execute).toHaveBeenLastCalledWith({ practitioner: MAYA, date: '2026-06-10' })
  })

  it("shows a practitioner's login their own week", async () => {
    const { vm, week } = setup({ role: 'practitioner' })
    await vm.enter()
    expect(vm.practitioner).toBe(MAYA)
    expect(week.execute).toHaveBeenCalledWith({ practitioner: MAYA, date: '2026-06-03' })
  })

  it('blocks an hour typed in London time, shows it on its day, and removes it', async () => {
    const { vm, addBlock } = setup()
    await vm.enter()
    vm.openBlock('2026-06-04')
    vm.setBlock('start', '12:00')
    vm.setBlock('end', '13:00')
    vm.setBlock('note', 'Team meeting')
    await vm.saveBlock()
    expect(addBlock.execute).toHaveBeenCalledWith({ practitioner: MAYA, type: 'Block', start: '2026-06-04T11:00:00.000Z', end: '2026-06-04T12:00:00.000Z', location: CLINIC, note: 'Team meeting' })
    expect(vm.blockForm).toBeUndefined()
    expect(vm.notice).toBe('Time blocked 12:00–13:00.')
    expect(vm.days[3]!.blocks.map((b) => b.note)).toEqual(['Team meeting'])
    await vm.removeBlock(vm.days[3]!.blocks[0]!)
    expect(vm.days[3]!.blocks).toEqual([])
  })

  it('repeats a block every weekday until a date through one call, checking the series first', async () => {
    const { vm, addBlock, addSeries } = setup()
    await vm.enter()
    vm.openBlock('2026-06-04')
    expect(vm.blockForm).toMatchObject({ repeat: 'none', until: '2026-07-02' })
    vm.setBlock('type', 'Break')
    vm.setBlock('start', '13:00')
    vm.setBlock('end', '13:30')
    vm.setBlock('repeat', 'weekday')
    vm.setBlock('until', '2026-06-03')
    await vm.saveBlock()
    expect(vm.blockForm?.error).toBe('The last date of a repeating block must be on or after its first date.')
    vm.setBlock('until', '')
    await vm.saveBlock()
    expect(vm.blockForm?.error).toBe('Choose the last date the block repeats on.')
    expect(addSeries.execute).not.toHaveBeenCalled()
    vm.setBlock('until', '2026-06-09')
    await vm.saveBlock()
    expect(addBlock.execute).not.toHaveBeenCalled()
    expect(addSeries.execute).toHaveBeenCalledWith({ practitioner: MAYA, type: 'Break', start: '2026-06-04T12:00:00.000Z', end: '2026-06-04T12:30:00.000Z', location: CLINIC, every: 'weekday', until: '2026-06-09' })
    expect(vm.notice).toBe('Break blocked 13:00–13:30, 4 times until 2026-06-09.')
    expect(vm.days.map((d) => d.blocks.length)).toEqual([0, 0, 0, 1, 1, 0, 0])
  })

  it('asks before removing a block of a series: kept, this one only, or it and the following ones, or the whole series', async () => {
    const { vm, removeBlock } = setup()
    await blockEveryWeekday(vm)
    const series = (i: number) => vm.days[i]!.blocks[0]!
    // Thursday's and Friday's this week (the rest fall next week).
    expect(vm.days.map((d) => d.blocks.length)).toEqual([0, 0, 0, 1, 1, 0, 0])
    const friday = series(4)
    await vm.removeBlock(friday)
    expect(vm.removing?.id).toBe(friday.id)
    expect(removeBlock.execute).not.toHaveBeenCalled()
    vm.closeRemove()
    expect(vm.removing).toBeUndefined()
    await vm.removeBlock(friday)
    await vm.removeBlock(vm.removing!, 'following')
    expect(removeBlock.execute).toHaveBeenLastCalledWith(friday.id, 'following')
    expect(vm.removing).toBeUndefined()
    expect(vm.notice).toBe('3 blocks of the series have been removed. The time is bookable again.')
    expect(vm.days.map((d) => d.blocks.length)).toEqual([0, 0, 0, 1, 0, 0, 0])
    const thursday = series(3)
    await vm.removeBlock(thursday)
    await vm.removeBlock(vm.removing!, 'block')
    expect(removeBlock.execute).toHaveBeenLastCalledWith(thursday.id, 'block')
    expect(vm.notice).toBe('Block removed: the time is bookable again.')
    expect(vm.days.map((d) => d.blocks.length)).toEqual([0, 0, 0, 0, 0, 0, 0])
  })

  it('removes the whole series from any of its blocks', async () => {
    const { vm, removeBlock } = setup()
    await blockEveryWeekday(vm)
    const friday = vm.days[4]!.blocks[0]!
    await vm.removeBlock(friday)
    await vm.removeBlock(vm.removing!, 'series')
    expect(removeBlock.execute).toHaveBeenCalledWith(friday.id, 'series')
    expect(vm.notice).toBe('4 blocks of the series have been removed. The time is bookable again.')
    expect(vm.days.every((d) => d.blocks.length === 0)).toBe(true)
  })

  it('refuses to repeat leave over several days before asking', async () => {
    const { vm, addSeries } = setup()
    await vm.enter()
    vm.openBlock('2026-06-04')
    vm.setBlock('type', 'Leave')
    vm.setBlock('endDate', '2026-06-05')
    vm.setBlock('start', '09:00')
    vm.setBlock('end', '17:00')
    vm.setBlock('repeat', 'week')
    await vm.saveBlock()
    expect(vm.blockForm?.error).toBe('A repeating block starts and ends on the same day. Enter leave over several days on its own.')
    expect(addSeries.execute).not.toHaveBeenCalled()
  })

  it('blocks leave over several days, ending on its own date', async () => {
    const { vm, addBlock } = setup()
    await vm.enter()
    vm.openBlock('2026-06-04')
    vm.setBlock('type', 'Leave')
    vm.setBlock('date', '2026-06-05')
    expect(vm.blockForm?.endDate).toBe('2026-06-05')
    vm.setBlock('endDate', '2026-06-07')
    vm.setBlock('start', '00:00')
    vm.setBlock('end', '23:59')
    await vm.saveBlock()
    expect(addBlock.execute).toHaveBeenCalledWith(expect.objectContaining({ type: 'Leave', start: '2026-06-04T23:00:00.000Z', end: '2026-06-07T22:59:00.000Z' }))
    expect(vm.notice).toBe('Leave blocked 00:00–2026-06-07 23:59.')
  })

  it('checks the times before asking, and keeps a refusal in the dialog', async () => {
    const { vm, addBlock } = setup({ blockError: { _tag: 'Refused', status: 409, message: 'This time overlaps a booking or another block. Move or cancel it first.' } })
    await vm.enter()
    vm.openBlock('2026-06-04')
    vm.setBlock('start', '9')
    await vm.saveBlock()
    expect(vm.blockForm?.error).toBe('Enter the start and end as HH:mm.')
    vm.setBlock('start', '10:00')
    vm.setBlock('end', '09:00')
    await vm.saveBlock()
    expect(vm.blockForm?.error).toBe('The end of a block must be after its start.')
    expect(addBlock.execute).not.toHaveBeenCalled()
    vm.setBlock('end', '11:00')
    await vm.saveBlock()
    expect(vm.blockForm?.error).toBe('This time overlaps a booking or another block. Move or cancel it first.')
  })

  it('checks out a booking: the balance offered, paid in cash, the dialog showing it paid, the week read again; no deposit refund after', async () => {
    const { vm, takeBalance, week } = setup()
    await vm.enter()
    const reads = week.execute.mock.calls.length
    await vm.openCheckout(booking)
    expect(vm.checkout.checkout?.balance).toBe(64)
    expect(vm.checkout.checkoutForm).toEqual({ lines: [{ method: 'cash', amount: '64.00', voucherCode: '' }] })
    expect(vm.checkout.leftToPay).toBe(0)
    vm.checkout.setLine(0, 'amount', 'abc')
    await vm.checkout.pay()
    expect(vm.checkout.checkoutForm?.fieldError).toEqual({ line: 0, field: 'amount', message: 'Enter the amount as a number, like 20 or 19.50.' })
    expect(vm.checkout.checkoutForm?.error).toBeUndefined()
    // A number not above 0 is told so, beside the Amount field.
    vm.checkout.setLine(0, 'amount', '-5')
    await vm.checkout.pay()
    expect(vm.checkout.checkoutForm?.fieldError).toEqual({ line: 0, field: 'amount', message: 'Enter an amount above 0.' })
    expect(takeBalance.execute).not.toHaveBeenCalled()
    vm.checkout.setLine(0, 'amount', '64.00')
    expect(vm.checkout.checkoutForm?.error).toBeUndefined()
    expect(vm.checkout.checkoutForm?.fieldError).toBeUndefined()
    await vm.checkout.pay()
    expect(takeBalance.execute).toHaveBeenCalledWith(BOOKING, { payments: [{ method: 'cash', amount: 64 }] })
    expect(vm.checkout.checkout?.balance).toBe(0)
    expect(vm.notice).toBe('Paid in full: Jane Doe, Facial.')
    // Its card then shows what was paid in all, as the day view's does.
    expect(week.execute.mock.calls.length).toBe(reads + 1)
    vm.checkout.setLine(0, 'method', 'voucher')
    vm.checkout.setLine(0, 'amount', '5')
    await vm.checkout.pay()
    expect(vm.checkout.checkoutForm?.fieldError).toEqual({ line: 0, field: 'voucherCode', message: 'Enter the gift voucher code.' })
    // Paid in full: no refund offered; one asked for anyway is refused with the reason.
    expect(vm.checkout.checkout?.refundableDeposit).toBe(0)
    await vm.checkout.refundDeposit()
    expect(vm.checkout.checkoutForm?.error).toBe(CHECKOUT_MESSAGES.checkedOut)
    expect(vm.notice).toBe('Paid in full: Jane Doe, Facial.')
  })

  it('refunds the deposit of a booking not yet checked out', async () => {
    const { vm } = setup()
    await vm.enter()
    await vm.openCheckout(booking)
    expect(vm.checkout.checkout?.refundableDeposit).toBe(16)
    await vm.checkout.refundDeposit()
    expect(vm.checkout.checkout).toMatchObject({ paid: 0, balance: 80, refundableDeposit: 0 })
    expect(vm.notice).toBe('Deposit refunded.')
  })

  it('splits the bill over payment lines: what is left shown as typed, short and over refused before the server, the lines sent together', async () => {
    const { vm, takeBalance } = setup()
    await vm.enter()
    await vm.openCheckout(booking)
    vm.checkout.setLine(0, 'amount', '30')
    expect(vm.checkout.leftToPay).toBe(34)
    vm.checkout.addLine()
    expect(vm.checkout.checkoutForm?.lines[1]).toEqual({ method: 'card', amount: '34.00', voucherCode: '' })
    expect(vm.checkout.leftToPay).toBe(0)
    vm.checkout.setLine(1, 'amount', '20')
    await vm.checkout.pay()
    expect(vm.checkout.checkoutForm?.error).toBe('The payments add up to £50.00: £14.00 short of the balance of £64.00.')
    vm.checkout.addLine()
    vm.checkout.setLine(2, 'method', 'voucher')
    vm.checkout.setLine(2, 'amount', '20')
    await vm.checkout.pay()
    expect(vm.checkout.checkoutForm?.fieldError).toEqual({ line: 2, field: 'voucherCode', message: 'Enter the gift voucher code.' })
    vm.checkout.setLine(2, 'voucherCode', ' GV-7 ')
    expect(vm.checkout.leftToPay).toBe(-6)
    await vm.checkout.pay()
    expect(vm.checkout.checkoutForm?.error).toBe('The payments add up to £70.00: £6.00 more than the balance of £64.00.')
    expect(takeBalance.execute).not.toHaveBeenCalled()
    vm.checkout.setLine(1, 'amount', '14')
    await vm.checkout.pay()
    expect(takeBalance.execute).toHaveBeenCalledWith(BOOKING, { payments: [{ method: 'cash', amount: 30 }, { method: 'card', amount: 14 }, { method: 'voucher', amount: 20, voucherCode: 'GV-7' }] })
    expect(vm.checkout.checkout?.balance).toBe(0)
    expect(vm.checkout.checkoutForm?.lines).toHaveLength(1)
  })

  it('removes a payment line but keeps the last one', async () => {
    const { vm } = setup()
    await vm.enter()
    await vm.openCheckout(booking)
    vm.checkout.setLine(0, 'amount', '60')
    vm.checkout.addLine()
    expect(vm.checkout.checkoutForm?.lines.map((l) => l.amount)).toEqual(['60', '4.00'])
    vm.checkout.removeLine(0)
    expect(vm.checkout.checkoutForm?.lines.map((l) => l.amount)).toEqual(['4.00'])
    vm.checkout.removeLine(0)
    expect(vm.checkout.checkoutForm?.lines).toHaveLength(1)
    expect(vm.checkout.leftToPay).toBe(60)
  })
})
